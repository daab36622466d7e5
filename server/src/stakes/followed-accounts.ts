import { PublicKey } from '@solana/web3.js';
import { QueryTypes, type Sequelize } from 'sequelize';
import { DEPOSIT_INTENT_GRACE_MS } from '@stakedesk/shared/constants';
import { stakingDestination } from '@stakedesk/shared/staking-open';
import { associatedTokenAccount } from '../chain/associated-account.js';
import type { Chain } from '../chain/chain-verifier.js';
import { loadSettings } from '../settings/settings.service.js';
import { startCursor, withCursors, type FollowedAccount } from './deposit-cursors.js';

/**
 * How often the staking wallet's other token accounts of the mint are listed again
 * (getTokenAccountsByOwner): deposits go to its associated account, which is followed always.
 */
const OTHER_ACCOUNTS_REFRESH_MS = 5 * 60_000;

type Owner = { mint: string; owner: string };

/** Per mint and owner: their other token accounts, and when they were listed (this instance's memory). */
const listed = new Map<string, { addresses: string[]; at: number }>();

/**
 * The mints and staking wallets deposits may arrive in: today's settings, and any that an intent
 * still watched was made for (its transfer goes where the intent said, whatever changed since).
 */
async function owners(sequelize: Sequelize): Promise<Owner[]> {
  const configured = stakingDestination(await loadSettings());
  const rows = await sequelize.query<{ token_contract: string; staking_wallet: string }>(
    `SELECT DISTINCT token_contract, staking_wallet FROM deposit_intents
     WHERE stake_id IS NULL AND expires_at > now() - make_interval(secs => :graceSeconds)`,
    { replacements: { graceSeconds: DEPOSIT_INTENT_GRACE_MS / 1000 }, type: QueryTypes.SELECT },
  );
  const all = [
    ...(configured ? [{ mint: configured.mint, owner: configured.stakingWallet }] : []),
    ...rows.map((row) => ({ mint: row.token_contract, owner: row.staking_wallet })),
  ];
  return [...new Map(all.map((pair) => [`${pair.mint}:${pair.owner}`, pair])).values()];
}

async function otherAccounts(chain: Chain, { mint, owner }: Owner): Promise<string[]> {
  const key = `${mint}:${owner}`;
  const known = listed.get(key);
  if (known && Date.now() - known.at < OTHER_ACCOUNTS_REFRESH_MS) return known.addresses;
  const addresses = await chain.tokenAccountsOf(owner, mint);
  listed.set(key, { addresses, at: Date.now() });
  return addresses;
}

/** The owner's token accounts of the mint: its associated account under the mint's own program, and any other it holds. */
async function accountsOf(chain: Chain, pair: Owner): Promise<FollowedAccount[]> {
  const mint = await chain.mint(pair.mint);
  if (!mint) return [];
  const associated = associatedTokenAccount(new PublicKey(pair.mint), new PublicKey(pair.owner), new PublicKey(mint.programId)).toBase58();
  const addresses = new Set([associated, ...(await otherAccounts(chain, pair))]);
  return [...addresses].map((address) => ({ address, ...pair }));
}

/**
 * Every token account whose transactions are looked at for deposits, each with a cursor: one met
 * for the first time is followed from its newest transaction on.
 */
export async function followedAccounts(sequelize: Sequelize, chain: Chain): Promise<string[]> {
  const accounts = (await Promise.all((await owners(sequelize)).map((pair) => accountsOf(chain, pair)))).flat();
  const started = await withCursors(
    sequelize,
    accounts.map((account) => account.address),
  );
  for (const account of accounts.filter((candidate) => !started.has(candidate.address))) {
    const [newest] = await chain.signaturesForAddress(account.address, 1);
    await startCursor(sequelize, account, newest?.signature ?? null);
  }
  return accounts.map((account) => account.address);
}
