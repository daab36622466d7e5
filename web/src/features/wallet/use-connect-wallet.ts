import { useLocation, useNavigate } from 'react-router-dom';
import { WALLET_CONNECT_REDIRECT_MS } from '@stakedesk/shared/constants';
import { notify } from '../../lib/notify.js';
import { PHANTOM_SITE } from '../../lib/wallet/phantom.js';
import { isUserRejection } from '../../lib/wallet/wallet-rejection.js';
import { useI18n } from '../../i18n/i18n.js';
import { useWallet, WalletMissingError } from './wallet-context.js';

/** Connect Wallet as the top bar and the dashboard's card do it: toasts, and to the dashboard from the landing page. */
export function useConnectWallet(): () => Promise<void> {
  const { language, t } = useI18n();
  const { connect } = useWallet();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return async () => {
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
      // Loaded only now: the landing page's first load stays small.
      const { localizeError } = await import('../../i18n/localize-error.js');
      const detail =
        error instanceof Error && !isUserRejection(error) ? localizeError(language, t, error) : t('toast.connectionFailedDefault');
      notify('error', t('toast.connectionFailed'), detail);
    }
  };
}
