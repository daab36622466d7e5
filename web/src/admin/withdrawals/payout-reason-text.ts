import type { WithdrawalPayout } from '@stakedesk/shared/api-types';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { plainOr } from '../errors/readable-error.js';

type Translate = (key: AdminMessageKey, values?: Record<string, string | number>) => string;

/**
 * Why a payout failed or needs review: by its code in the reader's language (`localize`). A payout
 * settled by an earlier server has only its English words, shown when a person can read them.
 */
export function payoutReasonText(t: Translate, localize: (source: unknown) => string, payout: WithdrawalPayout): string {
  if (payout.reason) return localize(payout.reason);
  return payout.failureReason ? plainOr(payout.failureReason, t('payout.reasonUnreadable')) : '';
}
