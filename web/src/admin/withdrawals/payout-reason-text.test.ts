import { describe, expect, it } from 'vitest';
import type { WithdrawalPayout } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { adminEn, type AdminMessageKey } from '../../i18n/admin-en.js';
import { adminPtBR } from '../../i18n/admin-pt-BR.js';
import { payoutReasonText } from './payout-reason-text.js';

const translator = (catalogue: Record<AdminMessageKey, string>) => (key: AdminMessageKey, values?: Record<string, string | number>) =>
  catalogue[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match));

const payout = (fields: Partial<WithdrawalPayout>): WithdrawalPayout => ({
  id: 1,
  status: 'failed',
  signature: 'sig',
  outcome: 'freed',
  reason: null,
  failureReason: null,
  holds: false,
  ...fields,
});

describe("a payout's reason in the panel", () => {
  const pt = translator(adminPtBR);

  it("is said by its code in the reader's language", () => {
    const failed = payout({ reason: msg('payoutFailedOnChain'), failureReason: 'The payout transaction failed on chain' });
    expect(payoutReasonText(pt, failed, 'pt-BR')).toBe(adminPtBR['server.payoutFailedOnChain']);
  });

  it('falls back to the English words of a payout settled by an earlier server, never to a technical dump', () => {
    const en = translator(adminEn);
    expect(payoutReasonText(en, payout({ failureReason: 'The withdrawal was no longer pending' }))).toBe(
      'The withdrawal was no longer pending',
    );
    expect(payoutReasonText(pt, payout({ failureReason: 'Transaction failed: {"InstructionError":[0,{"Custom":1}]}' }), 'pt-BR')).toBe(
      adminPtBR['payout.reasonUnreadable'],
    );
    expect(payoutReasonText(en, payout({ status: 'completed', outcome: 'paid' }))).toBe('');
  });
});
