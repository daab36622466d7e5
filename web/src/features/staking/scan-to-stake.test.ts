import { describe, expect, it } from 'vitest';
import type { ScanIntentStatus } from '@stakedesk/shared/api-types';
import { SCAN_POLL_MS, scanPollInterval, scanSendFigures, scanView } from './scan-to-stake.js';

const status = (fields: Partial<ScanIntentStatus>): ScanIntentStatus => ({
  id: 7,
  status: 'open',
  stakeId: null,
  walletAddress: null,
  ...fields,
});
const PAYER = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

describe('scan to stake: what the panel shows for the server answer', () => {
  it('waits, and keeps asking every few seconds, before the first answer and while the code is open', () => {
    expect(scanView(undefined)).toEqual({ kind: 'waiting' });
    expect(scanView(status({ status: 'open' }))).toEqual({ kind: 'waiting' });
    expect(scanPollInterval(undefined)).toBe(SCAN_POLL_MS);
    expect(scanPollInterval(status({ status: 'open' }))).toBe(SCAN_POLL_MS);
    expect(SCAN_POLL_MS).toBeLessThanOrEqual(5000);
  });

  it('says recorded, naming the wallet that paid, and stops asking', () => {
    const recorded = status({ status: 'recorded', stakeId: 12, walletAddress: PAYER });
    expect(scanView(recorded)).toEqual({ kind: 'recorded', wallet: PAYER });
    expect(scanPollInterval(recorded)).toBe(false);
    // A recorded answer without the payer still says recorded (no wallet to name).
    expect(scanView(status({ status: 'recorded', stakeId: 12 }))).toEqual({ kind: 'recorded', wallet: null });
  });

  it('says expired only when the server does, and stops asking', () => {
    const expired = status({ status: 'expired' });
    expect(scanView(expired)).toEqual({ kind: 'expired' });
    expect(scanPollInterval(expired)).toBe(false);
  });
});

describe('scan to stake: what the paying wallet sends', () => {
  it('is the stake alone for a token without a transfer fee', () => {
    expect(scanSendFigures({ sendAmount: '1000', feeAmount: '0' }, '1000')).toEqual({ send: '1000', stake: '1000', fee: undefined });
    expect(scanSendFigures({ sendAmount: '1000', feeAmount: '0.000000' }, '1000').fee).toBeUndefined();
  });

  it("is the stake plus the token's fee, named, when it has one", () => {
    expect(scanSendFigures({ sendAmount: '1010.1', feeAmount: '10.1' }, '1000')).toEqual({ send: '1010.1', stake: '1000', fee: '10.1' });
  });
});
