import { describe, expect, it } from 'vitest';
import type { PayoutRecipient } from '@stakedesk/shared/api-types';
import { payoutFigures } from './payout-fee.js';

const recipient = (amount: string, sent: string | null): PayoutRecipient => ({
  withdrawalId: 1,
  wallet: 'w',
  tokenAccount: 't',
  amount,
  sent,
  createsAccount: false,
  outcome: null,
  reason: null,
  evidenceSignature: null,
  resolution: null,
});

describe('payoutFigures', () => {
  it('a fee token: the holders receive what is owed, the payer sends that plus the fee the server grossed up', () => {
    expect(payoutFigures([recipient('900', '909.090910'), recipient('100', '101.010102')])).toEqual({
      received: '1000',
      sent: '1010.101012',
      fee: '10.101012',
      withFee: true,
    });
  });

  it('no fee (or a payout registered by an earlier panel, which says nothing of what was sent): one figure', () => {
    expect(payoutFigures([recipient('270', '270')])).toEqual({ received: '270', sent: '270', fee: '0', withFee: false });
    expect(payoutFigures([recipient('270', null)])).toMatchObject({ sent: '270', withFee: false });
  });
});
