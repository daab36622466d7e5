import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isHolderRecords,
  owedByRecordsAt,
  rawUnitsOf,
  RECORD_SETTLE_MS,
  type RecordedStake,
  type RecordedWithdrawal,
} from './holder-records.js';

const MINT = 'Mint111111111111111111111111111111111111111';
const OTHER_MINT = 'Other11111111111111111111111111111111111111';
const STAKING = 'Staking1111111111111111111111111111111111111';
const TAKEN_AT = Date.parse('2026-11-26T12:00:00.000Z');
const snapshot = { takenAt: new Date(TAKEN_AT).toISOString(), mint: MINT, decimals: 6 };
const MIN = 60_000;
const iso = (offsetMs: number) => new Date(TAKEN_AT + offsetMs).toISOString();
const raw = (tokens: number) => BigInt(tokens) * 1_000_000n;

const stake = (id: number, over: Partial<RecordedStake> = {}): RecordedStake => ({
  id,
  amount: '400',
  rewardAmount: '40',
  status: 'active',
  createdAt: iso(-60 * MIN),
  txId: null,
  restakedFromId: null,
  tokenContract: MINT,
  stakingWallet: STAKING,
  ...over,
});
const withdrawal = (id: number, stakeId: number, over: Partial<RecordedWithdrawal> = {}): RecordedWithdrawal => ({
  id,
  stakeId,
  amount: '400',
  finalAmount: '320',
  penaltyAmount: '80',
  kind: 'early',
  status: 'pending',
  requestedAt: iso(-30 * MIN),
  processedAt: null,
  txId: null,
  tokenContract: MINT,
  stakingWallet: STAKING,
  ...over,
});
const owed = (stakes: RecordedStake[], withdrawals: RecordedWithdrawal[] = []) => owedByRecordsAt({ stakes, withdrawals }, snapshot);

describe('owedByRecordsAt: what the holder was owed when the snapshot was taken, by their own records', () => {
  it('counts amount + reward of an active or completed stake, and finalAmount of a pending withdrawal, in raw units', () => {
    expect(owed([stake(1), stake(2, { status: 'completed', amount: '100.5', rewardAmount: '0.000001' })])).toBe(raw(440) + 100_500_001n);
    expect(owed([stake(1, { status: 'pending_withdrawal' })], [withdrawal(1, 1)])).toBe(raw(320));
  });

  it('reads each stake back to what it was at takenAt: not yet made, not yet withdrawn, already paid, restaked', () => {
    // Made after the snapshot: not owed then.
    expect(owed([stake(1, { createdAt: iso(10 * MIN) })])).toBe(0n);
    // Paid out after the snapshot: owed in full then (its withdrawal was asked for after it too).
    const paidAfter = withdrawal(1, 1, {
      kind: 'full',
      finalAmount: '440',
      penaltyAmount: '0',
      status: 'completed',
      requestedAt: iso(5 * MIN),
      processedAt: iso(6 * MIN),
    });
    expect(owed([stake(1, { status: 'withdrawn' })], [paidAfter])).toBe(raw(440));
    // Asked for before, paid after: finalAmount then.
    expect(owed([stake(1, { status: 'withdrawn' })], [{ ...paidAfter, requestedAt: iso(-5 * MIN) }])).toBe(raw(440));
    expect(owed([stake(1, { status: 'withdrawn' })], [withdrawal(1, 1, { status: 'completed', processedAt: iso(5 * MIN) })])).toBe(
      raw(320),
    );
    // Paid before: nothing.
    expect(owed([stake(1, { status: 'withdrawn' })], [withdrawal(1, 1, { status: 'completed', processedAt: iso(-5 * MIN) })])).toBe(0n);
    // An early withdrawal pending at takenAt and rejected since: finalAmount then, though the stake is owed in full now.
    expect(owed([stake(1)], [withdrawal(1, 1, { status: 'rejected', processedAt: iso(5 * MIN) })])).toBe(raw(320));
    expect(owed([stake(1)], [withdrawal(1, 1, { status: 'rejected', processedAt: iso(-5 * MIN) })])).toBe(raw(440));
    // Restaked before the snapshot: the new stake is owed, the old one not.
    const restake = stake(2, { amount: '440', rewardAmount: '44', createdAt: iso(-10 * MIN), restakedFromId: 1, txId: 'restake_1' });
    expect(owed([stake(1, { status: 'withdrawn' }), restake])).toBe(raw(484));
    // Restaked after: the old one was owed.
    expect(owed([stake(1, { status: 'withdrawn' }), { ...restake, createdAt: iso(10 * MIN) }])).toBe(raw(440));
  });

  it('counts a change within a minute of takenAt at the least it can have been, either side of the snapshot', () => {
    expect(owed([stake(1, { createdAt: iso(-30_000) })])).toBe(0n);
    expect(owed([stake(1)], [withdrawal(1, 1, { requestedAt: iso(30_000) })])).toBe(raw(320));
    expect(owed([stake(1, { status: 'withdrawn' })], [withdrawal(1, 1, { status: 'completed', processedAt: iso(50_000) })])).toBe(0n);
    expect(owed([stake(1, { createdAt: iso(-RECORD_SETTLE_MS - 1) })])).toBe(raw(440));
  });

  it('counts nothing for what the records cannot place: another mint, a withdrawn stake whose end is not in them', () => {
    expect(owed([stake(1, { tokenContract: OTHER_MINT })])).toBe(0n);
    expect(owed([stake(1, { status: 'withdrawn' })])).toBe(0n);
    expect(owed([stake(1, { status: 'pending_withdrawal' })])).toBe(0n);
    // A pending withdrawal without its stake still counts while it was pending.
    expect(owed([], [withdrawal(1, 7)])).toBe(raw(320));
  });

  it('is never more than what an honest snapshot counted, whenever within a minute of takenAt it read the records, and is it when nothing changed then', () => {
    // A stake's life: made, then maybe withdrawals (each rejected but the last, which may be paid), or a restake.
    const offset = fc.integer({ min: -5 * MIN, max: 5 * MIN });
    const life = fc.record({
      created: offset,
      steps: fc.array(fc.tuple(offset, offset), { maxLength: 3 }),
      ending: fc.constantFrom('open', 'paid', 'restaked'),
      early: fc.boolean(),
      readAt: fc.integer({ min: -RECORD_SETTLE_MS, max: RECORD_SETTLE_MS }),
    });
    fc.assert(
      fc.property(life, ({ created, steps, ending, early, readAt }) => {
        // Times in order: made, then each request before its answer.
        const times = [created, ...steps.flat()].sort((a, b) => a - b);
        const finalAmount = early ? '320' : '440';
        const withdrawals: RecordedWithdrawal[] = [];
        for (let i = 0; i < steps.length; i++) {
          const last = i === steps.length - 1;
          const status = !last ? 'rejected' : ending === 'paid' ? 'completed' : ending === 'open' ? 'pending' : 'rejected';
          withdrawals.push(
            withdrawal(i + 1, 1, {
              kind: early ? 'early' : 'full',
              finalAmount,
              requestedAt: iso(times[1 + 2 * i]!),
              status,
              processedAt: status === 'pending' ? null : iso(times[2 + 2 * i]!),
            }),
          );
        }
        const lastStatus = withdrawals.at(-1)?.status;
        const restakedAt = times.at(-1)! + 1;
        const stakes = [
          stake(1, {
            createdAt: iso(times[0]!),
            status:
              lastStatus === 'completed' || ending === 'restaked'
                ? 'withdrawn'
                : lastStatus === 'pending'
                  ? 'pending_withdrawal'
                  : 'active',
          }),
          ...(ending === 'restaked'
            ? [stake(2, { createdAt: iso(restakedAt), restakedFromId: 1, amount: '440', rewardAmount: '44' })]
            : []),
        ];
        // What an honest snapshot reading at takenAt + readAt counted: the state after every change made by then.
        const changes: [number, bigint][] = [[times[0]!, raw(440)]];
        withdrawals.forEach((w) => {
          changes.push([Date.parse(w.requestedAt) - TAKEN_AT, raw(Number(finalAmount))]);
          if (w.processedAt) changes.push([Date.parse(w.processedAt) - TAKEN_AT, w.status === 'completed' ? 0n : raw(440)]);
        });
        if (ending === 'restaked') changes.push([restakedAt, 0n]);
        const counted =
          changes.filter(([at]) => at <= readAt).reduce((_, [, amount]) => amount, 0n) +
          (ending === 'restaked' && restakedAt <= readAt ? raw(484) : 0n);
        const bound = owed(stakes, withdrawals);
        expect(bound).toBeLessThanOrEqual(counted);
        // …and exactly it when nothing changed within a minute of takenAt.
        if (changes.every(([at]) => Math.abs(at) > RECORD_SETTLE_MS)) expect(bound).toBe(counted);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the records format', () => {
  it('accepts what the API lists and refuses anything else', () => {
    expect(isHolderRecords({ stakes: [stake(1)], withdrawals: [withdrawal(1, 1)] })).toBe(true);
    expect(isHolderRecords({ stakes: [{ ...stake(1), amount: '-1' }], withdrawals: [] })).toBe(false);
    expect(isHolderRecords({ stakes: [{ ...stake(1), createdAt: 'yesterday' }], withdrawals: [] })).toBe(false);
    expect(isHolderRecords({ stakes: [], withdrawals: [{ ...withdrawal(1, 1), kind: 'late' }] })).toBe(false);
    expect(isHolderRecords({ stakes: [] })).toBe(false);
    expect(isHolderRecords(null)).toBe(false);
  });

  it('turns whole tokens into raw units, down unless asked up', () => {
    expect(rawUnitsOf('400.00000000', 6)).toBe(400_000_000n);
    expect(rawUnitsOf('0.0000015', 6)).toBe(1n);
    expect(rawUnitsOf('0.0000015', 6, true)).toBe(2n);
    expect(rawUnitsOf('12', 0)).toBe(12n);
  });
});
