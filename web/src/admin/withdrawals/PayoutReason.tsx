import type { WithdrawalPayout } from '@stakedesk/shared/api-types';
import { useLocalizeMessage } from '../i18n.js';

/** Why a payout failed or needs review: by its code in the reader's language, else the server's English. */
export function usePayoutReason(): (payout: WithdrawalPayout) => string {
  const localize = useLocalizeMessage();
  return (payout) => (payout.reason ? localize(payout.reason) : (payout.failureReason ?? ''));
}

export function PayoutReason({ payout }: { payout: WithdrawalPayout }) {
  return <>{usePayoutReason()(payout)}</>;
}
