import { describe, expect, it } from 'vitest';
import { english } from '../i18n/catalogue.js';
import { checkReservesOnChain, type ReservesChainCheck } from './chain-check.js';
import { RESERVES_CHECK_FAILURE_CODES } from './check-failure.js';
import { DEFAULT_MAX_TRANSACTIONS, UNRECORDED_DEPOSIT_GRACE_MS } from './holder-deposits.js';
import type { ReservesHolderRecords } from './holder-records.js';
import { ANCHOR_DELAY_MAX_MS } from './anchor-check.js';
import { MINUTE, raw, TAKEN_AT, world, type World } from './test/world.js';

/** The check as the dashboard runs it: the snapshot, the holder's verified proof, their records, through their endpoint. */
async function check(
  w: World,
  made: ReturnType<World['snapshot']>,
  records: ReservesHolderRecords | 'none' = w.records,
  maxTransactions?: number,
) {
  const result = await checkReservesOnChain({
    snapshot: made.snapshot,
    proof: made.proof,
    rpc: w.chain.rpc,
    records: records === 'none' ? undefined : records,
    maxTransactions,
  });
  // Whatever it says is a code a holder's browser may report.
  for (const finding of result.findings) if (finding.reason) expect(RESERVES_CHECK_FAILURE_CODES).toContain(finding.reason.code);
  return result;
}

/** Each finding that did not pass: its check, how it ended and what it says. */
const misses = (result: ReservesChainCheck) =>
  result.findings.filter((f) => f.status !== 'passed').map((f) => ({ check: f.check, status: f.status, says: english(f.reason!) }));

/** A holder who staked 400 an hour before the snapshot and 100 a day before, paid back nothing: owed 550 then. */
function honestWorld() {
  const w = world();
  w.stake(100, -24 * 60);
  w.stake(400, -60);
  return w;
}

describe('checkReservesOnChain: an honest operator passes', () => {
  it('passes the snapshot that counts what the records and the chain say, and says what it read', async () => {
    const w = honestWorld();
    const made = w.snapshot(raw(550));
    const result = await check(w, made);
    expect(misses(result)).toEqual([]);
    expect(result).toMatchObject({
      status: 'passed',
      failure: null,
      liability: raw(550),
      owedByRecords: raw(550),
      reservesOnChain: raw(1_000_500 + 321),
      anchor: { signature: made.anchorSignature, signer: w.hot, slot: made.snapshot.slot },
      deposits: { deposited: raw(500), paidBack: 0n, penalties: 0n, owed: raw(500), complete: true, sure: true },
    });
    expect(result.findings.map((f) => f.check)).toEqual([
      'snapshot',
      'anchor',
      'memo',
      'signer',
      'slot',
      'takenAt',
      'reserve',
      'reserve',
      'coverage',
      'records',
      'deposits',
    ]);
  });

  it('passes after an early unstake paid with its penalty, a full one paid with its reward, and one pending', async () => {
    const w = world();
    const early = w.stake(400, -3 * 60);
    w.withdraw(early, -2 * 60, { early: true, paidAt: -119 });
    const full = w.stake(200, -5 * 60);
    w.withdraw(full, -90, { paidAt: -89 });
    const pending = w.stake(100, -4 * 60);
    w.withdraw(pending, -30, { early: true });
    // Owed then: the pending withdrawal's 80. On chain: 700 in, 320 + 220 out, penalties 80 + 20.
    const result = await check(w, w.snapshot(raw(80)));
    expect(misses(result)).toEqual([]);
    expect(result.deposits).toMatchObject({ deposited: raw(700), paidBack: raw(540), penalties: raw(100), owed: raw(60) });
  });

  it('passes a payout from a hot wallet no longer in the reserves, named by the records', async () => {
    const w = world();
    const staked = w.stake(400, -3 * 60);
    const formerHot = w.stranger();
    w.withdraw(staked, -2 * 60, { paidAt: -119, payer: formerHot });
    const result = await check(w, w.snapshot(0n));
    expect(misses(result)).toEqual([]);
    expect(result.deposits).toMatchObject({ deposited: raw(400), paidBack: raw(440) });
  });

  it('passes a payout the records name that went to an account no longer the holder’s (an owner resolved it as paid)', async () => {
    const w = world();
    const staked = w.stake(400, -3 * 60);
    const txId = w.move(w.stakingAccount, w.stranger(), raw(440), -119, w.staking);
    w.withdraw(staked, -2 * 60);
    Object.assign(w.records.withdrawals[0]!, { status: 'completed', processedAt: new Date(TAKEN_AT - 60 * MINUTE).toISOString(), txId });
    staked.status = 'withdrawn';
    const result = await check(w, w.snapshot(0n));
    expect(misses(result)).toEqual([]);
    expect(result.deposits).toMatchObject({ deposited: raw(400), paidBack: raw(440) });
  });

  it('passes a deposit the server recorded after the snapshot, and one it had not recorded yet within the grace', async () => {
    const w = world();
    w.stake(400, -2, { createdAt: new Date(Date.parse('2026-11-26T12:05:00.000Z')).toISOString() });
    // Landed 30 minutes before, not a stake (yet): counted only past UNRECORDED_DEPOSIT_GRACE_MS.
    w.move(w.holderAccount, w.stakingAccount, raw(50), -30, w.holder);
    const result = await check(w, w.snapshot(0n));
    expect(misses(result)).toEqual([]);
    expect(result.deposits?.deposited).toBe(0n);
  });

  it('does not count what the holder received from strangers, nor what moved between the holder and strangers', async () => {
    const w = honestWorld();
    const stranger = w.stranger();
    w.move(stranger, w.holderAccount, raw(1_000), -20, w.owners.get(stranger)!);
    w.move(w.holderAccount, stranger, raw(300), -10, w.holder);
    const result = await check(w, w.snapshot(raw(550)));
    expect(result.status).toBe('passed');
    expect(result.deposits).toMatchObject({ deposited: raw(500), paidBack: 0n });
  });
});

describe('checkReservesOnChain: what a dishonest operator tries', () => {
  it('fails a leaf shrunk to 1 raw unit, against the records and against the deposits on chain', async () => {
    const w = honestWorld();
    const result = await check(w, w.snapshot(1n));
    expect(result.status).toBe('failed');
    expect(misses(result)).toEqual([
      {
        check: 'records',
        status: 'failed',
        says: 'The snapshot counts 1 raw units for you, less than the 550000000 raw units your stakes and pending withdrawals came to when it was taken',
      },
      {
        check: 'deposits',
        status: 'failed',
        says: 'The snapshot counts 1 raw units for you, less than the 500000000 raw units your deposits on chain came to when it was taken, after what you were paid back and your penalties',
      },
    ]);
    expect(result.failure?.reason?.code).toBe('reservesBelowRecords');
  });

  it('fails a shrunk leaf on the chain alone when the records hide the stake too', async () => {
    const w = world();
    // Deposited two hours before; the operator's records (and the leaf) leave it out.
    w.stake(400, -2 * 60);
    const hidden: ReservesHolderRecords = { stakes: [], withdrawals: [] };
    const result = await check(w, w.snapshot(0n), hidden);
    expect(misses(result)).toEqual([
      expect.objectContaining({
        check: 'deposits',
        status: 'failed',
        says: expect.stringContaining('less than the 400000000 raw units your deposits'),
      }),
    ]);
  });

  it('fails an anchor with two memos, the root and another, and one whose only memo is another root', async () => {
    const w = honestWorld();
    const two = await check(w, w.snapshot(raw(550), { memos: (root) => [root, 'ef'.repeat(32)] }));
    expect(misses(two)).toEqual([
      { check: 'memo', status: 'failed', says: 'The anchor transaction carries 2 memos: it must carry exactly one, the root' },
    ]);
    const other = await check(w, w.snapshot(raw(550), { memos: () => ['ef'.repeat(32)] }));
    expect(misses(other)).toEqual([{ check: 'memo', status: 'failed', says: "The anchor transaction's memo is not the snapshot's root" }]);
    // A second memo written by a program the anchor calls counts too.
    const inner = await check(w, w.snapshot(raw(550), { innerMemos: ['ef'.repeat(32)] }));
    expect(misses(inner)).toEqual([
      { check: 'memo', status: 'failed', says: 'The anchor transaction carries 2 memos: it must carry exactly one, the root' },
    ]);
  });

  it('fails a snapshot listing the same reserve account twice, before reading anything', async () => {
    const w = honestWorld();
    const made = w.snapshot(raw(550), { reserves: (listed) => [...listed, listed[1]!] });
    const result = await check(w, made);
    expect(misses(result)).toEqual([
      {
        check: 'snapshot',
        status: 'failed',
        says: `The snapshot lists the reserve token account ${w.hotAccount} more than once, so its balance would count twice`,
      },
    ]);
    expect(w.chain.calls).toEqual([]);
  });

  it('fails a snapshot dated after its anchor, and cannot vouch for a date long before it', async () => {
    const w = honestWorld();
    const after = await check(w, w.snapshot(raw(550), { anchoredAfter: -5 }));
    expect(misses(after)).toEqual([expect.objectContaining({ check: 'takenAt', status: 'failed' })]);
    const late = await check(w, w.snapshot(raw(550), { anchoredAfter: ANCHOR_DELAY_MAX_MS / MINUTE + 60 }));
    expect(misses(late)).toEqual([
      {
        check: 'takenAt',
        status: 'incomplete',
        says: 'The anchor landed 49 hours after the time the snapshot states: that time cannot be checked',
      },
    ]);
    expect(late.status).toBe('incomplete');
  });

  it('fails a deposit never recorded as a stake, once past the grace', async () => {
    const w = honestWorld();
    w.move(w.holderAccount, w.stakingAccount, raw(100), -(UNRECORDED_DEPOSIT_GRACE_MS / MINUTE) - 5, w.holder);
    const result = await check(w, w.snapshot(raw(550)));
    expect(misses(result)).toEqual([expect.objectContaining({ check: 'deposits', status: 'failed' })]);
  });
});

describe('checkReservesOnChain: what it cannot judge is said, never passed', () => {
  it('says an anchor not finalized yet, and fails one the chain does not have', async () => {
    const w = honestWorld();
    const made = w.snapshot(raw(550));
    w.chain.unfinalized.add(made.anchorSignature);
    const pending = await check(w, made);
    expect(pending.status).toBe('incomplete');
    expect(misses(pending)).toEqual([
      {
        check: 'anchor',
        status: 'incomplete',
        says: `The anchor transaction ${made.anchorSignature} is not finalized yet: check again in a minute`,
      },
    ]);
    const unknown = w.newSignature();
    const missing = await check(w, { ...made, snapshot: { ...made.snapshot, anchorSignature: unknown } });
    expect(misses(missing)).toEqual([{ check: 'anchor', status: 'failed', says: `The anchor transaction ${unknown} is not on chain` }]);
  });

  it('says a snapshot not anchored yet, until 48 hours after it was taken, and fails it then', async () => {
    const w = honestWorld();
    const made = w.snapshot(raw(550));
    const unanchored = { snapshot: { ...made.snapshot, anchorSignature: null }, proof: made.proof, rpc: w.chain.rpc, records: w.records };
    const soon = await checkReservesOnChain({ ...unanchored, now: TAKEN_AT + 5 * MINUTE });
    expect(misses(soon)).toEqual([{ check: 'anchor', status: 'incomplete', says: 'The snapshot is not anchored on chain yet' }]);
    const late = await checkReservesOnChain({ ...unanchored, now: TAKEN_AT + ANCHOR_DELAY_MAX_MS + MINUTE });
    expect(misses(late)).toEqual([{ check: 'anchor', status: 'failed', says: 'The snapshot is not anchored on chain yet' }]);
  });

  it('says a shortfall against the chain cannot be judged without records, and passes without them when there is none', async () => {
    const w = world();
    const early = w.stake(400, -3 * 60);
    w.withdraw(early, -2 * 60, { early: true, paidAt: -119 });
    const result = await check(w, w.snapshot(0n), 'none');
    expect(misses(result)).toEqual([
      {
        check: 'deposits',
        status: 'incomplete',
        says: expect.stringContaining('come to 80000000 raw units, more than the 0 the snapshot counts for you; without your records'),
      },
    ]);
    const honest = honestWorld();
    expect((await check(honest, honest.snapshot(raw(550)), 'none')).status).toBe('passed');
  });

  it('reads at most maxTransactions: says so when that was not all, and still fails a shortfall in what it read', async () => {
    const w = honestWorld();
    for (let i = 0; i < 5; i++) w.move(w.holderAccount, w.stranger(), 1n, -10 + i, w.holder);
    const truncated = await check(w, w.snapshot(raw(550)), w.records, 4);
    expect(misses(truncated)).toEqual([
      {
        check: 'deposits',
        status: 'incomplete',
        says: expect.stringMatching(
          /^Only the latest 4 transactions of your token accounts were read: deposits before slot \d+ were not compared/,
        ),
      },
    ]);
    expect(w.chain.calls.filter((call) => call === 'getTransaction')).toHaveLength(1 + 4);

    // Read back to the 400 deposited three hours before (the records hide it): short of it, whatever came before.
    const shrunk = world();
    shrunk.stake(100, -24 * 60);
    shrunk.stake(400, -3 * 60);
    shrunk.move(shrunk.holderAccount, shrunk.stranger(), 1n, -10, shrunk.holder);
    const result = await check(shrunk, shrunk.snapshot(raw(100)), { stakes: [], withdrawals: [] }, 2);
    expect(result.deposits).toMatchObject({ complete: false, sure: true });
    expect(misses(result)).toEqual([expect.objectContaining({ check: 'deposits', status: 'failed' })]);
    expect(DEFAULT_MAX_TRANSACTIONS).toBeGreaterThanOrEqual(100);
  });

  it('does not fail a shortfall when a payout the records name could not be read', async () => {
    const w = world();
    const staked = w.stake(400, -3 * 60);
    const paid = w.withdraw(staked, -2 * 60, { paidAt: -119 });
    w.chain.pruned.add(paid.txId!);
    const result = await check(w, w.snapshot(0n));
    expect(misses(result)).toEqual([expect.objectContaining({ check: 'deposits', status: 'incomplete' })]);
    expect(result.failure?.reason?.code).toBe('reservesDepositsUnsure');
  });

  it('says records in another form were not compared', async () => {
    const w = honestWorld();
    const result = await check(w, w.snapshot(raw(550)), { stakes: [{ id: 'one' }] } as unknown as ReservesHolderRecords);
    expect(misses(result)).toEqual([
      {
        check: 'records',
        status: 'incomplete',
        says: 'The records in the proof file are not in the form the dashboard writes: they were not compared',
      },
    ]);
  });
});
