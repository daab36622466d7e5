import { notify } from '../../lib/notify.js';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { useI18n } from '../../i18n/i18n.js';
import { useConnectWallet } from './use-connect-wallet.js';
import { useWallet } from './wallet-context.js';

/** The top bar's wallet control: Connect Wallet / Connecting... / Connected: address + disconnect. */
export function WalletButton() {
  const { t } = useI18n();
  const { status, address, disconnect } = useWallet();
  const { connect: onConnect, installDialog } = useConnectWallet();

  async function onDisconnect() {
    await disconnect();
    notify('success', t('toast.walletDisconnected'), t('toast.walletDisconnectedText'));
  }

  if (status === 'connected' && address) {
    return (
      <div className="wallet-badge">
        <span>
          <span className="wide-only">{t('wallet.connected')}</span>
          <code>{shortenAddress(address)}</code>
        </span>
        <button
          type="button"
          className="icon-button"
          onClick={onDisconnect}
          aria-label={t('wallet.disconnect')}
          title={t('wallet.disconnect')}
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M12 3v9" />
            <path d="M6.3 7.3a8 8 0 1 0 11.4 0" />
          </svg>
        </button>
      </div>
    );
  }
  const connecting = status === 'connecting';
  return (
    <>
      <button type="button" className="button primary" onClick={onConnect} disabled={connecting} aria-busy={connecting}>
        {connecting ? (
          <>
            <span className="spinner" aria-hidden="true" /> {t('wallet.connecting')}
          </>
        ) : (
          <>
            <span className="wide-only">{t('wallet.connect')}</span>
            <span className="narrow-only">{t('wallet.connectShort')}</span>
          </>
        )}
      </button>
      {installDialog}
    </>
  );
}
