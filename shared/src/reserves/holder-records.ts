/**
 * The holder's own records (the stakes and withdrawals their dashboard lists) and what they imply
 * the holder was owed when a snapshot was taken, by DESIGN 14's rule: amount + reward of each
 * active or completed stake, finalAmount of each pending withdrawal, in raw units of the
 * snapshot's mint. The records say what each stake is now and when it changed; the state it was
 * in at `takenAt` is read back from those times.
 */
import type { Stake, Withdrawal } from '../api-types.js';
import { isDecimalString, parseDecimal } from '../decimal.js';
import { STAKE_STATUSES, WITHDRAWAL_STATUSES } from '../stake-status.js';

/** One of the holder's stakes as GET /api/stakes/{wallet} lists it (amounts in whole tokens, as the API gives them). */
export type RecordedStake = Pick<
  Stake,
  'id' | 'amount' | 'rewardAmount' | 'status' | 'createdAt' | 'txId' | 'restakedFromId' | 'tokenContract' | 'stakingWallet'
>;

/** One of the holder's withdrawals as GET /api/withdrawals/{wallet} lists it. */
export type RecordedWithdrawal = Pick<
  Withdrawal,
  | 'id'
  | 'stakeId'
  | 'amount'
  | 'finalAmount'
  | 'penaltyAmount'
  | 'kind'
  | 'status'
  | 'requestedAt'
  | 'processedAt'
  | 'txId'
  | 'tokenContract'
  | 'stakingWallet'
>;

/**
 * What the holder's dashboard knows of their stakes: the `records` member of a proof file.
 * `stakes` may be any of the wallet's stakes (a missing one only makes the check weaker), but
 * `withdrawals` must hold every withdrawal of each stake given, rejected ones included: a
 * withdrawal left out could make a stake look owed in full when it was owed less.
 */
export type ReservesHolderRecords = { stakes: RecordedStake[]; withdrawals: RecordedWithdrawal[] };

/**
 * How long before or after `takenAt` a record's time may be and still be on the other side of the
 * snapshot: a record's time is set just before its transaction commits, and the snapshot reads
 * what was committed when its own transaction began (clocks of several instances included).
 */
export const RECORD_SETTLE_MS = 60_000;

const isAmount = (value: unknown): value is string => typeof value === 'string' && isDecimalString(value, 255);
const isTime = (value: unknown): value is string => typeof value === 'string' && Number.isFinite(Date.parse(value));
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';

function isRecordedStake(value: unknown): value is RecordedStake {
  const s = (value ?? {}) as Partial<Record<keyof RecordedStake, unknown>>;
  return (
    isId(s.id) &&
    isAmount(s.amount) &&
    isAmount(s.rewardAmount) &&
    (STAKE_STATUSES as readonly unknown[]).includes(s.status) &&
    isTime(s.createdAt) &&
    (s.txId === null || isText(s.txId)) &&
    (s.restakedFromId === null || isId(s.restakedFromId)) &&
    isText(s.tokenContract) &&
    isText(s.stakingWallet)
  );
}

function isRecordedWithdrawal(value: unknown): value is RecordedWithdrawal {
  const w = (value ?? {}) as Partial<Record<keyof RecordedWithdrawal, unknown>>;
  return (
    isId(w.id) &&
    isId(w.stakeId) &&
    isAmount(w.amount) &&
    isAmount(w.finalAmount) &&
    isAmount(w.penaltyAmount) &&
    (w.kind === 'full' || w.kind === 'early') &&
    (WITHDRAWAL_STATUSES as readonly unknown[]).includes(w.status) &&
    isTime(w.requestedAt) &&
    (w.processedAt === null || isTime(w.processedAt)) &&
    (w.txId === null || isText(w.txId)) &&
    isText(w.tokenContract) &&
    isText(w.stakingWallet)
  );
}

/** Whether `value` is records in this form (a proof file's `records` is read through this). */
export function isHolderRecords(value: unknown): value is ReservesHolderRecords {
  const r = (value ?? {}) as Partial<Record<keyof ReservesHolderRecords, unknown>>;
  return (
    Array.isArray(r.stakes) && r.stakes.every(isRecordedStake) && Array.isArray(r.withdrawals) && r.withdrawals.every(isRecordedWithdrawal)
  );
}

/** Whole tokens (API form) to raw units, rounded down (`up` for a bound that must not fall short). */
export function rawUnitsOf(tokens: string, decimals: number, up = false): bigint {
  const { units, scale } = parseDecimal(tokens);
  if (units <= 0n) return 0n;
  if (scale <= decimals) return units * 10n ** BigInt(decimals - scale);
  const divisor = 10n ** BigInt(scale - decimals);
  return units / divisor + (up && units % divisor !== 0n ? 1n : 0n);
}

/** The records of the snapshot's mint only: a snapshot counts what is owed in the mint its reserves are held in. */
export function recordsInMint(records: ReservesHolderRecords, mint: string): ReservesHolderRecords {
  return {
    stakes: records.stakes.filter((stake) => stake.tokenContract === mint),
    withdrawals: records.withdrawals.filter((withdrawal) => withdrawal.tokenContract === mint),
  };
}

/** A change of what one stake is owed at: from `at` on (ms; NaN when the records do not say when), `owed` raw units. */
type Change = { at: number; owed: bigint };

const timeOf = (value: string | null): number => (value === null ? Number.NaN : Date.parse(value));

/**
 * How what one stake was owed changed over time, from its records: owed in full (amount + reward)
 * from its creation, its withdrawal's finalAmount while one was pending, in full again after a
 * rejection, nothing once paid out or restaked. A withdrawal whose stake is not in the records
 * counts only while it was pending.
 */
function changesOf(stake: RecordedStake | undefined, withdrawals: RecordedWithdrawal[], restakedAt: number, decimals: number): Change[] {
  const full = stake ? rawUnitsOf(stake.amount, decimals) + rawUnitsOf(stake.rewardAmount, decimals) : 0n;
  const changes: Change[] = stake ? [{ at: timeOf(stake.createdAt), owed: full }] : [];
  const sorted = [...withdrawals].sort((a, b) => timeOf(a.requestedAt) - timeOf(b.requestedAt));
  for (const withdrawal of sorted) {
    changes.push({ at: timeOf(withdrawal.requestedAt), owed: rawUnitsOf(withdrawal.finalAmount, decimals) });
    if (withdrawal.status === 'completed') changes.push({ at: timeOf(withdrawal.processedAt), owed: 0n });
    if (withdrawal.status === 'rejected') changes.push({ at: timeOf(withdrawal.processedAt), owed: full });
  }
  if (stake) {
    const ended = sorted.some((withdrawal) => withdrawal.status === 'completed') || Number.isFinite(restakedAt);
    const waiting = sorted.some((withdrawal) => withdrawal.status === 'pending');
    if (Number.isFinite(restakedAt)) changes.push({ at: restakedAt, owed: 0n });
    // Withdrawn or waiting for a withdrawal the records do not hold: it may have ended, or been owed less, at any time.
    if ((stake.status === 'withdrawn' && !ended) || (stake.status === 'pending_withdrawal' && !waiting))
      changes.push({ at: Number.NaN, owed: 0n });
  }
  return changes;
}

/**
 * The least one stake can have been owed at `takenAt`: what it was owed RECORD_SETTLE_MS before,
 * or after any change within RECORD_SETTLE_MS of it (either side of the snapshot), or after a
 * change the records give no time for.
 */
function leastOwedAt(changes: Change[], takenAt: number): bigint {
  const from = takenAt - RECORD_SETTLE_MS;
  const to = takenAt + RECORD_SETTLE_MS;
  let before = 0n;
  let latest = Number.NEGATIVE_INFINITY;
  const possible: bigint[] = [];
  for (const { at, owed } of changes) {
    if (!Number.isFinite(at) || (at > from && at <= to)) possible.push(owed);
    else if (at <= from && at >= latest) {
      before = owed;
      latest = at;
    }
  }
  return [before, ...possible].reduce((least, owed) => (owed < least ? owed : least));
}

/**
 * What the holder's records imply they were owed when the snapshot was taken, in raw units of its
 * mint: a lower bound (each stake at the least it can have been owed then), so a proven liability
 * below it is short whatever the clocks did.
 */
export function owedByRecordsAt(records: ReservesHolderRecords, snapshot: { takenAt: string; mint: string; decimals: number }): bigint {
  const { stakes, withdrawals } = recordsInMint(records, snapshot.mint);
  const takenAt = Date.parse(snapshot.takenAt);
  const restakedAt = new Map(stakes.filter((s) => s.restakedFromId !== null).map((s) => [s.restakedFromId!, timeOf(s.createdAt)]));
  const withdrawalsOf = new Map<number, RecordedWithdrawal[]>();
  for (const withdrawal of withdrawals)
    withdrawalsOf.set(withdrawal.stakeId, [...(withdrawalsOf.get(withdrawal.stakeId) ?? []), withdrawal]);
  const stakeById = new Map(stakes.map((stake) => [stake.id, stake]));
  let owed = 0n;
  for (const id of new Set([...stakeById.keys(), ...withdrawalsOf.keys()])) {
    const changes = changesOf(stakeById.get(id), withdrawalsOf.get(id) ?? [], restakedAt.get(id) ?? Number.NaN, snapshot.decimals);
    owed += leastOwedAt(changes, takenAt);
  }
  return owed;
}
