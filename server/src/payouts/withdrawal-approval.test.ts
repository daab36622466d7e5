import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, AdminWithdrawal, Withdrawal } from '@stakedesk/shared/api-types';
import { releaseTogether } from '../test/release-together.js';
import { STEP_UP } from '../test/test-server.js';
import { startPayoutWorld, type PayoutWorld } from '../test/payout-world.js';

// Four eyes on large withdrawals (DESIGN 17): at or above settings approvalThreshold no payout is
// prepared until an admin other than the one who prepares it approved the withdrawal.
let world: PayoutWorld;
let operator: string;
let viewer: string;

async function signedInAdmin(username: string, role: string): Promise<string> {
  const password = `password-of-${username}`;
  const created = await world.api.request(
    'POST',
    '/api/admin/admins',
    { email: `${username}@example.com`, username, password, role, ...STEP_UP },
    world.token,
  );
  expect(created.status).toBe(201);
  return world.api.login(username, password);
}

const approve = (id: number, as: string) => world.api.request<Withdrawal>('POST', `/api/admin/withdrawals/${id}/approve`, undefined, as);

beforeAll(async () => {
  world = await startPayoutWorld();
  operator = await signedInAdmin('second', 'operator');
  viewer = await signedInAdmin('looker', 'viewer');
  // 800 is what an early unstake of 1,000 pays (20% penalty): at the threshold, so it needs approval.
  expect((await world.saveSettings({ approvalThreshold: '800' })).body.approvalThreshold).toBe('800');
}, 60_000);
afterAll(() => world.close());

describe('a withdrawal at or above the approval threshold', () => {
  it('cannot be prepared before an approval (409 approvalRequired, nothing claimed); one below it can', async () => {
    const large = await world.pendingWithdrawal(1000);
    const small = await world.pendingWithdrawal(500);
    const refused = await world.prepare([large.withdrawal.id]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'approvalRequired', params: { threshold: { tokens: '800' } } });
    expect(await world.adminWithdrawal(large.withdrawal.id)).toMatchObject({
      status: 'pending',
      payout: null,
      approvalRequired: true,
      approvedBy: null,
      approvedAt: null,
    });
    // A batch with it is refused whole.
    expect((await world.prepare([small.withdrawal.id, large.withdrawal.id])).status).toBe(409);
    expect(await world.adminWithdrawal(small.withdrawal.id)).toMatchObject({ approvalRequired: false, payout: null });
    expect((await world.prepare([small.withdrawal.id])).status).toBe(201);
  });

  it('is paid by an admin other than the approver; the approver cannot prepare it', async () => {
    const { withdrawal } = await world.pendingWithdrawal(1000);
    const approved = await approve(withdrawal.id, operator);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: withdrawal.id, status: 'pending' });
    const listed: AdminWithdrawal = await world.adminWithdrawal(withdrawal.id);
    expect(listed).toMatchObject({ approvalRequired: true, approvedBy: 'second' });
    expect(Date.parse(listed.approvedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const byApprover = await world.prepare([withdrawal.id], operator);
    expect(byApprover.status).toBe(409);
    expect(byApprover.body).toMatchObject({ code: 'approvalRequired' });
    const byOther = await world.prepare([withdrawal.id]);
    expect(byOther.status).toBe(201);

    const audit = await world.api.request<{ action: string; adminUsername: string; entityId: string }[]>(
      'GET',
      '/api/admin/audit-log?limit=50',
      undefined,
      world.token,
    );
    expect(audit.body.filter((entry) => entry.action === 'withdrawal.approve' && entry.entityId === String(withdrawal.id))).toEqual([
      expect.objectContaining({ adminUsername: 'second' }),
    ]);
  });

  it('is approved once however many approve at the same moment; the first approval stands', async () => {
    const { withdrawal } = await world.pendingWithdrawal(1000);
    const answers = await releaseTogether(
      world.api.baseUrl,
      [operator, world.token].map((token) => ({
        method: 'POST',
        path: `/api/admin/withdrawals/${withdrawal.id}/approve`,
        headers: { authorization: `Bearer ${token}` },
      })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [rows] = await world.api.db.query(
      `SELECT count(*)::int AS n FROM audit_logs WHERE action = 'withdrawal.approve' AND entity_id = :id`,
      { replacements: { id: String(withdrawal.id) } },
    );
    expect(rows).toEqual([{ n: 1 }]);
    const approver = (await world.adminWithdrawal(withdrawal.id)).approvedBy;
    expect(['second', 'root']).toContain(approver);
    expect((await approve(withdrawal.id, approver === 'root' ? operator : world.token)).status).toBe(200);
    expect((await world.adminWithdrawal(withdrawal.id)).approvedBy).toBe(approver);
  });

  it('is refused to a viewer (403), and answers 404 and 409 for a withdrawal that is not there or not pending', async () => {
    const { withdrawal } = await world.pendingWithdrawal(1000);
    const byViewer = await approve(withdrawal.id, viewer);
    expect(byViewer.status).toBe(403);
    expect(byViewer.body).toMatchObject({ requiredRole: 'operator' });
    expect((await world.adminWithdrawal(withdrawal.id)).approvedBy).toBeNull();
    expect((await approve(999_999, operator)).status).toBe(404);
    await world.api.request('PUT', `/api/admin/withdrawals/${withdrawal.id}`, { status: 'rejected', reason: 'asked twice' }, world.token);
    expect((await approve(withdrawal.id, operator)).body).toMatchObject({ code: 'withdrawalAlreadyProcessed' });
  });
});

describe('the approval threshold', () => {
  it('is raised or removed only with a step-up; lowering it needs none', async () => {
    const raise = await world.saveSettings({ approvalThreshold: '5000' });
    expect(raise.status).toBe(403);
    expect(raise.body.stepUpRequired).toBe(true);
    const remove = await world.saveSettings({ approvalThreshold: '' });
    expect(remove.status).toBe(403);
    expect((await world.api.request<AdminSettings>('GET', '/api/admin/settings', undefined, world.token)).body.approvalThreshold).toBe(
      '800',
    );
    expect((await world.saveSettings({ approvalThreshold: '700' })).status).toBe(200);
    const removed = await world.saveSettings({ approvalThreshold: null, ...STEP_UP });
    expect(removed.status).toBe(200);
    expect(removed.body.approvalThreshold).toBe('');
    // With no threshold, nothing waits.
    const { withdrawal } = await world.pendingWithdrawal(1000);
    expect(await world.adminWithdrawal(withdrawal.id)).toMatchObject({ approvalRequired: false });
    expect((await world.prepare([withdrawal.id])).status).toBe(201);
    expect((await world.saveSettings({ approvalThreshold: '800' })).status).toBe(200);
  });

  it('refuses a value that is not an amount, with the field named', async () => {
    const response = await world.saveSettings({ approvalThreshold: '-1' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'mustBeAtLeast' });
  });
});
