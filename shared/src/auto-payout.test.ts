import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoPayoutHold, DEFAULT_AUTO_PAYOUT, policyChangeNeedsStepUp, type AutoPayoutPolicy } from './auto-payout.js';
import { compareDecimal, sumDecimals } from './decimal.js';
import { daysLeft } from './treasury.js';

const policy: AutoPayoutPolicy = {
  enabled: true,
  maxPerWithdrawal: '1000',
  maxPer24h: '5000',
  minHotBalance: '100',
  newWalletDelayHours: 24,
};
const now = new Date('2026-11-26T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

describe('autoPayoutHold', () => {
  it('pays a known wallet within both limits', () => {
    expect(
      autoPayoutHold(policy, { finalAmount: '1000', requestedAt: now, walletPaidBefore: true, expiredPayoutId: null }, '4000', now, 'SDT'),
    ).toBeNull();
  });

  it('names the limit a withdrawal passes, and when a new wallet may be paid', () => {
    expect(
      autoPayoutHold(policy, { finalAmount: '1000.5', requestedAt: now, walletPaidBefore: true, expiredPayoutId: null }, '0', now, 'SDT'),
    ).toEqual({
      code: 'autoPayoutOverWithdrawalLimit',
      params: { limit: { tokens: '1000', symbol: 'SDT' } },
    });
    expect(
      autoPayoutHold(
        policy,
        { finalAmount: '1000', requestedAt: now, walletPaidBefore: true, expiredPayoutId: null },
        '4000.1',
        now,
        'SDT',
      ),
    ).toEqual({
      code: 'autoPayoutOverDailyLimit',
      params: { limit: { tokens: '5000', symbol: 'SDT' }, paid: { tokens: '4000.1', symbol: 'SDT' } },
    });
    expect(
      autoPayoutHold(
        policy,
        { finalAmount: '10', requestedAt: hoursAgo(23), walletPaidBefore: false, expiredPayoutId: null },
        '0',
        now,
        'SDT',
      ),
    ).toEqual({
      code: 'autoPayoutNewWallet',
      params: { hours: 24, at: '2026-11-26 13:00 UTC' },
    });
    expect(
      autoPayoutHold(
        policy,
        { finalAmount: '10', requestedAt: hoursAgo(24), walletPaidBefore: false, expiredPayoutId: null },
        '0',
        now,
        'SDT',
      ),
    ).toBeNull();
  });

  it('never lets the day pass its limit, whatever the amounts (property)', () => {
    const amount = fc.integer({ min: 0, max: 10_000 }).map(String);
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 30 }), (amounts) => {
        let paid = '0';
        for (const finalAmount of amounts) {
          if (
            autoPayoutHold(
              policy,
              { finalAmount, requestedAt: hoursAgo(48), walletPaidBefore: false, expiredPayoutId: null },
              paid,
              now,
              'SDT',
            ) === null
          ) {
            expect(compareDecimal(finalAmount, policy.maxPerWithdrawal)).toBeLessThanOrEqual(0);
            paid = sumDecimals([paid, finalAmount]);
          }
        }
        expect(compareDecimal(paid, policy.maxPer24h)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('leaves a withdrawal whose payout expired to an operator, whatever else holds (DESIGN 15)', () => {
    const known = { finalAmount: '10', requestedAt: hoursAgo(48), walletPaidBefore: true };
    expect(autoPayoutHold(policy, { ...known, expiredPayoutId: 7 }, '0', now, 'SDT')).toEqual({
      code: 'autoPayoutAfterExpiry',
      params: { id: 7 },
    });
    expect(autoPayoutHold(policy, { ...known, expiredPayoutId: null }, '0', now, 'SDT')).toBeNull();
  });

  it('pays nothing under the default policy', () => {
    expect(
      autoPayoutHold(
        DEFAULT_AUTO_PAYOUT,
        { finalAmount: '1', requestedAt: hoursAgo(48), walletPaidBefore: true, expiredPayoutId: null },
        '0',
        now,
        'SDT',
      ),
    ).not.toBeNull();
  });
});

describe('policyChangeNeedsStepUp', () => {
  it('lets anyone with the owner role pull the brake, and asks a step-up for anything else', () => {
    expect(policyChangeNeedsStepUp(policy, policy)).toBe(false);
    expect(policyChangeNeedsStepUp(policy, { ...policy, enabled: false })).toBe(false);
    expect(policyChangeNeedsStepUp({ ...policy, enabled: false }, policy)).toBe(true);
    expect(policyChangeNeedsStepUp(policy, { ...policy, maxPer24h: '5001' })).toBe(true);
    expect(policyChangeNeedsStepUp(policy, { ...policy, enabled: false, maxPer24h: '1' })).toBe(true);
    expect(policyChangeNeedsStepUp(policy, { ...policy, newWalletDelayHours: 0 })).toBe(true);
  });
});

describe('daysLeft', () => {
  it("is the balance over the last week's daily rate, in tenths rounded down; null when nothing was paid", () => {
    expect(daysLeft('700', '700', 7)).toBe(7);
    expect(daysLeft('1000', '700', 7)).toBe(10);
    expect(daysLeft('49200', '800', 7)).toBe(430.5);
    expect(daysLeft('0.5', '7', 7)).toBe(0.5);
    expect(daysLeft('100', '0', 7)).toBeNull();
  });
});
