import { lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useWallet } from '../wallet/wallet-context.js';
import { ConnectCard } from './ConnectCard.js';
import { dashboardView, WALLET_PARAM } from './dashboard-view.js';

const DashboardPage = lazy(() => import('./DashboardPage.js').then((m) => ({ default: m.DashboardPage })));
const WalletViewPage = lazy(() => import('./WalletViewPage.js').then((m) => ({ default: m.WalletViewPage })));

/**
 * /dashboard: the holder's dashboard once a wallet is connected, else the card that connects one
 * (without loading the dashboard); /dashboard?wallet=<address> of any other wallet, a read-only view
 * of its stakes (dashboard-view.ts).
 */
export function DashboardRoute() {
  const { status, address } = useWallet();
  const [params] = useSearchParams();
  const view = dashboardView(status === 'connected' ? address : undefined, params.get(WALLET_PARAM));
  switch (view.kind) {
    case 'own':
      return <DashboardPage />;
    case 'connect':
      return <ConnectCard />;
    case 'wallet':
      return <WalletViewPage requested={view.requested} />;
  }
}
