import { Typography } from 'antd';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';

/**
 * Why automatic payouts left a pending withdrawal to an operator, small under its payout state;
 * `narrow` in the phone's fixed actions column, which must leave room for the row's other columns.
 */
export function AutoPayoutHold({ hold, narrow = false }: { hold: CodedMessage; narrow?: boolean }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  return (
    <Typography.Text
      type="secondary"
      className={narrow ? 'admin-auto-payout-hold admin-auto-payout-hold-narrow' : 'admin-auto-payout-hold'}
    >
      {t('autoPayouts.hold', { reason: localize(hold) })}
    </Typography.Text>
  );
}
