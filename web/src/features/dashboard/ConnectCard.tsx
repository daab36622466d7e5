import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title.js';
import { usePageDescription } from '../../components/use-page-description.js';
import { useI18n } from '../../i18n/i18n.js';
import { useSettings } from '../settings/api.js';
import { useConnectWallet } from '../wallet/use-connect-wallet.js';
import { useWallet } from '../wallet/wallet-context.js';

/** The dashboard without a wallet: SPEC's 'Connect Your Wallet' card, with the button that connects. */
export function ConnectCard() {
  const { t } = useI18n();
  const { status } = useWallet();
  const { connect, installDialog } = useConnectWallet();
  const { data: settings } = useSettings();
  usePageTitle(t('title.dashboard'), settings?.tokenName);
  usePageDescription(t('meta.dashboard', { token: settings?.tokenName ?? '' }));
  const connecting = status === 'connecting';
  return (
    <main className="connect-page">
      <section className="card connect-card" aria-labelledby="connect-title">
        <h1 id="connect-title">{t('dashboard.connectTitle')}</h1>
        <p>{t('dashboard.connectText')}</p>
        <button type="button" className="button primary" onClick={() => void connect()} disabled={connecting} aria-busy={connecting}>
          {connecting ? t('wallet.connecting') : t('wallet.connect')}
        </button>
        <Link to="/">{t('nav.backHome')}</Link>
      </section>
      {installDialog}
    </main>
  );
}
