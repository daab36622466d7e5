import type { WithdrawalPayout } from '@stakedesk/shared/api-types';
import { useAdminI18n } from '../i18n.js';
import { payoutReasonText } from './payout-reason-text.js';

/** Why a payout failed or needs review, in the reader's language (payoutReasonText). */
export function usePayoutReason(): (payout: WithdrawalPayout) => string {
  const { t, language } = useAdminI18n();
  return (payout) => payoutReasonText(t, payout, language);
}

export function PayoutReason({ payout }: { payout: WithdrawalPayout }) {
  return <>{usePayoutReason()(payout)}</>;
}
