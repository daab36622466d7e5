import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_PAYOUT } from '@stakedesk/shared/auto-payout';
import { adminEn, type AdminMessageKey } from '../../../i18n/admin-en.js';
import { policyChanges } from './policy-changes.js';

const t = (key: AdminMessageKey) => adminEn[key];

describe('what a policy change shows in the step-up dialog', () => {
  it('names the switch and each limit that changes, with its value before and after', () => {
    const next = { ...DEFAULT_AUTO_PAYOUT, enabled: true, maxPerWithdrawal: '250', newWalletDelayHours: 24 };
    expect(policyChanges(DEFAULT_AUTO_PAYOUT, next, t)).toEqual([
      { label: 'Automatic payouts', from: 'Off', to: 'On' },
      { label: 'Limit per Withdrawal', from: '0', to: '250' },
    ]);
  });

  it('shows nothing when the policy is not part of the change', () => {
    expect(policyChanges(DEFAULT_AUTO_PAYOUT, undefined, t)).toEqual([]);
    expect(policyChanges(DEFAULT_AUTO_PAYOUT, { ...DEFAULT_AUTO_PAYOUT }, t)).toEqual([]);
  });
});
