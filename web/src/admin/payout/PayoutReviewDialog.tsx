import { Alert, Button, Descriptions, Modal, Tag, Typography } from 'antd';
import type { PayoutRecipient } from '@stakedesk/shared/api-types';
import { formatExact } from '@stakedesk/shared/format';
import { addWhole } from '@stakedesk/shared/money';
import { useAdminSettings } from '../api/queries.js';
import { CopyAddress } from '../components/CopyAddress.js';
import { useAdminI18n } from '../i18n.js';
import type { WalletPayout } from './use-wallet-payout.js';

/**
 * What the server prepared, shown before the staking wallet signs it: who receives what, at which
 * token account (and whether the transaction creates it), the total and the payer. Signing sends it
 * through the server; closing it unsigned sends nothing.
 */
export function PayoutReviewDialog({ payout }: { payout: WalletPayout }) {
  const { t } = useAdminI18n();
  const { data: settings } = useAdminSettings();
  const { review } = payout;
  if (!review) return null;
  const { prepared, signing, error } = review;
  const mint = review.withdrawals[0]?.tokenContract ?? '';
  // Owed in another token than the settings name now (a deposit before a change): no symbol, the mint is shown instead.
  const symbol = mint === settings?.tokenContract ? (settings?.tokenSymbol ?? '') : '';
  const tokens = (value: string) => `${formatExact(value)} ${symbol}`.trim();
  const total = prepared.recipients.reduce((sum, recipient) => addWhole(sum, recipient.amount), '0');
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
          { key: 'total', label: t('payout.review.total'), children: <strong>{tokens(total)}</strong> },
        ]}
      />
      <Typography.Title level={2} className="admin-heading-small admin-section-title">
        {t('payout.review.recipients')} ({prepared.recipients.length})
      </Typography.Title>
      <ol className="admin-payout-recipients" aria-label={t('payout.review.recipients')}>
        {prepared.recipients.map((recipient) => (
          <RecipientItem key={recipient.withdrawalId} recipient={recipient} amount={tokens(recipient.amount)} />
        ))}
      </ol>
      {createsAccounts && <Typography.Paragraph type="secondary">{t('payout.review.createsAccountHint')}</Typography.Paragraph>}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('payout.review.closeHint')}
      </Typography.Paragraph>
    </Modal>
  );
}

function RecipientItem({ recipient, amount }: { recipient: PayoutRecipient; amount: string }) {
  const { t } = useAdminI18n();
  return (
    <li>
      <div className="admin-payout-recipient-head">
        <span>
          <Typography.Text type="secondary">{t('payout.review.wallet')}</Typography.Text> <CopyAddress address={recipient.wallet} />
        </span>
        <strong>{amount}</strong>
      </div>
      <div>
        <Typography.Text type="secondary">{t('payout.review.tokenAccount')}</Typography.Text>{' '}
        <span className="admin-mono admin-address">{recipient.tokenAccount}</span>{' '}
        {recipient.createsAccount && <Tag color="orange">{t('payout.review.createsAccount')}</Tag>}
      </div>
    </li>
  );
}
