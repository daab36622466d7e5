import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, ChangeRequest, PublicSettings } from '@stakedesk/shared/api-types';
import { randomWallet, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';
import { adminWithRole } from '../test/two-factor.js';
import { alertInbox, type SentAlert } from '../test/alert-inbox.js';
import { changeRequestRound } from './change-requests.service.js';
import { changeAppliers } from '../four-eyes.js';

// No single owner moves the money (DESIGN 17): with two or more owners, a change of where deposits
// go (and the other guarded fields) waits for another owner, and a new wallet waits a delay after that.
const MINT = randomWallet();
const WALLET = randomWallet();
const REQUIRED = { tokenName: 'Acme Token', tokenSymbol: 'ACME', tokenContract: MINT, stakingWallet: WALLET };

let api: TestServer;
let root: string;
let alerts: () => Promise<SentAlert[]>;
type Owner = Awaited<ReturnType<typeof adminWithRole>>;
let second: Owner;
let third: Owner;

beforeAll(async () => {
  // Settings read from the database every time: a test moves a request's times in SQL.
  api = await startTestServer({ cacheTtlMs: 0, allowPrivateRpc: true });
  root = await api.login();
  expect((await api.request('PUT', '/api/admin/settings', { ...REQUIRED, ...STEP_UP }, root)).status).toBe(200);
  alerts = await alertInbox(api, root, ['approval.requested', 'approval.decided', 'settings.step_up_change']);
});
afterAll(() => api.close());

const put = (change: Record<string, unknown>, token = root, proof: Record<string, unknown> = STEP_UP) =>
  api.request('PUT', '/api/admin/settings', { ...REQUIRED, ...change, ...proof }, token);
const publicSettings = async () => (await api.request<PublicSettings>('GET', '/api/settings')).body;
const adminSettings = async () => (await api.request<AdminSettings>('GET', '/api/admin/settings', undefined, root)).body;
const requests = async (status?: string) =>
  (await api.request<ChangeRequest[]>('GET', `/api/admin/change-requests${status ? `?status=${status}` : ''}`, undefined, root)).body;
const approve = (id: number, owner: Owner, proof: Record<string, unknown> = { currentPassword: owner.password }) =>
  api.request('POST', `/api/admin/change-requests/${id}/approve`, proof, owner.token);
const audited = async (action: string, id: number) =>
  (
    await api.sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_logs WHERE action = :action AND entity_type = 'change_request' AND entity_id = :id`,
      { replacements: { action, id: String(id) }, type: 'SELECT' },
    )
  )[0]!.n;
/** Moves a request's times into the past, as if that many hours had gone by. */
const hoursPass = (id: number, hours: number) =>
  api.sequelize.query(
    `UPDATE change_requests SET requested_at = requested_at - make_interval(hours => :hours),
       expires_at = expires_at - make_interval(hours => :hours), effective_at = effective_at - make_interval(hours => :hours)
     WHERE id = :id`,
    { replacements: { id, hours } },
  );
const sentFor = async (id: number) => (await alerts()).filter((alert) => alert.data.changeRequestId === id);

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
    await changeRequestRound(api.sequelize, changeAppliers(api.sequelize));
    expect((await publicSettings()).stakingWallet).toBe(WALLET);
    expect(await sentFor(request.id)).toMatchObject([
      { event: 'approval.requested' },
      { event: 'approval.decided', data: { decision: 'scheduled', username: 'second-owner' } },
    ]);
  });

  it('takes effect once its time has come, on the first read, exactly once', async () => {
    await hoursPass(request.id, 25);
    const reads = await Promise.all([publicSettings(), publicSettings(), adminSettings()]);
    for (const read of reads) expect(read).toMatchObject({ stakingWallet: newWallet, pendingChange: null });
    await changeRequestRound(api.sequelize, changeAppliers(api.sequelize));
    expect(await audited('change_request.apply', request.id)).toBe(1);
    expect((await requests('applied')).map((r) => r.id)).toContain(request.id);
    const sent = await alerts();
    const since = sent.findIndex((alert) => alert.event === 'approval.requested' && alert.data.changeRequestId === request.id);
    const stepUps = sent.slice(since - 1).filter((alert) => alert.event === 'settings.step_up_change');
    // At the request, at the approval and when it took effect.
    expect(stepUps.map((alert) => alert.data.username)).toEqual(['root', 'second-owner', 'second-owner']);
  });
});
