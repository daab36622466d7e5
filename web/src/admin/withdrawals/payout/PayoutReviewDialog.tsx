import { Alert, Button, Descriptions, Modal, Tag, Typography } from 'antd';
import type { PayoutRecipient } from '@stakedesk/shared/api-types';
import { useAdminSettings } from '../../core/queries/queries.js';
import { CopyAddress } from '../../components/CopyAddress.js';
import { useAdminFormat } from '../../format.js';
import { useAdminI18n } from '../../i18n.js';
import { payoutFigures } from './payout-fee.js';
import type { WalletPayout } from './use-wallet-payout.js';

/**
 * What the server prepared, shown before the staking wallet signs it: who receives what, at which
 * token account (and whether the transaction creates it), the total and the payer. A token with a
 * transfer fee sends more than the holders receive: both are shown, with the fee. Signing sends it
 * through the server; closing it unsigned sends nothing.
 */
export function PayoutReviewDialog({ payout }: { payout: WalletPayout }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const { data: settings } = useAdminSettings();
  const { review } = payout;
  if (!review) return null;
  const { prepared, signing, error } = review;
  const mint = review.withdrawals[0]?.tokenContract ?? '';
  // Owed in another token than the settings name now (a deposit before a change): no symbol, the mint is shown instead.
  const symbol = mint === settings?.tokenContract ? (settings?.tokenSymbol ?? '') : '';
  const tokens = (value: string) => format.tokens(value, symbol);
  const total = payoutFigures(prepared.recipients);
  const createsAccounts = prepared.recipients.some((recipient) => recipient.createsAccount);

  return (
    <Modal
      open
      title={t('payout.review.title', { id: prepared.id })}
      onCancel={payout.closeReview}
      closable={!signing}
      keyboard={!signing}
      maskClosable={false}
      width={720}
      destroyOnHidden
      footer={[
        <Button key="close" disabled={signing} onClick={payout.closeReview}>
          {t('payout.review.close')}
        </Button>,
        <Button key="sign" type="primary" loading={signing} onClick={() => void payout.signReviewed()}>
          {t('payout.review.sign')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('payout.review.intro')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'payer', label: t('payout.review.payer'), children: <span className="admin-mono admin-address">{prepared.payer}</span> },
          ...(symbol
            ? []
            : [{ key: 'token', label: t('payout.review.token'), children: <span className="admin-mono admin-address">{mint}</span> }]),
          { key: 'total', label: t('payout.review.total'), children: <strong>{tokens(total.received)}</strong> },
          ...(total.withFee
            ? [
                {
                  key: 'sent',
                  label: t('payout.review.totalSent'),
                  children: <strong>{t('payout.review.withFee', { sent: tokens(total.sent), fee: tokens(total.fee) })}</strong>,
                },
              ]
            : []),
        ]}
      />
      <Typography.Title level={2} className="admin-heading-small admin-section-title">
        {t('payout.review.recipients')} ({prepared.recipients.length})
      </Typography.Title>
      <ol className="admin-payout-recipients" aria-label={t('payout.review.recipients')}>
        {prepared.recipients.map((recipient) => (
          <RecipientItem key={recipient.withdrawalId} recipient={recipient} tokens={tokens} />
        ))}
      </ol>
      {createsAccounts && <Typography.Paragraph type="secondary">{t('payout.review.createsAccountHint')}</Typography.Paragraph>}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('payout.review.closeHint')}
      </Typography.Paragraph>
    </Modal>
  );
}

function RecipientItem({ recipient, tokens }: { recipient: PayoutRecipient; tokens: (value: string) => string }) {
  const { t } = useAdminI18n();
  const figures = payoutFigures([recipient]);
  return (
    <li>
      <div className="admin-payout-recipient-head">
        <span>
          <Typography.Text type="secondary">{t('payout.review.wallet')}</Typography.Text> <CopyAddress address={recipient.wallet} />
        </span>
        <strong>{t('payout.review.receives', { amount: tokens(figures.received) })}</strong>
      </div>
      {figures.withFee && (
        <Typography.Text type="secondary" className="admin-block">
          {t('payout.review.recipientSent', { sent: tokens(figures.sent), fee: tokens(figures.fee) })}
        </Typography.Text>
      )}
      <div>
        <Typography.Text type="secondary">{t('payout.review.tokenAccount')}</Typography.Text>{' '}
        <span className="admin-mono admin-address">{recipient.tokenAccount}</span>{' '}
        {recipient.createsAccount && <Tag color="orange">{t('payout.review.createsAccount')}</Tag>}
      </div>
    </li>
  );
}
