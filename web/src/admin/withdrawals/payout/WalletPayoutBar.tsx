import { Button, Modal, Space, Tag } from 'antd';
import type { Withdrawal } from '@stakedesk/shared/api-types';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { useAdminI18n } from '../../i18n.js';
import type { WalletPayout } from './use-wallet-payout.js';

/** The connected staking wallet (or the button to connect it) and Pay for the selected withdrawals. */
export function WalletPayoutBar({
  payout,
  selected,
  onPaySelected,
}: {
  payout: WalletPayout;
  selected: Withdrawal[];
  onPaySelected: () => void;
}) {
  const { t } = useAdminI18n();
  const { wallet, isStakingWallet, choices } = payout;
  return (
    <Space wrap role="group" aria-label={t('server.fieldStakingWallet')}>
      {wallet ? (
        <>
          <Tag color={isStakingWallet ? 'green' : 'red'}>
            {isStakingWallet
              ? t('payout.connected', { wallet: shortenAddress(wallet.address) })
              : t('payout.notStakingWalletTag', { wallet: shortenAddress(wallet.address) })}
          </Tag>
          <Button size="small" onClick={() => void payout.disconnect()}>
            {t('payout.disconnect')}
          </Button>
        </>
      ) : (
        <Button onClick={() => void payout.connect({ choose: true })}>{t('payout.connect')}</Button>
      )}
      <Button
        type="primary"
        disabled={selected.length === 0}
        loading={payout.paying.size > 0 && selected.some((w) => payout.paying.has(w.id))}
        onClick={onPaySelected}
      >
        {t('payout.paySelected', { count: selected.length })}
      </Button>
      <Modal open={choices !== null} title={t('payout.chooseWallet')} footer={null} onCancel={payout.closeChoices} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }}>
          {choices?.map((option) => (
            <Button
              key={option.id}
              block
              icon={option.icon ? <img src={option.icon} alt="" width={20} height={20} /> : undefined}
              onClick={() => void payout.connectWith(option)}
            >
              {option.name}
            </Button>
          ))}
        </Space>
      </Modal>
    </Space>
  );
}
