import { Link } from 'react-router-dom';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { usePageTitle } from '../../components/use-page-title.js';
import { usePageDescription } from '../../components/use-page-description.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useSettings } from '../settings/api.js';
import { useWallet } from '../wallet/wallet-context.js';
import { useStakeSummary } from './api.js';
import { WalletRecords } from './WalletRecords.js';
import { StatementButton } from './StatementButton.js';
import { readViewedWallet } from './viewed-wallet.js';
import './wallet-view.css';

/** A bad ?wallet= is quoted back, cut to this many characters: a pasted page of text must not fill the screen. */
const QUOTED_MAX = 64;

/**
 * /dashboard?wallet=<address> when that wallet is not the connected one (DashboardRoute.tsx): its
 * cards and tables from the same public reads as the dashboard, with nothing that needs its session
 * (no New Stake grid, no Unstake, Restake or Withdraw). The statement stays: it is those public
 * reads saved as a file. A connected holder gets the way back to their own dashboard.
 */
export function WalletViewPage({ requested }: { requested: string }) {
  const { t } = useI18n();
  const { data: settings } = useSettings();
  const { address, status } = useWallet();
  const viewed = readViewedWallet(requested);
  const wallet = viewed.ok ? viewed.wallet : undefined;
  const { data: summary } = useStakeSummary(wallet);
  usePageTitle(wallet ? t('view.heading', { wallet: shortenAddress(wallet) }) : t('view.invalidTitle'), settings?.tokenName);
  usePageDescription(t('meta.walletView', { token: settings?.tokenName ?? '' }));

  const own = status === 'connected' && address ? address : undefined;
  const ownDashboard = own && (
    <Link to="/dashboard" className="view-own">
      {t('view.ownDashboard', { wallet: shortenAddress(own) })}
    </Link>
  );

  if (!viewed.ok) {
    const quoted = requested.length > QUOTED_MAX ? `${requested.slice(0, QUOTED_MAX)}…` : requested;
    return (
      <main className="connect-page">
        <section className="card connect-card view-invalid" aria-labelledby="view-invalid-title">
          <h1 id="view-invalid-title">{t('view.invalidTitle')}</h1>
          <p>{viewed.reason === 'missing' ? t('view.missingText') : t('view.invalidText', { value: quoted })}</p>
          {ownDashboard}
          <Link to="/">{t('nav.backHome')}</Link>
        </section>
      </main>
    );
  }
  if (!settings || !wallet) return <main aria-busy="true" />;

  const short = shortenAddress(wallet);
  const hasRecords = summary ? Object.values(summary.stakes).some((count) => count > 0) : false;
  return (
    <main className="dashboard wallet-view">
      <div className="dashboard-heading">
        <h1>{t('view.heading', { wallet: short })}</h1>
        <StatementButton wallet={wallet} hasRecords={hasRecords} />
      </div>
      <section className="card view-notice" aria-label={t('view.heading', { wallet: short })}>
        <p>{t('view.readOnly', { wallet: short })}</p>
        <p className="view-address">
          <span className="muted">{t('view.fullAddress')}</span> <code data-testid="viewed-wallet">{wallet}</code>
        </p>
        {ownDashboard}
      </section>
      <WalletRecords wallet={wallet} symbol={settings.tokenSymbol} cluster={settings.solanaCluster} />
      <p className="back-home">
        <Link to="/">{t('nav.backHome')}</Link>
      </p>
    </main>
  );
}
