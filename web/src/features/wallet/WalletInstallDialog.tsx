import { Dialog } from '../../components/Dialog.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { WALLET_SITES } from '../../lib/wallet/wallet-sites.js';

/** SPEC's 'Wallet Required', as a choice: the wallets that work here, each with its install link. */
export function WalletInstallDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog open title={t('toast.walletRequired')} onClose={onClose}>
      <p>{t('walletMissing.text')}</p>
      <ul className="install-list">
        {WALLET_SITES.map((wallet) => (
          <li key={wallet.name}>
            <a href={wallet.url} target="_blank" rel="noopener noreferrer">
              {t('walletMissing.install', { wallet: wallet.name })}
              <span aria-hidden="true">↗</span>
            </a>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('dialog.close')}
        </button>
      </div>
    </Dialog>
  );
}
