/**
 * The second lower bound of what a holder was owed when a snapshot was taken, from the chain
 * alone: what their wallet deposited to the operator's wallets, less what those wallets paid it
 * back, less the penalties of its early unstakes. Read from the holder's own token accounts'
 * history through the holder's endpoint (getSignaturesForAddress, then getTransaction of each).
 *
 * How each case keeps an honest operator passing (DESIGN 12: a stake records what the staking
 * wallet received, a payout makes the holder receive exactly finalAmount, so transfer fees cancel):
 * - a deposit counts what the operator's wallets received from the holder's wallet in that
 *   transaction, and only when the snapshot surely knew it: its stake was recorded
 *   RECORD_SETTLE_MS before `takenAt`, or it landed UNRECORDED_DEPOSIT_GRACE_MS before that;
 * - a payout counts what the holder's wallet received from the operator's wallets (staking
 *   wallets, earlier ones, the hot wallet), up to RECORD_SETTLE_MS after; in a transaction a
 *   completed withdrawal of the records names, what it received from anyone (a hot wallet no longer
 *   listed) or what the operator's wallets sent for it (to an account that changed hands);
 * - restakes move nothing on chain and only raise what is owed; rewards only raise it;
 * - penalties: each early withdrawal of the records pending or paid by then (a rejected one while
 *   it was pending) counts its penaltyAmount, rounded up. Without records they are unknown, so a
 *   shortfall cannot be judged (the caller says so rather than failing).
 * Reading less only lowers the bound (a window of the newest history is a bound of its own: every
 * stake deposited in it is owed at takenAt or was paid back in it), except a payout the window
 * should hold but could not read: then a shortfall is not `sure`.
 */
import type { ReservesSnapshot } from './snapshot.js';
import { readChainTransaction, type ChainTransaction } from './chain-transaction.js';
import { RECORD_SETTLE_MS, rawUnitsOf, recordsInMint, type ReservesHolderRecords } from './holder-records.js';
import type { JsonRpc } from './json-rpc.js';

/** A deposit the server has not recorded as a stake after this long is one it should have counted (the follower records one within seconds). */
export const UNRECORDED_DEPOSIT_GRACE_MS = 3_600_000;
/** How many transactions a check reads by default (getTransaction calls); the standalone verifier can read more. */
export const DEFAULT_MAX_TRANSACTIONS = 200;
const MAX_TOKEN_ACCOUNTS = 10;
const SIGNATURES_PER_PAGE = 1000;
const MAX_SIGNATURE_PAGES = 5;
const PARALLEL_READS = 4;
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

export type DepositsReading = {
  /** Raw units the operator's wallets received from the holder's wallet, counted as above. */
  deposited: bigint;
  /** Raw units the holder's wallet received back. */
  paidBack: bigint;
  /** Raw units of early-unstake penalties in the records. */
  penalties: bigint;
  /** deposited - paidBack - penalties: what the holder was owed at least (negative once rewards were paid). */
  owed: bigint;
  transactionsRead: number;
  /** Every transaction of the holder's token accounts up to the snapshot was read; otherwise those after `sinceSlot` only. */
  complete: boolean;
  sinceSlot: number | null;
  /** False when a payout may have been left unread (a transaction the records name, a token account past the limit): a shortfall is then not proof. */
  sure: boolean;
};

type SignatureEntry = { signature: string; slot: number; err: unknown; blockTime: number | null };

async function holderTokenAccounts(rpc: JsonRpc, wallet: string, mint: string): Promise<string[]> {
  const answer = (await rpc('getTokenAccountsByOwner', [
    wallet,
    { mint },
    { encoding: 'base64', dataSlice: { offset: 0, length: 0 }, commitment: 'finalized' },
  ])) as { value?: { pubkey?: unknown }[] } | null;
  return (answer?.value ?? []).map((entry) => entry.pubkey).filter((pubkey): pubkey is string => typeof pubkey === 'string');
}

/** The account's signatures, newest first, up to MAX_SIGNATURE_PAGES pages; `exhausted` when that reached its first one. */
async function signaturesOf(rpc: JsonRpc, account: string): Promise<{ entries: SignatureEntry[]; exhausted: boolean }> {
  const entries: SignatureEntry[] = [];
  for (let page = 0; page < MAX_SIGNATURE_PAGES; page++) {
    const before = entries.at(-1)?.signature;
    const answer = await rpc('getSignaturesForAddress', [
      account,
      { limit: SIGNATURES_PER_PAGE, commitment: 'finalized', ...(before ? { before } : {}) },
    ]);
    const found = (Array.isArray(answer) ? answer : []) as Partial<SignatureEntry>[];
    for (const { signature, slot, err, blockTime } of found)
      if (typeof signature === 'string' && typeof slot === 'number')
        entries.push({ signature, slot, err: err ?? null, blockTime: typeof blockTime === 'number' ? blockTime : null });
    if (found.length < SIGNATURES_PER_PAGE) return { entries, exhausted: true };
  }
  return { entries, exhausted: false };
}

/** Each signature's transaction (finalized), a few at a time; null where the endpoint does not have it. */
async function transactionsOf(rpc: JsonRpc, signatures: string[]): Promise<(ChainTransaction | null)[]> {
  const read: (ChainTransaction | null)[] = [];
  for (let at = 0; at < signatures.length; at += PARALLEL_READS) {
    const batch = signatures.slice(at, at + PARALLEL_READS).map(async (signature) => {
      const found = await rpc('getTransaction', [
        signature,
        { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'finalized' },
      ]);
      return found === null ? null : readChainTransaction(found);
    });
    read.push(...(await Promise.all(batch)));
  }
  return read;
}

const least = (...values: bigint[]): bigint => values.reduce((a, b) => (b < a ? b : a));
const greatest = (...values: bigint[]): bigint => values.reduce((a, b) => (b > a ? b : a));

/** What `owners`' token accounts of `mint` gained (negative: lost) in `transaction`. */
function gainOf(transaction: ChainTransaction, mint: string, owners: (owner: string | undefined) => boolean): bigint {
  let gain = 0n;
  for (const change of transaction.tokenBalances.values())
    if (change.mint === mint && owners(change.owner)) gain += change.after - change.before;
  return gain;
}

export type DepositsInput = {
  rpc: JsonRpc;
  /** The holder's wallet (the proof's). */
  wallet: string;
  snapshot: Pick<ReservesSnapshot, 'takenAt' | 'mint' | 'decimals' | 'reserves'>;
  records?: ReservesHolderRecords;
  maxTransactions?: number;
};

export async function readHolderDeposits({
  rpc,
  wallet,
  snapshot,
  records,
  maxTransactions = DEFAULT_MAX_TRANSACTIONS,
}: DepositsInput): Promise<DepositsReading> {
  const { mint, decimals } = snapshot;
  const takenAt = Date.parse(snapshot.takenAt);
  const mine = records ? recordsInMint(records, mint) : { stakes: [], withdrawals: [] };
  const operators = new Set([
    ...snapshot.reserves.map((reserve) => reserve.wallet),
    ...mine.stakes.map((stake) => stake.stakingWallet),
    ...mine.withdrawals.map((withdrawal) => withdrawal.stakingWallet),
  ]);
  operators.delete(wallet);
  const recordedDeposits = new Map(
    mine.stakes.filter((stake) => SIGNATURE.test(stake.txId ?? '')).map((stake) => [stake.txId!, Date.parse(stake.createdAt)]),
  );
  // Each payout transaction the records name, with the finalAmount of the withdrawals it completed.
  const recordedPayouts = new Map<string, bigint>();
  for (const w of mine.withdrawals)
    if (w.status === 'completed' && SIGNATURE.test(w.txId ?? ''))
      recordedPayouts.set(w.txId!, (recordedPayouts.get(w.txId!) ?? 0n) + rawUnitsOf(w.finalAmount, decimals));

  // The window: the newest history of every token account the wallet holds, back to where each listing stopped.
  const accounts = await holderTokenAccounts(rpc, wallet, mint);
  let sure = accounts.length <= MAX_TOKEN_ACCOUNTS;
  const listings = await Promise.all(accounts.slice(0, MAX_TOKEN_ACCOUNTS).map((account) => signaturesOf(rpc, account)));
  let cutoff = Math.max(-1, ...listings.filter((l) => !l.exhausted).map((l) => l.entries.at(-1)?.slot ?? -1));
  const seen = new Map<string, SignatureEntry>();
  for (const { entries } of listings) for (const entry of entries) seen.set(entry.signature, entry);
  let window = [...seen.values()]
    .filter((e) => e.err === null && e.slot > cutoff && (e.blockTime === null || e.blockTime * 1000 <= takenAt + RECORD_SETTLE_MS))
    .sort((a, b) => b.slot - a.slot);
  if (window.length > maxTransactions) {
    cutoff = window[maxTransactions]!.slot;
    window = window.filter((entry) => entry.slot > cutoff);
  }
  const inWindow = new Set(window.map((entry) => entry.signature));
  // What the records name that the listing did not: payouts first (each one lowers the bound).
  const named = [...recordedPayouts.keys(), ...recordedDeposits.keys()].filter((signature) => !inWindow.has(signature));
  const room = Math.max(0, maxTransactions - window.length);
  if (named.slice(room).some((signature) => recordedPayouts.has(signature))) sure = false;
  const read = await transactionsOf(rpc, [...window.map((entry) => entry.signature), ...named.slice(0, room)]);

  let deposited = 0n;
  let paidBack = 0n;
  const settled = takenAt - RECORD_SETTLE_MS;
  read.forEach((transaction, index) => {
    if (transaction === null) {
      // Listed but not served (a pruned node): it may be a payout.
      if (index < window.length || recordedPayouts.has(named[index - window.length]!)) sure = false;
      return;
    }
    if (!transaction.succeeded || transaction.slot <= cutoff) return;
    const holderGain = gainOf(transaction, mint, (owner) => owner === wallet);
    const operatorGain = gainOf(transaction, mint, (owner) => owner !== undefined && operators.has(owner));
    const at = transaction.blockTime === null ? null : transaction.blockTime * 1000;
    if (holderGain < 0n && operatorGain > 0n && at !== null) {
      const recordedAt = recordedDeposits.get(transaction.signature) ?? Number.NaN;
      if (at + UNRECORDED_DEPOSIT_GRACE_MS < settled || (at < settled && recordedAt < settled))
        deposited += least(-holderGain, operatorGain);
    }
    if (at === null || at <= takenAt + RECORD_SETTLE_MS) {
      const received = holderGain > 0n ? holderGain : 0n;
      const sent = operatorGain < 0n ? -operatorGain : 0n;
      // A transfer from the operator's wallets to the holder's; a payout the records name counts whoever sent it,
      // and what the operator's wallets sent for it wherever it went (an account that changed hands, resolved as paid).
      let credit = least(received, sent);
      const completed = recordedPayouts.get(transaction.signature);
      if (completed !== undefined) credit = greatest(credit, received, least(sent, completed));
      paidBack += credit;
    }
  });

  const penalties = mine.withdrawals
    .filter((w) => w.kind === 'early' && Date.parse(w.requestedAt) < takenAt + RECORD_SETTLE_MS)
    .filter((w) => w.status !== 'rejected' || w.processedAt === null || Date.parse(w.processedAt) > settled)
    .reduce((sum, w) => {
      const penalty = rawUnitsOf(w.penaltyAmount, decimals, true);
      const amount = rawUnitsOf(w.amount, decimals, true);
      return sum + least(penalty, amount);
    }, 0n);

  return {
    deposited,
    paidBack,
    penalties,
    owed: deposited - paidBack - penalties,
    transactionsRead: read.filter((transaction) => transaction !== null).length,
    complete: cutoff === -1 && accounts.length <= MAX_TOKEN_ACCOUNTS,
    sinceSlot: cutoff === -1 ? null : cutoff + 1,
    sure,
  };
}
