import { useLocation, useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/Dialog.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { browseLink, isMobile, WALLET_SITES } from '../../lib/wallet/wallet-sites.js';
import { PLANS_ANCHOR } from '../landing/plans-anchor.js';

/**
 * Connect without a wallet in this browser. On a computer: SPEC's 'Wallet Required', the wallets
 * that work here with their install links. On a phone: a choice of wallet apps, each opening this
 * page in its own browser (where the wallet is injected). Both offer scan to stake (DESIGN 12):
 * pick a plan on the landing page, and pay its QR code from any wallet app.
 */
export function WalletMissingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const phone = isMobile();

  function scanToStake() {
    onClose();
    if (pathname === '/') document.getElementById(PLANS_ANCHOR)?.scrollIntoView();
    else navigate(`/#${PLANS_ANCHOR}`);
  }

  return (
    <Dialog open title={phone ? t('wallet.chooseTitle') : t('toast.walletRequired')} onClose={onClose}>
      <p>{phone ? t('walletMissing.phoneText') : t('walletMissing.text')}</p>
      <ul className="install-list">
        {WALLET_SITES.map((wallet) => (
          <li key={wallet.name}>
            {phone ? (
              <a href={browseLink(wallet, window.location.href)}>{t('walletMissing.openIn', { wallet: wallet.name })}</a>
            ) : (
              <a href={wallet.url} target="_blank" rel="noopener noreferrer">
                {t('walletMissing.install', { wallet: wallet.name })}
                <span aria-hidden="true">↗</span>
              </a>
            )}
          </li>
        ))}
      </ul>
      <p>
        <button type="button" className="button" onClick={scanToStake}>
          {t('walletMissing.scan')}
        </button>{' '}
        <span className="muted">{t('walletMissing.scanNote')}</span>
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('dialog.close')}
        </button>
      </div>
    </Dialog>
  );
}
