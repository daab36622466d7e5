import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { AdminSettings, ChangeRequest, PublicSettings } from '@stakedesk/shared/api-types';
import { createPlan, MINT, STAKING_WALLET } from '../test/fixtures.js';
import { newHolder, randomTxId, randomWallet, startTestServer, STEP_UP, type ApiResponse, type TestServer } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { addPasskey, passkeyStepUp } from '../test/passkeys.js';
import { alertInbox, type SentAlert } from '../test/alert-inbox.js';
import { listenToAdminEvents } from '../test/admin-events.js';
import { changeRequestRound, DECISIONS_LOCK } from './change-requests.service.js';
import { changeAppliers } from '../four-eyes.js';

// No single owner moves the money (DESIGN 17): with two or more owners, a change of where deposits
// go (and the other guarded fields) waits for another owner, and a new wallet waits a delay after that.
const WALLET = STAKING_WALLET;
const REQUIRED = { tokenName: 'Acme Token', tokenSymbol: 'ACME', tokenContract: MINT, stakingWallet: WALLET };

/** Automatic payouts off, with limits: what the policy cases change from. */
const POLICY = { enabled: false, maxPerWithdrawal: '100', maxPer24h: '1000', minHotBalance: '50', newWalletDelayHours: 24 };

let api: TestServer;
let root: string;
let alerts: () => Promise<SentAlert[]>;
let events: Awaited<ReturnType<typeof listenToAdminEvents>>;
type Owner = Awaited<ReturnType<typeof adminWithRole>>;
let second: Owner;
let third: Owner;

beforeAll(async () => {
  // Settings read from the database every time: a test moves a request's times in SQL.
  api = await startTestServer({ cacheTtlMs: 0, allowPrivateRpc: true });
  root = await api.login();
  expect((await api.request('PUT', '/api/admin/settings', { ...REQUIRED, autoPayout: POLICY, ...STEP_UP }, root)).status).toBe(200);
  alerts = await alertInbox(api, root, ['approval.requested', 'approval.decided', 'settings.step_up_change']);
  events = await listenToAdminEvents(api.databaseUrl);
});
afterAll(async () => {
  await events.close();
  await api.close();
});

const publicSettings = async () => (await api.request<PublicSettings>('GET', '/api/settings')).body;
/** A save of the settings form as the panel sends it: the wallet and mint in force, and `change`. */
async function put(change: Record<string, unknown>, token = root, proof: Record<string, unknown> = STEP_UP) {
  const { tokenContract, stakingWallet } = await publicSettings();
  return api.request('PUT', '/api/admin/settings', { ...REQUIRED, tokenContract, stakingWallet, ...change, ...proof }, token);
}
const adminSettings = async () => (await api.request<AdminSettings>('GET', '/api/admin/settings', undefined, root)).body;
const requests = async (status?: string) =>
  (await api.request<ChangeRequest[]>('GET', `/api/admin/change-requests${status ? `?status=${status}` : ''}`, undefined, root)).body;
const approve = (id: number, owner: Owner, proof: Record<string, unknown> = { currentPassword: owner.password }) =>
  api.request('POST', `/api/admin/change-requests/${id}/approve`, proof, owner.token);
const audited = async (action: string, id: number) =>
  (
    await api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_logs WHERE action = :action AND entity_type = 'change_request' AND entity_id = :id`,
      { replacements: { action, id: String(id) }, type: QueryTypes.SELECT },
    )
  )[0]!.n;
/** Moves a request's times into the past, as if that many hours had gone by. */
const hoursPass = (id: number, hours: number) =>
  api.db.query(
    `UPDATE change_requests SET requested_at = requested_at - make_interval(hours => :hours),
       expires_at = expires_at - make_interval(hours => :hours), effective_at = effective_at - make_interval(hours => :hours)
     WHERE id = :id`,
    { replacements: { id, hours } },
  );
/** The approval.requested and approval.decided alerts of a request. */
const sentFor = async (id: number) =>
  (await alerts()).filter((alert) => alert.event.startsWith('approval.') && alert.data.changeRequestId === id);
/** What the request for `change` asks, once another owner approves it; the request itself. */
async function requested(change: Record<string, unknown>, token = root): Promise<ChangeRequest> {
  const saved = await put(change, token);
  expect(saved.status, JSON.stringify(saved.body)).toBe(202);
  return saved.body.changeRequest;
}

describe('with a single owner', () => {
  it('a new staking wallet takes effect at once, as it always did', async () => {
    const wallet = randomWallet();
    const saved = await put({ stakingWallet: wallet });
    expect(saved.status).toBe(200);
    expect(saved.body.stakingWallet).toBe(wallet);
    expect((await publicSettings()).stakingWallet).toBe(wallet);
    expect((await publicSettings()).pendingChange).toBeNull();
    expect(await requests()).toEqual([]);
    expect((await put({ stakingWallet: WALLET })).status).toBe(200);
  });

  it('may set walletChangeDelayHours to 0', async () => {
    expect((await put({ walletChangeDelayHours: 0 })).status).toBe(200);
    expect((await adminSettings()).walletChangeDelayHours).toBe(0);
    expect((await put({ walletChangeDelayHours: 24 })).status).toBe(200);
  });
});

describe('with two owners, a new staking wallet', () => {
  let request: ChangeRequest;
  const newWallet = randomWallet();

  beforeAll(async () => {
    second = await adminWithRole(api, root, 'owner', 'second-owner');
    await events.securityChanges();
  });

  it('answers 202 with a change request and is not in effect; the fields that need no approval are saved', async () => {
    const saved = await put({ stakingWallet: newWallet, tokenName: 'Acme Renamed' });
    expect(saved.status).toBe(202);
    request = saved.body.changeRequest;
    expect(request).toMatchObject({
      kind: 'settings',
      status: 'pending',
      changes: [{ field: 'stakingWallet', from: WALLET, to: newWallet }],
      requestedBy: { username: 'root' },
    });
    expect(new Date(request.expiresAt).getTime() - new Date(request.requestedAt).getTime()).toBe(72 * 3600_000);
    expect(saved.body.settings).toMatchObject({ stakingWallet: WALLET, tokenName: 'Acme Renamed' });
    expect(await publicSettings()).toMatchObject({ stakingWallet: WALLET, tokenName: 'Acme Renamed', pendingChange: null });
    expect(await requests('pending')).toEqual([request]);
    expect(await audited('change_request.create', request.id)).toBe(1);
    expect(await sentFor(request.id)).toMatchObject([{ event: 'approval.requested', data: { fields: 'stakingWallet', username: 'root' } }]);
    // The other owners hear at once that it was asked for, not that it was made.
    expect(await events.securityChanges()).toEqual([
      {
        type: 'security.changed',
        changes: ['settings.stakingWallet'],
        adminUsername: 'root',
        adminId: expect.any(Number),
        changeRequestId: request.id,
      },
    ]);
  });

  it("is refused to its requester's own approval: 403 changeRequestOwnApproval", async () => {
    const own = await api.request('POST', `/api/admin/change-requests/${request.id}/approve`, STEP_UP, root);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('changeRequestOwnApproval');
    expect((await requests('pending')).map((r) => r.id)).toEqual([request.id]);
  });

  it("needs the approving owner's step-up", async () => {
    const bare = await approve(request.id, second, {});
    expect(bare.status).toBe(403);
    expect(bare.body.stepUpRequired).toBe(true);
    const wrong = await approve(request.id, second, { currentPassword: 'not-it' });
    expect(wrong.body).toMatchObject({ code: 'stepUpWrong', stepUpRequired: true });
  });

  it("is scheduled walletChangeDelayHours after another owner's approval, and deposits still go to the old wallet", async () => {
    const approved = await approve(request.id, second);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'scheduled', decidedBy: { username: 'second-owner' } });
    const effectiveAt = new Date(approved.body.effectiveAt).getTime();
    expect(effectiveAt - new Date(approved.body.decidedAt).getTime()).toBe(24 * 3600_000);
    expect(await publicSettings()).toMatchObject({
      stakingWallet: WALLET,
      pendingChange: { field: 'stakingWallet', value: newWallet, effectiveAt: approved.body.effectiveAt, changeRequestId: request.id },
    });
    await changeRequestRound(api.db, changeAppliers(api.db));
    expect((await publicSettings()).stakingWallet).toBe(WALLET);
    // Approved is not made: no admin is told the wallet changed before it has.
    expect(await events.securityChanges()).toEqual([]);
    expect(await sentFor(request.id)).toMatchObject([
      { event: 'approval.requested' },
      { event: 'approval.decided', data: { decision: 'scheduled', username: 'second-owner' } },
    ]);
  });

  it('takes effect once its time has come, on the first read, exactly once', async () => {
    await hoursPass(request.id, 25);
    const [first, second_, admin] = await Promise.all([publicSettings(), publicSettings(), adminSettings()]);
    for (const read of [first, second_]) expect(read).toMatchObject({ stakingWallet: newWallet, pendingChange: null });
    expect(admin.stakingWallet).toBe(newWallet);
    await changeRequestRound(api.db, changeAppliers(api.db));
    expect(await audited('change_request.apply', request.id)).toBe(1);
    expect(await events.securityChanges()).toEqual([
      { type: 'security.changed', changes: ['settings.stakingWallet'], adminUsername: 'second-owner', adminId: second.id },
    ]);
    expect((await requests('applied')).map((r) => r.id)).toContain(request.id);
    const sent = await alerts();
    const since = sent.findIndex((alert) => alert.event === 'approval.requested' && alert.data.changeRequestId === request.id);
    const stepUps = sent.slice(since - 1).filter((alert) => alert.event === 'settings.step_up_change');
    // At the request, at the approval and when it took effect.
    expect(stepUps.map((alert) => alert.data.username)).toEqual(['root', 'second-owner', 'second-owner']);
  });
});

describe('with two owners, every guarded change waits for another owner', () => {
  const cases: [string, Record<string, unknown>, (settings: AdminSettings) => unknown, unknown][] = [
    ['the token contract', { tokenContract: randomWallet() }, (s) => s.tokenContract, 'new'],
    ["the RPC provider's URL", { heliusRpcUrl: 'https://93.184.216.34/rpc' }, (s) => s.heliusRpcUrl, 'https://93.184.216.34/rpc'],
    ["the RPC provider's key", { heliusApiKey: 'hk_live_0123456789abcdef' }, (s) => s.heliusApiKey, 'hk_l••••••••cdef'],
    [
      "the holders' chain endpoint",
      { holderRpcUrl: 'https://rpc.holders.example.org/' },
      (s) => s.holderRpcUrl,
      'https://rpc.holders.example.org/',
    ],
    ['turning automatic payouts on', { autoPayout: { ...POLICY, enabled: true } }, (s) => s.autoPayout.enabled, true],
    [
      'raising the limit per withdrawal',
      { autoPayout: { ...POLICY, maxPerWithdrawal: '500' } },
      (s) => s.autoPayout.maxPerWithdrawal,
      '500',
    ],
    ['raising the daily limit', { autoPayout: { ...POLICY, maxPer24h: '5000' } }, (s) => s.autoPayout.maxPer24h, '5000'],
    ['lowering the minimum hot balance', { autoPayout: { ...POLICY, minHotBalance: '0' } }, (s) => s.autoPayout.minHotBalance, '0'],
    ['shortening the new-wallet wait', { autoPayout: { ...POLICY, newWalletDelayHours: 1 } }, (s) => s.autoPayout.newWalletDelayHours, 1],
    ['shortening the wallet change delay', { walletChangeDelayHours: 2 }, (s) => s.walletChangeDelayHours, 2],
  ];
  for (const [what, change, read, expected] of cases) {
    it(`${what}: 202, not in effect until another owner approves`, async () => {
      const before = read(await adminSettings());
      const request = await requested(change);
      expect(read(await adminSettings())).toEqual(before);
      const approved = await approve(request.id, second);
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      if (what === 'the token contract') {
        // A new mint waits like a new wallet.
        expect(approved.body.status).toBe('scheduled');
        expect(read(await adminSettings())).toEqual(before);
        expect((await publicSettings()).pendingChange).toMatchObject({ field: 'tokenContract', value: change.tokenContract });
        const cancelled = await api.request('DELETE', `/api/admin/change-requests/${request.id}`, STEP_UP, root);
        expect(cancelled.body.status).toBe('cancelled');
        return;
      }
      expect(approved.body.status).toBe('applied');
      expect(read(await adminSettings())).toEqual(expected);
    });
  }

  it("the withdrawals' approval threshold: set or lowered at once; raised or removed only after another owner approves", async () => {
    expect((await put({ approvalThreshold: '1000' })).status).toBe(200);
    expect((await put({ approvalThreshold: '500' })).status).toBe(200);
    expect((await adminSettings()).approvalThreshold).toBe('500');

    const raised = await requested({ approvalThreshold: '5000' });
    expect(raised.changes).toEqual([{ field: 'approvalThreshold', from: '500', to: '5000' }]);
    expect((await adminSettings()).approvalThreshold).toBe('500');
    expect((await approve(raised.id, second)).body.status).toBe('applied');
    expect((await adminSettings()).approvalThreshold).toBe('5000');

    const removed = await requested({ approvalThreshold: '' });
    expect(removed.changes).toEqual([{ field: 'approvalThreshold', from: '5000', to: '' }]);
    expect((await adminSettings()).approvalThreshold).toBe('5000');
    expect((await approve(removed.id, second)).body.status).toBe('applied');
    expect((await adminSettings()).approvalThreshold).toBe('');
  });

  it('lowering a limit or turning automatic payouts off applies at once: a brake never waits', async () => {
    const on = await requested({ autoPayout: { ...POLICY, enabled: true } });
    expect((await approve(on.id, second)).status).toBe(200);
    const lowered = await put({ autoPayout: { ...POLICY, enabled: true, maxPerWithdrawal: '10', maxPer24h: '20' } });
    expect(lowered.status).toBe(200);
    const off = await put({ autoPayout: { ...POLICY, enabled: false, maxPerWithdrawal: '10', maxPer24h: '20' } }, root, {});
    expect(off.status).toBe(200);
    expect((await adminSettings()).autoPayout).toMatchObject({ enabled: false, maxPerWithdrawal: '10', maxPer24h: '20' });
  });

  it('applies the brake of a mixed policy at once and asks only for the rest', async () => {
    const stored = (await adminSettings()).autoPayout;
    const saved = await put({ autoPayout: { ...stored, maxPerWithdrawal: '5', maxPer24h: '9000' } });
    expect(saved.status).toBe(202);
    const braked = { ...stored, maxPerWithdrawal: '5' };
    expect((await adminSettings()).autoPayout).toEqual(braked);
    expect(saved.body.changeRequest.changes).toEqual([{ field: 'autoPayout', from: braked, to: { ...braked, maxPer24h: '9000' } }]);
    await api.request('POST', `/api/admin/change-requests/${saved.body.changeRequest.id}/reject`, { reason: 'not now' }, second.token);
  });

  it('refuses walletChangeDelayHours 0 with a coded 400', async () => {
    const refused = await put({ walletChangeDelayHours: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'walletChangeDelayZero',
      errorCodes: { walletChangeDelayHours: { code: 'walletChangeDelayZero' } },
    });
  });

  it('refuses a second request for a value one already waits to change: 409 changeRequestOpen', async () => {
    const first = await requested({ holderRpcUrl: 'https://one.holders.example.org/' });
    const second_ = await put({ holderRpcUrl: 'https://two.holders.example.org/' });
    expect(second_.status).toBe(409);
    expect(second_.body).toMatchObject({ code: 'changeRequestOpen', params: { id: first.id } });
    await api.request('POST', `/api/admin/change-requests/${first.id}/reject`, { reason: 'test over' }, second.token);
  });

  it("removing a webhook: 202; gone only after another owner's approval", async () => {
    const hook = await api.request(
      'POST',
      '/api/admin/webhooks',
      { url: 'https://93.184.216.34/hook', kind: 'standard', events: ['payout.failed'] },
      root,
    );
    const removal = await api.request('DELETE', `/api/admin/webhooks/${hook.body.id}`, undefined, root);
    expect(removal.status).toBe(202);
    expect(removal.body.changeRequest).toMatchObject({
      kind: 'webhook.remove',
      target: { id: hook.body.id, name: 'https://93.184.216.34/hook' },
      changes: [{ field: 'webhook', from: 'https://93.184.216.34/hook', to: null }],
    });
    const listed = async () => (await api.request<{ id: number }[]>('GET', '/api/admin/webhooks', undefined, root)).body.map((w) => w.id);
    expect(await listed()).toContain(hook.body.id);
    expect((await approve(removal.body.changeRequest.id, second)).body.status).toBe('applied');
    expect(await listed()).not.toContain(hook.body.id);
  });

  it("making an admin an owner: 202; an owner only after another owner's approval", async () => {
    const operator = await adminWithRole(api, root, 'operator', 'promoted');
    const promotion = await api.request(
      'PUT',
      `/api/admin/admins/${operator.id}`,
      {
        email: 'promoted-new@example.com',
        username: 'promoted',
        role: 'owner',
        ...STEP_UP,
      },
      root,
    );
    expect(promotion.status).toBe(202);
    expect(promotion.body.changeRequest).toMatchObject({
      kind: 'admin.role',
      target: { id: operator.id, name: 'promoted' },
      changes: [{ field: 'role', from: 'operator', to: 'owner' }],
    });
    // The rest of the same update took effect.
    expect(promotion.body.admin).toMatchObject({ role: 'operator', email: 'promoted-new@example.com' });
    const me = await api.request('GET', '/api/admin/me', undefined, operator.token);
    expect(me.body.role).toBe('operator');
    expect((await approve(promotion.body.changeRequest.id, second)).body.status).toBe('applied');
    const admins = (await api.request<{ id: number; role: string }[]>('GET', '/api/admin/admins', undefined, root)).body;
    expect(admins.find((a) => a.id === operator.id)?.role).toBe('owner');
    // A role change ends the admin's sessions, as it always did.
    expect((await api.request('GET', '/api/admin/me', undefined, operator.token)).status).toBe(401);
    // Taking the owner role from another owner waits too; stepping down oneself does not.
    const demotion = await api.request(
      'PUT',
      `/api/admin/admins/${operator.id}`,
      { email: 'promoted-new@example.com', username: 'promoted', role: 'operator', ...STEP_UP },
      root,
    );
    expect(demotion.status).toBe(202);
    expect(demotion.body.changeRequest).toMatchObject({ kind: 'admin.role', changes: [{ field: 'role', from: 'owner', to: 'operator' }] });
    await api.request('POST', `/api/admin/change-requests/${demotion.body.changeRequest.id}/reject`, { reason: 'stays' }, second.token);
    const promoted = await api.login('promoted', operator.password);
    const stepDown = await api.request(
      'PUT',
      `/api/admin/admins/${operator.id}`,
      { email: 'promoted-new@example.com', username: 'promoted', role: 'operator', currentPassword: operator.password },
      promoted,
    );
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.role).toBe('operator');
  });

  it('creating an owner: 202; the new admin is an operator until another owner approves', async () => {
    const created = await api.request(
      'POST',
      '/api/admin/admins',
      { email: 'new-owner@example.com', username: 'new-owner', password: 'new-owner-password', role: 'owner', ...STEP_UP },
      root,
    );
    expect(created.status).toBe(202);
    expect(created.body.admin).toMatchObject({ username: 'new-owner', role: 'operator' });
    expect(created.body.changeRequest).toMatchObject({ kind: 'admin.role', changes: [{ field: 'role', from: 'operator', to: 'owner' }] });
    // Its own password in hand, it cannot approve its promotion: it is no owner yet.
    const itself = await api.login('new-owner', 'new-owner-password');
    const selfApproval = await api.request(
      'POST',
      `/api/admin/change-requests/${created.body.changeRequest.id}/approve`,
      { currentPassword: 'new-owner-password' },
      itself,
    );
    expect(selfApproval.status).toBe(403);
    expect(selfApproval.body.requiredRole).toBe('owner');
    await api.request('POST', `/api/admin/change-requests/${created.body.changeRequest.id}/reject`, { reason: 'no' }, second.token);
  });

  it("removing another owner: 202; gone only after another owner's approval", async () => {
    const extra = await adminWithRole(api, root, 'operator', 'extra-owner');
    await api.db.query(`UPDATE admins SET role = 'owner' WHERE id = :id`, { replacements: { id: extra.id } });
    const removal = await api.request('DELETE', `/api/admin/admins/${extra.id}`, undefined, root);
    expect(removal.status).toBe(202);
    expect(removal.body.changeRequest).toMatchObject({
      kind: 'admin.remove',
      target: { id: extra.id, name: 'extra-owner' },
      changes: [{ field: 'admin', from: 'extra-owner', to: null }],
    });
    const ids = async () => (await api.request<{ id: number }[]>('GET', '/api/admin/admins', undefined, root)).body.map((a) => a.id);
    expect(await ids()).toContain(extra.id);
    expect((await approve(removal.body.changeRequest.id, second)).body.status).toBe('applied');
    expect(await ids()).not.toContain(extra.id);
  });
});

describe('a change request', () => {
  it('rejected with a reason never takes effect; a reason is required', async () => {
    const request = await requested({ holderRpcUrl: 'https://rejected.example.org/' });
    const bare = await api.request('POST', `/api/admin/change-requests/${request.id}/reject`, {}, second.token);
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe('changeRequestReasonRequired');
    const rejected = await api.request(
      'POST',
      `/api/admin/change-requests/${request.id}/reject`,
      { reason: 'Unknown endpoint' },
      second.token,
    );
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'Unknown endpoint', decidedBy: { username: 'second-owner' } });
    expect((await approve(request.id, second)).body.code).toBe('changeRequestDecided');
    expect((await adminSettings()).holderRpcUrl).not.toBe('https://rejected.example.org/');
    expect(await audited('change_request.reject', request.id)).toBe(1);
    expect((await sentFor(request.id)).at(-1)).toMatchObject({
      event: 'approval.decided',
      data: { decision: 'rejected', reason: 'Unknown endpoint' },
    });
  });

  it('expires after 72 hours and can never be approved then', async () => {
    const request = await requested({ holderRpcUrl: 'https://late.example.org/' });
    await hoursPass(request.id, 71);
    expect((await requests('pending')).map((r) => r.id)).toContain(request.id);
    await hoursPass(request.id, 1);
    const late = await approve(request.id, second);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('changeRequestExpired');
    expect((await requests('expired')).map((r) => r.id)).toContain(request.id);
    expect((await approve(request.id, second)).body.code).toBe('changeRequestExpired');
    expect((await adminSettings()).holderRpcUrl).not.toBe('https://late.example.org/');
    expect(await audited('change_request.expire', request.id)).toBe(1);
    // Expired, the value is free to be asked for again.
    const again = await requested({ holderRpcUrl: 'https://late.example.org/' });
    await api.request('POST', `/api/admin/change-requests/${again.id}/reject`, { reason: 'test over' }, second.token);
  });

  it('whose value changed since it was made is refused, not overwritten: 409 changeRequestStale', async () => {
    const stored = (await adminSettings()).autoPayout;
    const loosen = await requested({ autoPayout: { ...stored, maxPer24h: '100000' } });
    // The brake applies meanwhile: the request's starting point is gone.
    expect((await put({ autoPayout: { ...stored, maxPerWithdrawal: '1' } })).status).toBe(200);
    const stale = await approve(loosen.id, second);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'changeRequestStale', params: { field: { code: 'fieldAutoPayout' } } });
    expect((await adminSettings()).autoPayout).toMatchObject({ maxPerWithdrawal: '1', maxPer24h: stored.maxPer24h });
    expect((await requests('pending')).map((r) => r.id)).toContain(loosen.id);
    await api.request('POST', `/api/admin/change-requests/${loosen.id}/reject`, { reason: 'stale' }, second.token);
  });

  it('approved by two owners at once takes effect once', async () => {
    third = await adminWithRole(api, root, 'operator', 'third-owner');
    const promotion = await api.request(
      'PUT',
      `/api/admin/admins/${third.id}`,
      { email: 'third-owner@example.com', username: 'third-owner', role: 'owner', ...STEP_UP },
      root,
    );
    expect((await approve(promotion.body.changeRequest.id, second)).status).toBe(200);
    third = { ...third, token: await api.login('third-owner', third.password) };
    for (let round = 0; round < 3; round++) {
      const request = await requested({ holderRpcUrl: `https://race${round}.example.org/` });
      const answers = await Promise.all([approve(request.id, second), approve(request.id, third)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.code).toBe('changeRequestDecided');
      expect(await audited('change_request.approve', request.id)).toBe(1);
      const applied = await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_logs WHERE action = 'settings.update' AND (after->>'changeRequestId')::int = :id`,
        { replacements: { id: request.id }, type: QueryTypes.SELECT },
      );
      expect(applied).toEqual([{ n: 1 }]);
    }
  });

  it('scheduled can be cancelled by any owner with step-up, and then never takes effect', async () => {
    const newWallet = randomWallet();
    const request = await requested({ stakingWallet: newWallet });
    expect((await approve(request.id, second)).body.status).toBe('scheduled');
    const bare = await api.request('DELETE', `/api/admin/change-requests/${request.id}`, {}, third.token);
    expect(bare.body.stepUpRequired).toBe(true);
    const cancelled = await api.request(
      'DELETE',
      `/api/admin/change-requests/${request.id}`,
      { currentPassword: third.password },
      third.token,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', decidedBy: { username: 'third-owner' } });
    expect((await publicSettings()).pendingChange).toBeNull();
    await hoursPass(request.id, 48);
    await changeRequestRound(api.db, changeAppliers(api.db));
    expect((await publicSettings()).stakingWallet).not.toBe(newWallet);
    expect((await api.request('DELETE', `/api/admin/change-requests/${request.id}`, STEP_UP, root)).body.code).toBe('changeRequestNotOpen');
    expect((await sentFor(request.id)).at(-1)).toMatchObject({ event: 'approval.decided', data: { decision: 'cancelled' } });
  });

  it('for a new mint fails when it falls due while stakes are owed in the old one, and says why', async () => {
    const plan = await createPlan(api, root);
    const request = await requested({ tokenContract: randomWallet() });
    expect((await approve(request.id, second)).body.status).toBe('scheduled');
    // Deposits go on in the old mint meanwhile.
    const holder = newHolder();
    await api.signIn(holder);
    const claim = { txId: randomTxId(), walletAddress: holder.wallet, amount: '1000' };
    api.chain.addDeposit({ ...claim, mint: MINT, stakingWallet: (await publicSettings()).stakingWallet });
    const staked = await api.request('POST', '/api/stakes', { planId: plan.id, status: 'active', ...claim }, { as: holder.wallet });
    expect(staked.status).toBe(201);
    await hoursPass(request.id, 25);
    expect((await publicSettings()).tokenContract).toBe(MINT);
    const failed = (await requests('failed')).find((r) => r.id === request.id);
    expect(failed).toMatchObject({ status: 'failed', failure: { code: 'tokenContractLocked' } });
    expect((await sentFor(request.id)).at(-1)).toMatchObject({ event: 'approval.decided', data: { decision: 'failed' } });
  });
});

describe('an approving owner with a passkey', () => {
  it('approves with the password and the passkey; the password alone is no step-up', async () => {
    const { passkey } = await addPasskey(api, second.token, { currentPassword: second.password });
    const request = await requested({ holderRpcUrl: 'https://passkey-approved.example.org/' });
    const passwordOnly = await approve(request.id, second);
    expect(passwordOnly.status).toBe(403);
    expect(passwordOnly.body.stepUpRequired).toBe(true);
    const approved = await approve(request.id, second, await passkeyStepUp(api, second.token, passkey, second.password));
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'applied', decidedBy: { username: 'second-owner' } });
    expect((await adminSettings()).holderRpcUrl).toBe('https://passkey-approved.example.org/');
  });
});

describe('an owner whose decision waits for the one before it', () => {
  let owner: Owner;

  beforeAll(async () => {
    owner = await adminWithRole(api, root, 'operator', 'waiting-owner');
    await api.db.query(`UPDATE admins SET role = 'owner' WHERE id = :id`, { replacements: { id: owner.id } });
  });

  /** Decisions waiting for their turn in this test's database (change-requests.service.ts). */
  const waiting = async () =>
    (
      await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks
         WHERE locktype = 'advisory' AND objid = :key AND NOT granted
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        { replacements: { key: DECISIONS_LOCK }, type: QueryTypes.SELECT },
      )
    )[0]!.n;

  /**
   * `decision`'s answer when the decision before it (this test's transaction, holding the turn)
   * does `before` to the owner while `decision` waits: past the sign-in check, before its own turn.
   */
  async function afterTheDecisionBefore(decision: () => Promise<ApiResponse>, before: string): Promise<ApiResponse> {
    let answer!: Promise<ApiResponse>;
    await api.db.transaction(async (transaction) => {
      await api.db.query('SELECT pg_advisory_xact_lock(:key)', { replacements: { key: DECISIONS_LOCK }, transaction });
      answer = decision();
      await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 10_000 });
      await api.db.query(before, { replacements: { id: owner.id }, transaction });
    });
    return answer;
  }

  it('demoted meanwhile, is refused as no owner (403) and the request stays pending', async () => {
    const request = await requested({ holderRpcUrl: 'https://demoted-decider.example.org/' });
    const reject = () => api.request('POST', `/api/admin/change-requests/${request.id}/reject`, { reason: 'mine' }, owner.token);
    const refused = await afterTheDecisionBefore(reject, `UPDATE admins SET role = 'operator' WHERE id = :id`);
    expect(refused.status).toBe(403);
    expect(refused.body.requiredRole).toBe('owner');
    expect((await requests('pending')).map((r) => r.id)).toContain(request.id);
    await api.request('POST', `/api/admin/change-requests/${request.id}/reject`, { reason: 'test over' }, second.token);
  });

  it('removed meanwhile, finds the session ended (401 sessionExpired) and the request is not approved', async () => {
    await api.db.query(`UPDATE admins SET role = 'owner' WHERE id = :id`, { replacements: { id: owner.id } });
    const request = await requested({ holderRpcUrl: 'https://removed-decider.example.org/' });
    const refused = await afterTheDecisionBefore(() => approve(request.id, owner), `DELETE FROM admins WHERE id = :id`);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('sessionExpired');
    expect((await requests('pending')).map((r) => r.id)).toContain(request.id);
    expect((await adminSettings()).holderRpcUrl).not.toBe('https://removed-decider.example.org/');
    await api.request('POST', `/api/admin/change-requests/${request.id}/reject`, { reason: 'test over' }, second.token);
  });
});
