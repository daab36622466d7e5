import { describe, expect, it } from 'vitest';
import { capacityRefusal, remainingCapacity } from './capacity.js';

describe('remainingCapacity', () => {
  it('is what the cap still takes, never negative, null without a cap', () => {
    expect(remainingCapacity('10000', '2500')).toBe('7500');
    expect(remainingCapacity('10000', '12000')).toBe('0');
    expect(remainingCapacity(null, '12000')).toBeNull();
  });
});

describe('capacityRefusal', () => {
  const caps = { maxTotalStaked: '10000', maxPerWallet: '3000' };
  it('accepts an amount that fills a cap exactly', () => {
    expect(capacityRefusal(caps, { plan: '7000', wallet: '0' }, '3000')).toBeNull();
  });
  it("refuses over the plan's cap first, then over the wallet's", () => {
    expect(capacityRefusal(caps, { plan: '9000', wallet: '2900' }, '1001')).toEqual({ limit: 'plan', remaining: '1000' });
    expect(capacityRefusal(caps, { plan: '1000', wallet: '2900' }, '101')).toEqual({ limit: 'wallet', remaining: '100' });
  });
  it('has no limit without caps', () => {
    expect(capacityRefusal({ maxTotalStaked: null, maxPerWallet: null }, { plan: '1', wallet: '1' }, '99999999')).toBeNull();
  });
});
