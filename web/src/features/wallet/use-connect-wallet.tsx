import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { WALLET_CONNECT_REDIRECT_MS } from '@stakedesk/shared/constants';
import { dismissToasts, notify } from '../../lib/notify.js';
import { isUserRejection } from '../../lib/wallet/wallet-rejection.js';
import { useI18n } from '../../i18n/i18n.js';
import { useWallet, WalletMissingError } from './wallet-context.js';
import { WalletInstallDialog } from './WalletInstallDialog.js';

/**
 * Connect Wallet as the top bar and the dashboard's card do it: toasts, and to the dashboard from
 * the landing page. Without a wallet installed, `installDialog` (to render) lists the ones to install.
 */
export function useConnectWallet(): { connect: () => Promise<void>; installDialog: ReactNode } {
  const { language, t } = useI18n();
  const { connect } = useWallet();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [installing, setInstalling] = useState(false);

  const onConnect = async () => {
    try {
      const wallet = await connect();
      if (!wallet) return;
      notify('success', t('toast.walletConnected'), t('toast.walletConnectedText'));
      // The toast announces the redirect; once the dashboard shows, it would only cover its header.
      setTimeout(() => {
        if (pathname === '/') navigate('/dashboard');
        dismissToasts();
      }, WALLET_CONNECT_REDIRECT_MS);
    } catch (error) {
      if (error instanceof WalletMissingError) {
        setInstalling(true);
        return;
      }
      // Loaded only now: the landing page's first load stays small.
      const { localizeError } = await import('../../i18n/localize-error.js');
      const detail =
        error instanceof Error && !isUserRejection(error) ? localizeError(language, t, error) : t('toast.connectionFailedDefault');
      notify('error', t('toast.connectionFailed'), detail);
    }
  };
  return { connect: onConnect, installDialog: installing && <WalletInstallDialog onClose={() => setInstalling(false)} /> };
}
