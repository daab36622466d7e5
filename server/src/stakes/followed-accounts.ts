import { PublicKey } from '@solana/web3.js';
import { QueryTypes, type Sequelize } from 'sequelize';
import { DEPOSIT_INTENT_GRACE_MS } from '@stakedesk/shared/constants';
import { stakingDestination } from '@stakedesk/shared/staking-open';
import { associatedTokenAccount } from '../chain/associated-account.js';
import type { Chain } from '../chain/chain.js';
import { keptWithDatabase } from '../db/kept-with-database.js';
import { startCursor, withCursors, type FollowedAccount } from './deposit-cursors.js';
import { loadSettings } from '../settings/index.js';

/**
 * How often the staking wallet's other token accounts of the mint are listed again
 * (getTokenAccountsByOwner): deposits go to its associated account, which is followed always.
 */
const OTHER_ACCOUNTS_REFRESH_MS = 5 * 60_000;

/** Transactions a new cursor looks back through for the start of the intents already watched. */
const START_LOOKBACK = 1000;
/** Block times are the validators' estimate, in whole seconds: a new cursor starts this much earlier than the intent. */
const BLOCK_TIME_MARGIN_MS = 60_000;

type Owner = { mint: string; owner: string };

/** Per mint and owner: their other token accounts, and when they were listed (this server's memory). */
const listedBy = keptWithDatabase(() => new Map<string, { addresses: string[]; at: number }>());

/**
 * The wallets the server follows, with their mint: where deposits may arrive (today's staking
 * wallet, and any that an intent still watched was made for: its transfer goes where the intent
 * said, whatever changed since) and where payouts leave from (those and the hot wallet, whose
 * outflows the ledger checks: outflows/).
 */
async function owners(db: Sequelize, hotWallet: string | null): Promise<Owner[]> {
  const configured = stakingDestination(await loadSettings(db));
  const rows = await db.query<{ token_contract: string; staking_wallet: string }>(
    `SELECT DISTINCT token_contract, staking_wallet FROM deposit_intents
     WHERE stake_id IS NULL AND expires_at > now() - make_interval(secs => :graceSeconds)`,
    { replacements: { graceSeconds: DEPOSIT_INTENT_GRACE_MS / 1000 }, type: QueryTypes.SELECT },
  );
  const all = [
    ...(configured ? [{ mint: configured.mint, owner: configured.stakingWallet }] : []),
    ...(configured && hotWallet ? [{ mint: configured.mint, owner: hotWallet }] : []),
    ...rows.map((row) => ({ mint: row.token_contract, owner: row.staking_wallet })),
  ];
  return [...new Map(all.map((pair) => [`${pair.mint}:${pair.owner}`, pair])).values()];
}

async function otherAccounts(db: Sequelize, chain: Chain, { mint, owner }: Owner): Promise<string[]> {
  const listed = listedBy(db);
  const key = `${mint}:${owner}`;
  const known = listed.get(key);
  if (known && Date.now() - known.at < OTHER_ACCOUNTS_REFRESH_MS) return known.addresses;
  const addresses = await chain.tokenAccountsOf(owner, mint);
  listed.set(key, { addresses, at: Date.now() });
  return addresses;
}

/** The owner's token accounts of the mint: its associated account under the mint's own program, and any other it holds. */
async function accountsOf(db: Sequelize, chain: Chain, pair: Owner): Promise<FollowedAccount[]> {
  const mint = await chain.mint(pair.mint);
  if (!mint) return [];
  const associated = associatedTokenAccount(new PublicKey(pair.mint), new PublicKey(pair.owner), new PublicKey(mint.programId)).toBase58();
  const addresses = new Set([associated, ...(await otherAccounts(db, chain, pair))]);
  return [...addresses].map((address) => ({ address, ...pair, decimals: mint.decimals }));
}

/** When the oldest intent still watched for these was made, if any. */
async function oldestWatched(db: Sequelize, { mint, owner }: Owner): Promise<Date | null> {
  const [row] = await db.query<{ oldest: Date | null }>(
    `SELECT min(created_at) AS oldest FROM deposit_intents
     WHERE stake_id IS NULL AND expires_at > now() - make_interval(secs => :graceSeconds)
       AND token_contract = :mint AND staking_wallet = :owner`,
    { replacements: { graceSeconds: DEPOSIT_INTENT_GRACE_MS / 1000, mint, owner }, type: QueryTypes.SELECT },
  );
  return row?.oldest ?? null;
}

/**
 * Where a new cursor starts: at the account's newest transaction, or, when intents are already
 * watched (a server upgraded or started while holders were depositing), at the newest one from
 * before the oldest of them, within one page; null starts at the beginning of a short history.
 */
async function startingPoint(chain: Chain, address: string, since: Date | null): Promise<string | null> {
  const recent = await chain.signaturesForAddress(address, since ? START_LOOKBACK : 1);
  if (!since) return recent[0]?.signature ?? null;
  const older = recent.find((entry) => entry.blockTime !== null && entry.blockTime * 1000 < since.getTime() - BLOCK_TIME_MARGIN_MS);
  if (older) return older.signature;
  return recent.length < START_LOOKBACK ? null : recent.at(-1)!.signature;
}

/**
 * Every token account whose transactions are looked at for deposits and outflows, each with a
 * cursor: one met for the first time is followed from about now on (older transactions are the
 * reconciliation page's). `hotWallet`: PAYOUT_SIGNER's wallet, null without one.
 */
export async function followedAccounts(db: Sequelize, chain: Chain, hotWallet: string | null): Promise<FollowedAccount[]> {
  const accounts = (await Promise.all((await owners(db, hotWallet)).map((pair) => accountsOf(db, chain, pair)))).flat();
  const started = await withCursors(
    db,
    accounts.map((account) => account.address),
  );
  for (const account of accounts.filter((candidate) => !started.has(candidate.address))) {
    const since = await oldestWatched(db, account);
    await startCursor(db, account, await startingPoint(chain, account.address, since));
  }
  return accounts;
}
