import type { Sequelize } from 'sequelize';
import { ChainUnavailableError, type Chain, type SignatureInfo } from '../chain/chain.js';
import type { Logger } from '../logger.js';
import { recordOutflows, settleOutflows, type OutflowExplainers } from '../outflows/index.js';
import { withCursor, type Cursor, type FollowedAccount } from './deposit-cursors.js';
import { intentClaim, recordIntentDeposit } from './deposit-intents.service.js';
import { followedAccounts } from './followed-accounts.js';
import { intentsReferencedAmong } from './watched-intents.js';

/** The most getSignaturesForAddress answers in one call. */
const PAGE = 1000;
/**
 * Pages of an account's history one round reads, at most. A failed transaction costs nothing more
 * (listed with its error, never fetched), so 10,000 of them take 10 calls, and whatever a round
 * cannot reach is read by the next ones: nothing is ever skipped.
 */
const PAGES_PER_ROUND = 10;
/**
 * A transaction the RPC lists but cannot return yet (load-balanced providers lag a little) is
 * asked for again each round, holding the cursor before it, for this long after its block time.
 */
const UNKNOWN_TRANSACTION_PATIENCE_MS = 2 * 60_000;

/** Told of each deposit a round records, with its transaction's block time (seconds; null when the RPC gives none). */
export type DepositRecorded = (blockTime: number | null) => void;

export type FollowOptions = {
  onRecorded?: DepositRecorded;
  /** PAYOUT_SIGNER's wallet: its token accounts are followed for the outflow ledger. */
  hotWallet?: string | null;
};

/** What a round works with for one account: the treasury is every wallet the server pays from, of the account's mint. */
type Round = {
  db: Sequelize;
  chain: Chain;
  logger: Logger;
  explainers: OutflowExplainers;
  onRecorded: DepositRecorded;
  account: FollowedAccount;
  treasury: Set<string>;
};

/** What a round did for one account: the cursor to keep, transactions listed, deposits recorded, the chain failure that ended it early. */
type Reading = { cursor: Cursor; read: number; recorded: number; unavailable?: ChainUnavailableError };

/** A stretch of history, newest first, in at most `pages` calls; `complete` once it reached `until` (or the account's first transaction). */
async function readHistory(
  chain: Chain,
  address: string,
  { before, until }: { before?: string; until: string | null },
  pages: number,
): Promise<{ entries: SignatureInfo[]; complete: boolean; calls: number }> {
  const entries: SignatureInfo[] = [];
  let next = before;
  for (let calls = 1; calls <= pages; calls++) {
    const listed = await chain.signaturesForAddress(address, PAGE, { ...(until && { until }), ...(next && { before: next }) });
    entries.push(...listed);
    if (listed.length < PAGE) return { entries, complete: true, calls };
    next = listed.at(-1)!.signature;
  }
  return { entries, complete: false, calls: pages };
}

/**
 * Records the deposits a transaction proves for the watched intents whose reference it lists, once
 * (the intent's row lock and the txId's unique index): the stakes it recorded now and those it had
 * already; 'retry' while the RPC cannot verify it yet. The follower's path, and the audit's (DESIGN 19).
 */
export async function recordReferencedDeposits(
  db: Sequelize,
  chain: Chain,
  { signature, blockTime }: Pick<SignatureInfo, 'signature' | 'blockTime'>,
  accountKeys: string[],
): Promise<{ created: number[]; known: number[] } | 'retry'> {
  const found = { created: [] as number[], known: [] as number[] };
  for (const intent of await intentsReferencedAmong(db, accountKeys, blockTime)) {
    const verdict = await chain.verifyDeposit(intentClaim(intent, signature));
    if (!verdict.ok && verdict.retryable) return 'retry';
    // Anyone may list a reference in a transaction of their own: only the holder's transfer proves the deposit.
    if (!verdict.ok) continue;
    const recorded = await recordIntentDeposit(db, intent.id, signature, verdict.sender);
    if (recorded) (recorded.created ? found.created : found.known).push(recorded.stake.id);
  }
  return found;
}

/** Records the deposits the transaction proves for intents whose reference it lists; 'retry' while the RPC cannot verify it yet. */
async function depositsIn(round: Round, entry: SignatureInfo, accountKeys: string[]): Promise<number | 'retry'> {
  const found = await recordReferencedDeposits(round.db, round.chain, entry, accountKeys);
  if (found === 'retry') return 'retry';
  found.created.forEach(() => round.onRecorded(entry.blockTime));
  return found.created.length;
}

const stillExpected = ({ blockTime }: SignatureInfo) =>
  blockTime === null || Date.now() - blockTime * 1000 < UNKNOWN_TRANSACTION_PATIENCE_MS;

/**
 * Looks at one transaction of the account: what it took out of the treasury (the outflow ledger)
 * and the deposits it proves. Every successful one is fetched, even one a holder's browser
 * already posted: a deposit and a theft can share a transaction. 'retry' while the RPC lists it
 * but cannot return or verify it yet.
 */
async function lookAt(round: Round, entry: SignatureInfo): Promise<number | 'retry'> {
  if (entry.failed) return 0;
  const activity = await round.chain.tokenActivity(entry.signature);
  let found: number | 'retry' = 'retry';
  if (activity) {
    const { account, treasury } = round;
    const seen = { account, treasury, signature: entry.signature, blockTime: entry.blockTime, activity };
    await recordOutflows(round.db, round.chain, round.logger, round.explainers, seen);
    found = await depositsIn(round, entry, activity.accountKeys);
  }
  if (found !== 'retry') return found;
  if (stillExpected(entry)) return 'retry';
  round.logger.warn({ signature: entry.signature }, 'the RPC lists a transaction it never returns; left to the reconciliation page');
  return 0;
}

/** Looks at `entries` in the order given until one must wait: how many were looked at, and the deposits recorded. */
async function lookAtEach(
  round: Round,
  entries: SignatureInfo[],
): Promise<{ done: number; recorded: number; unavailable?: ChainUnavailableError }> {
  let done = 0;
  let recorded = 0;
  try {
    for (const entry of entries) {
      const found = await lookAt(round, entry);
      if (found === 'retry') break;
      recorded += found;
      done += 1;
    }
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    return { done, recorded, unavailable: error };
  }
  return { done, recorded };
}

/**
 * One round for one account. It reads back from the newest transaction to its cursor; what it
 * cannot reach within PAGES_PER_ROUND becomes the gap, read from its newest end down by the next
 * rounds, so no transaction is ever passed over unread.
 *
 * Newest first, then the gap: a deposit that lands while the follower is behind (after a flood
 * of failed transactions, say) is recorded in seconds, not after the whole backlog. While a gap
 * is open the newest transactions get one page: if more than a page arrived since the last round
 * they wait for the gap to be read (taking them then would make a second gap to keep), and the
 * rest of the budget goes to the gap. Within the newest stretch, oldest first, so a transaction
 * the RPC cannot return yet holds back only what came after it; within the gap, newest first, so
 * the gap shrinks from its top and stays one gap.
 */
async function followAccount(round: Round, cursor: Cursor): Promise<Reading> {
  const { chain, account } = round;
  let { last, gap } = cursor;
  let read = 0;
  let recorded = 0;
  const reading = (unavailable?: ChainUnavailableError): Reading => ({ cursor: { last, gap }, read, recorded, unavailable });
  try {
    const newest = await readHistory(chain, account.address, { until: last }, gap ? 1 : PAGES_PER_ROUND);
    read += newest.entries.length;
    let pagesLeft = PAGES_PER_ROUND - newest.calls;
    if (newest.complete || !gap) {
      const oldestFirst = newest.entries.reverse();
      const looked = await lookAtEach(round, oldestFirst);
      recorded += looked.recorded;
      if (looked.done > 0) {
        if (!newest.complete) gap = { before: oldestFirst[0]!.signature, until: last };
        last = oldestFirst[looked.done - 1]!.signature;
      }
      if (looked.unavailable) return reading(looked.unavailable);
      if (looked.done < oldestFirst.length) pagesLeft = 0; // one waits for the RPC: the rest of the round waits with it
    }
    if (gap && pagesLeft > 0) {
      const older = await readHistory(chain, account.address, gap, pagesLeft);
      read += older.entries.length;
      const looked = await lookAtEach(round, older.entries);
      recorded += looked.recorded;
      if (older.complete && looked.done === older.entries.length) gap = null;
      else if (looked.done > 0) gap = { ...gap, before: older.entries[looked.done - 1]!.signature };
      if (looked.unavailable) return reading(looked.unavailable);
    }
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    return reading(error);
  }
  return reading();
}

/**
 * One round of deposit detection at constant cost (DESIGN 12, 15): for each followed token account
 * of the staking wallets and the hot wallet, the transactions since its cursor (one
 * getSignaturesForAddress when nothing is new), each new successful one fetched once, matched
 * against every watched intent's reference in one query and checked for tokens leaving the
 * treasury (the outflow ledger, outflows/). Its RPC calls do not depend on the number of open
 * intents, and no per-reference history is read, so a transaction that merely lists a reference
 * hides nothing; and no cursor moves past history not read, so a flood of transactions hides
 * nothing either. Safe on several instances at once (each account's cursor is read under its row
 * lock). Returns how many deposits were recorded. `explainers` are what the books (payouts,
 * withdrawals) say of a transaction, for the outflow ledger: the composing files hand them in.
 */
export async function followDeposits(
  db: Sequelize,
  chain: Chain,
  logger: Logger,
  explainers: OutflowExplainers,
  { onRecorded = () => {}, hotWallet = null }: FollowOptions = {},
): Promise<number> {
  let recorded = 0;
  try {
    const accounts = await followedAccounts(db, chain, hotWallet);
    for (const account of accounts) {
      const treasury = new Set(accounts.filter((other) => other.mint === account.mint).map((other) => other.owner));
      const round: Round = { db, chain, logger, explainers, onRecorded, account, treasury };
      const reading = await withCursor(db, account.address, (cursor) => followAccount(round, cursor));
      recorded += reading?.recorded ?? 0;
      if (reading?.cursor.gap)
        logger.warn({ account: account.address, gap: reading.cursor.gap }, 'deposit detection is behind: older history is read next round');
      if (reading?.unavailable) throw reading.unavailable;
    }
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    logger.warn({ err: error }, 'deposits could not be looked for on chain; will look again');
  }
  await settleOutflows(db, chain, logger, explainers);
  return recorded;
}
