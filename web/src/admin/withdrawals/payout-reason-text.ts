import type { WithdrawalPayout } from '@stakedesk/shared/api-types';
import type { DisplayLocale } from '@stakedesk/shared/format';
import type { AdminTranslate } from '../../i18n/admin-en.js';
import { storedReason } from '../readable-error.js';

/** Why a payout failed or needs review, in the reader's language; empty when it has no reason. */
export function payoutReasonText(t: AdminTranslate, payout: WithdrawalPayout, locale: DisplayLocale = 'en'): string {
  if (!payout.reason && !payout.failureReason) return '';
  return storedReason(t, payout.reason, payout.failureReason, t('payout.reasonUnreadable'), locale);
}
