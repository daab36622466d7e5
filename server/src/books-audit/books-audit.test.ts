import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { AdminSettings, AuditDifference, AuditPayoutHold, BooksAudit, Stake, Withdrawal } from '@stakedesk/shared/api-types';
import type { AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import { createLogger } from '../logger.js';
import { openPayoutSigner } from '../signer/open-payout-signer.js';
import { ageStake } from '../test/fixtures.js';
import { startPayoutWorld, tokens, type PayoutWorld } from '../test/payout-world.js';
import { waitUntil } from '../test/second-instance.js';
import { ADMIN, STEP_UP } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { auditedBooks } from '../audited-books.js';
import { auditIfRestored } from './index.js';
import { detectRestore } from './restore-detection.js';

// The books against the chain (DESIGN 19) on the test chain (the real token program): a database
// altered by hand, and one "restored" to before a payout, are found out, and nothing pays twice.
const hot = Keypair.generate();
const keyDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-hot-'));
const keyFile = path.join(keyDir, 'hot.json');
writeFileSync(keyFile, JSON.stringify(Array.from(hot.secretKey)), { mode: 0o600 });
const logger = createLogger('silent');

let world: PayoutWorld;

beforeAll(async () => {
  world = await startPayoutWorld({ payoutSigner: openPayoutSigner(`keyfile:${keyFile}`)!, allowPrivateRpc: true });
  await world.chain.airdrop(hot.publicKey, 10_000_000_000);
  await world.chain.mintTo(world.mint, hot.publicKey, tokens(50_000));
}, 60_000);
afterAll(async () => {
  await world.close();
  rmSync(keyDir, { recursive: true, force: true });
});

const sql = (query: string, replacements: Record<string, unknown> = {}) => world.api.db.query(query, { replacements });

const startAudit = (token = world.token) => world.api.request<{ audit: BooksAudit }>('POST', '/api/admin/audits', undefined, token);
const readAudit = (id: number | string, token = world.token) =>
  world.api.request<{ audit: BooksAudit }>('GET', `/api/admin/audits/${id}`, undefined, token);

async function auditEnded(id: number): Promise<BooksAudit> {
  await waitUntil(async () => (await readAudit(id)).body.audit.status !== 'running', 30_000, `audit ${id} ended`);
  return (await readAudit(id)).body.audit;
}

/** An owner's audit, run to its end. */
async function audit(): Promise<BooksAudit> {
  const started = await startAudit();
  expect(started.status).toBe(202);
  const ended = await auditEnded(started.body.audit.id);
  expect(ended).toMatchObject({ status: 'finished', reason: 'owner', failure: null });
  return ended;
}

const about = (found: BooksAudit, signature: string) => found.differences.filter((difference) => difference.signature === signature);

/** A withdrawal paid through the panel's path (prepared, signed by the staking wallet, sent and followed to completion). */
async function paidWithdrawal(staked = 1000) {
  const { withdrawal, holder } = await world.pendingWithdrawal(staked);
  const prepared = await world.prepare([withdrawal.id]);
  expect(prepared.status).toBe(201);
  const sent = await world.postSigned(prepared.body.id, world.sign(prepared.body));
  const payout = await world.followUntilEnded(sent.body.id);
  expect(payout.status).toBe('completed');
  return { withdrawal, holder, payout, signature: payout.signature! };
}

const POLICY: AutoPayoutPolicy = {
  enabled: true,
  maxPerWithdrawal: '1000',
  maxPer24h: '100000',
  minHotBalance: '100',
  newWalletDelayHours: 0,
};

async function setPolicy(policy: Partial<AutoPayoutPolicy>) {
  const { tokenName, tokenSymbol, tokenContract, stakingWallet } = (
    await world.api.request<AdminSettings>('GET', '/api/admin/settings', undefined, world.token)
  ).body;
  const body = { tokenName, tokenSymbol, tokenContract, stakingWallet, autoPayout: { ...POLICY, ...policy }, ...STEP_UP };
  expect((await world.api.request('PUT', '/api/admin/settings', body, world.token)).status).toBe(200);
}

describe('the books against the chain', () => {
  it('finds nothing on books that match the chain', async () => {
    await world.stakeThroughIntent(await world.fundedHolder(), 300);
    await paidWithdrawal();
    const found = await audit();
    expect(found.differences).toEqual([]);
    expect(found.checked).toMatchObject({ deposits: 2, payouts: 1, outflows: 0, providers: 1 });
    expect(found.checked!.transactions).toBeGreaterThanOrEqual(3);
  });

  it('a restake, which moved no tokens, is not looked for on chain: the audit finishes, with nothing to say of it', async () => {
    const stake = await world.stakeThroughIntent(await world.fundedHolder(), 400);
    await ageStake(world.api, stake.id, 31);
    const restaked = await world.api.request<Stake>(
      'POST',
      '/api/stakes/restake',
      { originalStakeId: stake.id, planId: stake.plan.id, walletAddress: stake.walletAddress },
      { as: stake.walletAddress },
    );
    expect(restaked.status).toBe(201);
    const found = await audit();
    expect(found.differences).toEqual([]);
  });

  it('lists a stake whose amount was changed by hand, a deleted completed payout, a changed payout, and records a deposit whose stake row was deleted', async () => {
    const changed = await world.fundedHolder();
    const changedStake = await world.stakeThroughIntent(changed, 500);
    await sql('UPDATE stakes SET amount = 700 WHERE id = :id', { id: changedStake.id });

    const deleted = await paidWithdrawal();
    await sql(
      `DELETE FROM payout_withdrawals WHERE payout_id = :payoutId; DELETE FROM payouts WHERE id = :payoutId;
       DELETE FROM used_transactions WHERE tx_id = :signature; DELETE FROM withdrawals WHERE id = :withdrawalId`,
      { payoutId: deleted.payout.id, signature: deleted.signature, withdrawalId: deleted.withdrawal.id },
    );

    const overpaid = await paidWithdrawal();
    await sql('UPDATE withdrawals SET final_amount = 900 WHERE id = :id', { id: overpaid.withdrawal.id });

    // Deleted once the deposit follower has read past it: only the audit can find it now.
    const lost = await world.fundedHolder();
    const lostStake = await world.stakeThroughIntent(lost, 600);
    await world.api.followDeposits();
    await sql(
      `UPDATE deposit_intents SET stake_id = NULL WHERE stake_id = :id;
       DELETE FROM used_transactions WHERE tx_id = :txId; DELETE FROM stakes WHERE id = :id`,
      { id: lostStake.id, txId: lostStake.txId },
    );
    await world.api.followDeposits();

    const found = await audit();
    expect(about(found, changedStake.txId!)).toEqual<AuditDifference[]>([
      {
        kind: 'depositDiffers',
        signature: changedStake.txId!,
        stakeId: changedStake.id,
        withdrawalId: null,
        books: { wallet: changed.wallet, amount: '700' },
        chain: { wallet: changed.wallet, amount: '500' },
        reason: { code: 'depositWrongAmountReceived', params: { received: '500', amount: '700' } },
        resolution: null,
      },
    ]);
    const [recorded] = about(found, lostStake.txId!);
    expect(recorded).toEqual<AuditDifference>({
      kind: 'depositUnrecorded',
      signature: lostStake.txId!,
      stakeId: expect.any(Number),
      withdrawalId: null,
      books: null,
      chain: { wallet: lost.wallet, amount: '600' },
      reason: null,
      resolution: 'recorded',
    });
    expect(about(found, deleted.signature)).toEqual<AuditDifference[]>([
      {
        kind: 'payoutUnrecorded',
        signature: deleted.signature,
        stakeId: null,
        withdrawalId: null,
        books: null,
        chain: { wallet: deleted.holder.publicKey.toBase58(), amount: '800' },
        reason: null,
        resolution: 'toReview',
      },
    ]);
    expect(about(found, overpaid.signature)).toEqual<AuditDifference[]>([
      {
        kind: 'payoutDiffers',
        signature: overpaid.signature,
        stakeId: null,
        withdrawalId: overpaid.withdrawal.id,
        books: { wallet: overpaid.holder.publicKey.toBase58(), amount: '900' },
        chain: { wallet: overpaid.holder.publicKey.toBase58(), amount: '800' },
        reason: { code: 'payoutWrongAmount', params: { received: '800', amount: '900' } },
        resolution: null,
      },
    ]);
    expect(found.differences).toHaveLength(4);

    // The lost deposit is the holder's stake again, on its intent's terms, and recorded once however often the books are audited.
    const stakes = await world.api.request<Stake[]>('GET', `/api/stakes/${lost.wallet}`);
    expect(stakes.body).toEqual([
      expect.objectContaining({ id: recorded!.stakeId, txId: lostStake.txId, amount: '600', status: 'active' }),
    ]);
    const again = await audit();
    expect(about(again, lostStake.txId!)).toEqual([]);
    expect(again.differences.map((difference) => difference.kind).sort()).toEqual(['depositDiffers', 'payoutDiffers', 'payoutUnrecorded']);

    // Put back, so the next tests see only their own differences.
    await sql('UPDATE stakes SET amount = 500 WHERE id = :id', { id: changedStake.id });
    await sql('UPDATE withdrawals SET final_amount = 800 WHERE id = :id', { id: overpaid.withdrawal.id });
  });
});

describe('a payout on chain for a withdrawal the books show unpaid (the database restored to before it)', () => {
  it('is offered for review, and no automatic payout, one-click payout, other TXID or rejection pays it again; its own TXID marks it paid', async () => {
    const { withdrawal, holder, payout, signature } = await paidWithdrawal();
    // What a restore to just before the payout leaves: the withdrawal pending, no payout, no used TXID.
    await sql(
      `DELETE FROM payout_withdrawals WHERE payout_id = :payoutId; DELETE FROM payouts WHERE id = :payoutId;
       DELETE FROM used_transactions WHERE tx_id = :signature;
       UPDATE withdrawals SET status = 'pending', tx_id = NULL, processed_at = NULL, processed_by = NULL WHERE id = :id;
       UPDATE stakes SET status = 'pending_withdrawal' WHERE id = :stakeId`,
      { payoutId: payout.id, signature, id: withdrawal.id, stakeId: withdrawal.stakeId },
    );
    const wallet = holder.publicKey.toBase58();
    const found = await audit();
    expect(about(found, signature)).toEqual<AuditDifference[]>([
      {
        kind: 'payoutOfUnpaidWithdrawal',
        signature,
        stakeId: null,
        withdrawalId: withdrawal.id,
        books: { wallet, amount: '800' },
        chain: { wallet, amount: '800' },
        reason: { code: 'withdrawalPaidOnChain', params: { signature } },
        resolution: 'toReview',
      },
    ]);
    const paidOnChain = { code: 'withdrawalPaidOnChain', params: { signature } };
    const received = () => world.chain.tokenBalance(world.mint, holder.publicKey);
    const before = received();

    // One click: refused, nothing claimed.
    const prepared = await world.prepare([withdrawal.id]);
    expect(prepared).toMatchObject({ status: 409, body: paidOnChain });
    // Automatic: running, within policy, and still it does not pay it; it says why.
    await setPolicy({});
    const round = await world.api.autoPayouts();
    expect(round.stoppedBy).toEqual([]);
    expect(round.paid).not.toContain(withdrawal.id);
    expect((await world.adminWithdrawal(withdrawal.id)).autoPayoutHold).toEqual(paidOnChain);
    await setPolicy({ enabled: false });
    // Neither a rejection (its holder could ask, and be paid, again) nor another transaction's TXID.
    const rejected = await world.api.request(
      'PUT',
      `/api/admin/withdrawals/${withdrawal.id}`,
      { status: 'rejected', reason: 'no' },
      world.token,
    );
    expect(rejected).toMatchObject({ status: 409, body: paidOnChain });
    const other = await paidWithdrawal();
    const pastedOther = await world.api.request(
      'PUT',
      `/api/admin/withdrawals/${withdrawal.id}`,
      { status: 'completed', txId: other.signature },
      world.token,
    );
    expect(pastedOther).toMatchObject({ status: 409, body: paidOnChain });
    expect(received()).toBe(before);
    expect((await world.adminWithdrawal(withdrawal.id)).status).toBe('pending');

    // The operator marks it paid with the TXID the audit found: verified on chain as any paste.
    const pasted = await world.api.request(
      'PUT',
      `/api/admin/withdrawals/${withdrawal.id}`,
      { status: 'completed', txId: signature },
      world.token,
    );
    expect(pasted.status).toBe(200);
    expect((await world.adminWithdrawal(withdrawal.id)).status).toBe('completed');
    expect(received()).toBe(before);
    expect(about(await audit(), signature)).toEqual([]);
  });
});

/** A withdrawal paid by an automatic payout (the hot wallet), followed until completed. */
async function paidAutomatically() {
  const { withdrawal, holder } = await world.pendingWithdrawal(1000);
  await setPolicy({});
  expect((await world.api.autoPayouts()).paid).toContain(withdrawal.id);
  await setPolicy({ enabled: false });
  await waitUntil(
    async () => {
      await world.api.followChain();
      return (await world.adminWithdrawal(withdrawal.id)).status === 'completed';
    },
    30_000,
    `withdrawal ${withdrawal.id} paid automatically`,
  );
  const [payout] = await world.api.db.query<{ id: number; signature: string }>(
    `SELECT p.id, p.signature FROM payouts p JOIN payout_withdrawals pw ON pw.payout_id = p.id WHERE pw.withdrawal_id = :id`,
    { replacements: { id: withdrawal.id }, type: QueryTypes.SELECT },
  );
  return { withdrawal, holder, payout: payout!, signature: payout!.signature };
}

/**
 * What a restore to before a withdrawal's request leaves of a withdrawal asked for and paid after the
 * moment: no withdrawal, no payout, no used TXID, the stake active; only the chain knows it was paid.
 * The holder asks again later (a day, as its request's time says).
 */
async function paidThenForgotten(paid: Awaited<ReturnType<typeof paidWithdrawal>> | Awaited<ReturnType<typeof paidAutomatically>>) {
  await sql(
    `DELETE FROM payout_withdrawals WHERE payout_id = :payoutId; DELETE FROM payouts WHERE id = :payoutId;
     DELETE FROM used_transactions WHERE tx_id = :signature; DELETE FROM withdrawals WHERE id = :id;
     UPDATE stakes SET status = 'active', reward_forfeited = false, completed_at = NULL WHERE id = :stakeId`,
    { payoutId: paid.payout.id, signature: paid.signature, id: paid.withdrawal.id, stakeId: paid.withdrawal.stakeId },
  );
  const wallet = paid.holder.publicKey.toBase58();
  const askAgain = async () => {
    const asked = await world.api.request<Withdrawal>(
      'POST',
      '/api/withdrawals',
      { stakeId: paid.withdrawal.stakeId, walletAddress: wallet },
      { as: wallet },
    );
    if (asked.status === 201)
      await sql(`UPDATE withdrawals SET requested_at = requested_at + interval '1 day' WHERE id = :id`, { id: asked.body.id });
    return asked;
  };
  return { ...paid, wallet, askAgain };
}

type Holds = AuditPayoutHold[];
const openHolds = (token = world.token) => world.api.request<Holds>('GET', '/api/admin/audit-holds', undefined, token);
const dismiss = (id: number, body: object, token = world.token) =>
  world.api.request<AuditPayoutHold>('POST', `/api/admin/audit-holds/${id}/dismiss`, body, token);

describe('a payout on chain that the books lack (the database restored to before its withdrawal was asked for)', () => {
  it('holds the withdrawal its holder asks for again: no one-click or automatic payout, rejection or other TXID pays it twice, even asked twice at once; its own TXID records it', async () => {
    // Paid from the hot wallet, a day before the holder asks again: still recorded by its TXID.
    const { signature, wallet, holder, askAgain } = await paidThenForgotten(await paidAutomatically());
    const found = await audit();
    expect(about(found, signature)).toEqual<AuditDifference[]>([
      {
        kind: 'payoutUnrecorded',
        signature,
        stakeId: null,
        withdrawalId: null,
        books: null,
        chain: { wallet, amount: '800' },
        reason: null,
        resolution: 'toReview',
      },
    ]);
    const held = (await openHolds()).body.filter((hold) => hold.wallet === wallet);
    expect(held).toEqual([expect.objectContaining({ signature, wallet, mint: world.mint.toBase58(), amount: '800', status: 'open' })]);
    // Audited again: the same hold, not a second one.
    await audit();
    expect((await openHolds()).body.filter((hold) => hold.wallet === wallet)).toEqual(held);

    // The holder, whose stake looks unwithdrawn, asks again, twice at once: one request is made, and held.
    const asked = await Promise.all([askAgain(), askAgain()]);
    expect(asked.filter((response) => response.status === 201)).toHaveLength(1);
    const withdrawal = asked.find((response) => response.status === 201)!.body;
    expect(withdrawal.finalAmount).toBe('800');
    const paidOnChain = { code: 'withdrawalPaidOnChain', params: { signature } };
    const received = () => world.chain.tokenBalance(world.mint, holder.publicKey);
    const before = await received();

    // One click, twice at once: refused, nothing claimed.
    const prepared = await Promise.all([world.prepare([withdrawal.id]), world.prepare([withdrawal.id])]);
    expect(prepared).toEqual([
      expect.objectContaining({ status: 409, body: expect.objectContaining(paidOnChain) }),
      expect.objectContaining({ status: 409, body: expect.objectContaining(paidOnChain) }),
    ]);
    // Automatic: running, within policy, and still it does not pay it; it says why, and the next round leaves it be.
    await setPolicy({});
    const round = await world.api.autoPayouts();
    expect(round.stoppedBy).toEqual([]);
    expect(round.paid).not.toContain(withdrawal.id);
    expect((await world.adminWithdrawal(withdrawal.id)).autoPayoutHold).toEqual(paidOnChain);
    const next = await world.api.autoPayouts();
    expect([...next.paid, ...next.held]).not.toContain(withdrawal.id);
    await setPolicy({ enabled: false });
    // Neither a rejection (the holder would ask, and be paid, again) nor another transaction's TXID.
    const process = (body: object) => world.api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, body, world.token);
    expect(await process({ status: 'rejected', reason: 'no' })).toMatchObject({ status: 409, body: paidOnChain });
    const other = await paidWithdrawal();
    expect(await process({ status: 'completed', txId: other.signature })).toMatchObject({ status: 409, body: paidOnChain });
    expect(await received()).toBe(before);
    expect((await world.adminWithdrawal(withdrawal.id)).status).toBe('pending');

    // The TXID the audit found, pasted on it (verified on chain as any paste): paid, once, and the hold is closed.
    expect((await process({ status: 'completed', txId: signature })).status).toBe(200);
    expect((await world.adminWithdrawal(withdrawal.id)).status).toBe('completed');
    expect(await received()).toBe(before);
    expect((await openHolds()).body.filter((hold) => hold.wallet === wallet)).toEqual([]);
    const [recorded] = await world.api.db.query<{ status: string; withdrawal_id: number }>(
      'SELECT status, withdrawal_id FROM audit_payout_holds WHERE signature = :signature',
      { replacements: { signature }, type: QueryTypes.SELECT },
    );
    expect(recorded).toEqual({ status: 'recorded', withdrawal_id: withdrawal.id });
    expect(about(await audit(), signature)).toEqual([]);
    expect(await dismiss(held[0]!.id, { note: 'late', ...STEP_UP })).toMatchObject({ status: 409, body: { code: 'auditHoldNotOpen' } });
  });

  it('holds a request for another amount too (the lost withdrawal was an early unstake, the stake has matured since): nothing pays it, not even the found TXID, until an owner decides, and automation never after', async () => {
    const paid = await paidThenForgotten(await paidAutomatically());
    await audit();
    // The stake matured while its early withdrawal's row was lost: the holder now asks for principal and reward.
    await ageStake(world.api, paid.withdrawal.stakeId, 400);
    const asked = await paid.askAgain();
    expect(asked.status).toBe(201);
    expect(asked.body.finalAmount).not.toBe('800');
    const withdrawal = asked.body;
    const paidOnChain = { code: 'withdrawalPaidOnChain', params: { signature: paid.signature } };
    const received = () => world.chain.tokenBalance(world.mint, paid.holder.publicKey);
    const before = await received();

    expect(await world.prepare([withdrawal.id])).toMatchObject({ status: 409, body: paidOnChain });
    await setPolicy({ maxPerWithdrawal: '5000' });
    const round = await world.api.autoPayouts();
    expect(round.paid).not.toContain(withdrawal.id);
    expect((await world.adminWithdrawal(withdrawal.id)).autoPayoutHold).toEqual(paidOnChain);
    await setPolicy({ enabled: false });
    const process = (body: object) => world.api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, body, world.token);
    expect(await process({ status: 'rejected', reason: 'no' })).toMatchObject({ status: 409, body: paidOnChain });
    // The found payout paid 800, not what this request owes: the chain's own check refuses it as its record.
    expect((await process({ status: 'completed', txId: paid.signature })).status).toBe(422);
    expect(await received()).toBe(before);
    expect((await world.adminWithdrawal(withdrawal.id)).status).toBe('pending');

    // The owner, having looked, decides: dismissed, and the request is the operator's to handle again.
    const [hold] = (await openHolds()).body.filter((open) => open.wallet === paid.wallet);
    expect((await dismiss(hold!.id, { note: 'the early unstake was paid in the found payout', ...STEP_UP })).status).toBe(200);
    // Automation never pays it now: a person looked, and a person pays it or rejects it.
    await setPolicy({ maxPerWithdrawal: '5000' });
    expect((await world.api.autoPayouts()).paid).not.toContain(withdrawal.id);
    await setPolicy({ enabled: false });
    expect((await process({ status: 'rejected', reason: 'paid as an early unstake before the restore' })).status).toBe(200);
  });

  it('an owner dismisses a wrong hold with step-up and a note, audited; then the withdrawal is payable', async () => {
    const { signature, wallet, askAgain } = await paidThenForgotten(await paidWithdrawal());
    await audit();
    const [hold] = (await openHolds()).body.filter((found) => found.wallet === wallet);
    const asked = await askAgain();
    expect(asked.status).toBe(201);

    const operator = await adminWithRole(world.api, world.token, 'operator');
    const viewer = await adminWithRole(world.api, world.token, 'viewer');
    expect((await openHolds(viewer.token)).body).toEqual(expect.arrayContaining([hold]));
    expect((await dismiss(hold!.id, { note: 'sent elsewhere', ...STEP_UP }, operator.token)).status).toBe(403);
    expect(await dismiss(hold!.id, { note: 'sent elsewhere' })).toMatchObject({ status: 403, body: { code: 'stepUpRequired' } });
    expect(await dismiss(hold!.id, { ...STEP_UP })).toMatchObject({ status: 400, body: { code: 'auditHoldNoteRequired' } });
    expect(await dismiss(999_999, { note: 'x', ...STEP_UP })).toMatchObject({ status: 404, body: { code: 'auditHoldNotFound' } });
    expect(await world.prepare([asked.body.id])).toMatchObject({
      status: 409,
      body: { code: 'withdrawalPaidOnChain', params: { signature } },
    });

    const dismissed = await dismiss(hold!.id, { note: 'sent elsewhere', ...STEP_UP });
    expect(dismissed).toMatchObject({
      status: 200,
      body: { id: hold!.id, status: 'dismissed', note: 'sent elsewhere', resolvedBy: ADMIN.username },
    });
    const logged = await world.api.db.query<{ action: string }>(
      `SELECT action FROM audit_logs WHERE action = 'books.hold_dismiss' AND after->>'signature' = :signature`,
      { replacements: { signature }, type: QueryTypes.SELECT },
    );
    expect(logged).toHaveLength(1);
    expect((await openHolds()).body.filter((found) => found.wallet === wallet)).toEqual([]);
    expect((await world.prepare([asked.body.id])).status).toBe(201);
    // Audited again: a dismissed hold stays dismissed.
    await audit();
    expect((await openHolds()).body.filter((found) => found.wallet === wallet)).toEqual([]);
  });
});

describe('a restored database (detected at start-up by its timeline and system identifier)', () => {
  const world19 = () => ({
    db: world.api.db,
    chain: world.api.dependencies.chain,
    secondProvider: null,
    hotWallet: hot.publicKey.toBase58(),
    books: auditedBooks,
  });

  it.each([
    ['a higher timeline', 'UPDATE database_identity SET timeline_id = timeline_id - 1'],
    ['another system', `UPDATE database_identity SET system_identifier = '1'`],
  ])(
    'on %s: audited at once with reason restore (an audit the backup caught running ends interrupted), then payouts go on',
    async (_name, restored) => {
      // The first start records what the database is; a start on the same database is no restore.
      await auditIfRestored(world19(), logger);
      expect(await auditIfRestored(world19(), logger)).toBeNull();
      await sql(restored);
      // A running audit the backup caught is over: the restored database cannot finish it.
      await sql(`INSERT INTO books_audits (reason) VALUES ('owner')`);
      const { withdrawal } = await world.pendingWithdrawal(1000);

      const audit = await auditIfRestored(world19(), logger);
      expect(audit).toMatchObject({ status: 'running', reason: 'restore', startedBy: 'system' });
      expect((await readAudit(audit!.id - 1)).body.audit).toMatchObject({ status: 'failed', failure: { code: 'auditInterrupted' } });
      expect(await auditEnded(audit!.id)).toMatchObject({ status: 'finished', reason: 'restore' });
      expect((await world.prepare([withdrawal.id])).status).toBe(201);
      expect(await auditIfRestored(world19(), logger)).toBeNull();
    },
  );
});

describe('until the restored database is audited', () => {
  it('no payout is prepared, by an operator or automatically', async () => {
    const { withdrawal } = await world.pendingWithdrawal(1000);
    await sql('UPDATE database_identity SET timeline_id = timeline_id - 1');
    expect(await detectRestore(world.api.db, logger)).toBe(true);
    const waiting = { code: 'restoreAuditPending' };
    expect(await world.prepare([withdrawal.id])).toMatchObject({ status: 409, body: waiting });
    await setPolicy({});
    expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [waiting], paid: [] });
    // Found again at the next start (the audit at start-up did not finish): audited then.
    const audit = await auditIfRestored(
      {
        db: world.api.db,
        chain: world.api.dependencies.chain,
        secondProvider: null,
        hotWallet: hot.publicKey.toBase58(),
        books: auditedBooks,
      },
      logger,
    );
    expect(await auditEnded(audit!.id)).toMatchObject({ status: 'finished', reason: 'restore' });
    expect(await world.api.autoPayouts()).toMatchObject({ stoppedBy: [], paid: [withdrawal.id] });
    await setPolicy({ enabled: false });
  });
});

describe('the audits API', () => {
  it('owner only; one audit however many ask at once; 404 for an unknown audit', async () => {
    const operator = await adminWithRole(world.api, world.token, 'operator');
    const viewer = await adminWithRole(world.api, world.token, 'viewer');
    expect((await startAudit(operator.token)).status).toBe(403);
    expect((await startAudit(viewer.token)).status).toBe(403);
    // The audit waits at its first read of the mint until all three asked: on a loaded machine a
    // quick audit could otherwise end before the third request, which would then start the next one.
    let release!: () => void;
    world.flaky().mintReadsWait = new Promise((resolve) => (release = resolve));
    const started = await Promise.all([startAudit(), startAudit(), startAudit()]).finally(() => {
      world.flaky().mintReadsWait = null;
      release();
    });
    expect(started.map((response) => response.status)).toEqual([202, 202, 202]);
    expect(new Set(started.map((response) => response.body.audit.id)).size).toBe(1);
    const id = started[0]!.body.audit.id;
    await auditEnded(id);
    expect((await readAudit(id, viewer.token)).body.audit).toMatchObject({ id, status: 'finished' });
    expect((await world.api.request('GET', '/api/admin/audits', undefined, viewer.token)).body.audit).toMatchObject({ id });
    expect(await readAudit(999_999)).toMatchObject({ status: 404, body: { code: 'auditNotFound' } });
  });
});
