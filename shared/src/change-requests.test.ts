import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_PAYOUT, type AutoPayoutPolicy } from './auto-payout.js';
import { policyBrake, samePolicy, walletChangeDelayAllowed, walletChangeDelayFor } from './change-requests.js';

const POLICY: AutoPayoutPolicy = {
  enabled: true,
  maxPerWithdrawal: '100',
  maxPer24h: '1000',
  minHotBalance: '50',
  newWalletDelayHours: 24,
};

describe("a policy change's brake, which applies at once", () => {
  it('takes the stricter of each part: off, the lower limits, the higher minimum, the longer wait', () => {
    const asked = { enabled: false, maxPerWithdrawal: '500', maxPer24h: '10', minHotBalance: '20', newWalletDelayHours: 48 };
    expect(policyBrake(POLICY, asked)).toEqual({
      enabled: false,
      maxPerWithdrawal: '100',
      maxPer24h: '10',
      minHotBalance: '50',
      newWalletDelayHours: 48,
    });
  });

  it('is the stored policy when the change only loosens it, and the asked one when it only tightens it', () => {
    const looser = { ...POLICY, maxPerWithdrawal: '1000', minHotBalance: '0' };
    expect(samePolicy(policyBrake(POLICY, looser), POLICY)).toBe(true);
    const stricter = { ...POLICY, enabled: false, maxPer24h: '999.5' };
    expect(samePolicy(policyBrake(POLICY, stricter), stricter)).toBe(true);
    // Turning it on is never a brake.
    expect(policyBrake(DEFAULT_AUTO_PAYOUT, { ...DEFAULT_AUTO_PAYOUT, enabled: true }).enabled).toBe(false);
  });

  it('compares amounts as numbers, not as text', () => {
    expect(samePolicy({ ...POLICY, maxPer24h: '1000.0' }, POLICY)).toBe(true);
    expect(policyBrake(POLICY, { ...POLICY, maxPerWithdrawal: '99.99' }).maxPerWithdrawal).toBe('99.99');
    expect(policyBrake(POLICY, { ...POLICY, maxPerWithdrawal: '1000' }).maxPerWithdrawal).toBe('100');
  });
});

describe('the wallet change delay', () => {
  it('may be 0 only with a single owner', () => {
    expect(walletChangeDelayAllowed(0, 1)).toBe(true);
    expect(walletChangeDelayAllowed(0, 2)).toBe(false);
    expect(walletChangeDelayAllowed(1, 5)).toBe(true);
  });

  it('waits the default for a 0 saved before a second owner came', () => {
    expect(walletChangeDelayFor(0, 2)).toBe(24);
    expect(walletChangeDelayFor(6, 2)).toBe(6);
    expect(walletChangeDelayFor(0, 1)).toBe(0);
  });
});
