import { describe, expect, it } from 'vitest';
import { adminKeys } from '../queries/query-keys.js';
import { staleKeys } from './stale-keys.js';

describe('what a change makes stale', () => {
  it('refetches the settings (and treasury) for a settings security change, the admins for an account change, the audit log always', () => {
    expect(staleKeys({ type: 'security.changed', changes: ['settings.stakingWallet', 'settings.tokenContract'] })).toEqual([
      adminKeys.audit,
      adminKeys.settings,
      adminKeys.treasury,
      adminKeys.reconciliation,
      adminKeys.autoPayouts,
    ]);
    expect(staleKeys({ type: 'security.changed', changes: ['admin.role'] })).toEqual([adminKeys.audit, adminKeys.admins, adminKeys.me]);
  });

  it('refetches the entity an admin changed and the audit log', () => {
    expect(staleKeys({ type: 'admin.changed', entityType: 'plan' })).toEqual([adminKeys.plans, adminKeys.stats, adminKeys.audit]);
    expect(staleKeys({ type: 'admin.changed', entityType: 'something new' })).toEqual([adminKeys.audit]);
    // A payout that ends under review changes what the treasury counts, and stops automatic payouts.
    expect(staleKeys({ type: 'admin.changed', entityType: 'payout' })).toEqual([
      adminKeys.withdrawals,
      adminKeys.treasury,
      adminKeys.autoPayouts,
      adminKeys.audit,
    ]);
  });

  it('refetches automatic payouts, the withdrawals they hold and the treasury when a round saw something new', () => {
    expect(staleKeys({ type: 'autoPayouts.changed' })).toEqual([adminKeys.autoPayouts, adminKeys.withdrawals, adminKeys.treasury]);
  });

  it('refetches everything after a resync', () => {
    expect(staleKeys({ type: 'resync' })).toEqual([adminKeys.all]);
  });
});
