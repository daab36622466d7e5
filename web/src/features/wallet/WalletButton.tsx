import { useNavigate, useLocation } from 'react-router-dom';
import { notify } from '../../lib/notify.js';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { WALLET_CONNECT_REDIRECT_MS } from '@stakedesk/shared/constants';
import { useI18n, useLocalizeError } from '../../i18n/i18n.js';
import { isUserRejection } from '../../lib/wallet/wallet-rejection.js';
import { PHANTOM_SITE } from '../../lib/wallet/phantom.js';
import { useWallet, WalletMissingError } from './wallet-context.js';

/** The top bar's wallet control: Connect Wallet / Connecting... / Connected: address + disconnect. */
export function WalletButton() {
  const { t } = useI18n();
  const localizeError = useLocalizeError();
  const { status, address, connect, disconnect } = useWallet();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  async function onConnect() {
    try {
      const wallet = await connect();
      if (!wallet) return;
      notify('success', t('toast.walletConnected'), t('toast.walletConnectedText'));
      if (pathname === '/') setTimeout(() => navigate('/dashboard'), WALLET_CONNECT_REDIRECT_MS);
    } catch (error) {
      if (error instanceof WalletMissingError) {
        window.open(PHANTOM_SITE, '_blank', 'noopener');
        notify('error', t('toast.walletRequired'), t('toast.walletRequiredText'));
        return;
      }
      const detail = error instanceof Error && !isUserRejection(error) ? localizeError(error) : t('toast.connectionFailedDefault');
      notify('error', t('toast.connectionFailed'), detail);
    }
  }

  async function onDisconnect() {
    await disconnect();
    notify('success', t('toast.walletDisconnected'), t('toast.walletDisconnectedText'));
  }

  if (status === 'connected' && address) {
    return (
      <div className="wallet-badge">
        <span>
          {t('wallet.connected')}
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
  );
}
