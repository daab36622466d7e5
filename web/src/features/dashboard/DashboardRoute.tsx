import { lazy } from 'react';
import { useWallet } from '../wallet/wallet-context.js';
import { ConnectCard } from './ConnectCard.js';

const DashboardPage = lazy(() => import('./DashboardPage.js').then((m) => ({ default: m.DashboardPage })));

/** /dashboard: the holder's dashboard once a wallet is connected, else the card that connects one (without loading the dashboard). */
export function DashboardRoute() {
  const { status, address } = useWallet();
  return status === 'connected' && address ? <DashboardPage /> : <ConnectCard />;
}
