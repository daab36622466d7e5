import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { WALLET_CONNECT_REDIRECT_MS } from '@stakedesk/shared/constants';
import { LoadBoundary } from '../../components/LoadBoundary.js';
import { notify, notifyRedirect } from '../../lib/notify.js';
import { isUserRejection } from '../../lib/wallet/wallet-rejection.js';
import { useI18n } from '../../i18n/i18n.js';
import type { Translate } from '../../i18n/i18n-pages.js';
import { useWallet, WalletMissingError } from './wallet-context.js';

const CONNECTED_TOAST = 'wallet-connected';

// Loaded only when no wallet is found: the landing page's first load stays small.
const WalletMissingDialog = lazy(() => import('./WalletMissingDialog.js').then((m) => ({ default: m.WalletMissingDialog })));

/**
 * Connect Wallet as the top bar and the dashboard's card do it: toasts, and to the dashboard from
 * the landing page. Without a wallet in this browser, `installDialog` (to render) offers the wallets
 * (to install, or on a phone their apps) and scan to stake.
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
      notifyRedirect(t('toast.walletConnected'), t('toast.walletConnectedText'), CONNECTED_TOAST, WALLET_CONNECT_REDIRECT_MS);
      if (pathname === '/') setTimeout(() => navigate('/dashboard'), WALLET_CONNECT_REDIRECT_MS);
    } catch (error) {
      if (error instanceof WalletMissingError) {
        setInstalling(true);
        return;
      }
      // Loaded only now: the landing page's first load stays small. It brings the rest of the English
      // catalogue (i18n-pages.ts), so t knows every key from here on.
      const { localizeError } = await import('../../i18n/localize-error.js');
      const detail =
        error instanceof Error && !isUserRejection(error)
          ? localizeError(language, t as Translate, error)
          : t('toast.connectionFailedDefault');
      notify('error', t('toast.connectionFailed'), detail);
    }
  };
  const installDialog = installing && (
    <LoadBoundary placement="overlay">
      <Suspense fallback={null}>
        <WalletMissingDialog onClose={() => setInstalling(false)} />
      </Suspense>
    </LoadBoundary>
  );
  return { connect: onConnect, installDialog };
}
