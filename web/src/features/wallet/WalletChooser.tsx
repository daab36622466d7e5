import { Dialog } from '../../components/Dialog.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import type { WalletOption } from '../../lib/wallet/phantom.js';

// A wallet's icon is a data URL it supplies; anything else is not shown.
const isDataImage = (icon: string | undefined): icon is string => icon?.startsWith('data:image/') === true;

/** Lets the holder pick which installed wallet to connect; closing it picks none. */
export function WalletChooser({ wallets, onChoose }: { wallets: WalletOption[]; onChoose: (wallet: WalletOption | undefined) => void }) {
  const { t } = useI18n();
  return (
    <Dialog open title={t('wallet.chooseTitle')} onClose={() => onChoose(undefined)}>
      <ul className="wallet-list">
        {wallets.map((wallet) => (
          <li key={wallet.id}>
            <button type="button" className="wallet-option" onClick={() => onChoose(wallet)}>
              {isDataImage(wallet.icon) ? (
                <img src={wallet.icon} alt="" width={28} height={28} />
              ) : (
                <span className="wallet-icon" aria-hidden="true" />
              )}
              {wallet.name}
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => onChoose(undefined)}>
          {t('dialog.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
