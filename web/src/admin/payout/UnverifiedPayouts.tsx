import { Typography } from 'antd';
import { shortenAddress } from '@stakedesk/shared/shorten';
import type { Translate } from '../../i18n/create-i18n.js';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import type { PayoutOutcome } from './payout-errors.js';

/** Payouts that went out on chain but that the server refused: the signatures, to paste later. */
export function UnverifiedPayouts({
  outcomes,
  localize,
  t,
}: {
  outcomes: Extract<PayoutOutcome, { verified: false }>[];
  localize: (message: string) => string;
  t: Translate<AdminMessageKey>;
}) {
  return (
    <div>
      <Typography.Paragraph>{t('payout.unverifiedIntro')}</Typography.Paragraph>
      {outcomes.map(({ withdrawal, signature, reason }) => (
        <div key={withdrawal.id} className="admin-payout-unverified">
          <Typography.Text strong>{shortenAddress(withdrawal.walletAddress)}</Typography.Text>: {localize(reason)}
          <div>
            {t('payout.signature')}:{' '}
            <Typography.Text code copyable className="admin-mono">
              {signature}
            </Typography.Text>
          </div>
        </div>
      ))}
    </div>
  );
}
