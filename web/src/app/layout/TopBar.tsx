import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSettings } from '../../features/settings/api.js';
import { WalletButton } from '../../features/wallet/WalletButton.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
import { BrandMark } from '../../components/BrandMark.js';
import { useI18n } from '../../i18n/i18n.js';

export function TopBar() {
  const { t } = useI18n();
  const { data: settings } = useSettings();
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <header className="top-bar">
      <Link to="/" className="brand">
        {settings?.tokenLogo && !logoFailed ? (
          <img src={settings.tokenLogo} alt={settings.tokenName} className="logo" height={40} onError={() => setLogoFailed(true)} />
        ) : (
          // The mark shows from the first frame, before the settings (and the token's name) arrive.
          <>
            <BrandMark />
            <span className="brand-name">{settings?.tokenName || <span className="visually-hidden">{t('title.home')}</span>}</span>
          </>
        )}
      </Link>
      <div className="top-bar-actions">
        <LanguageSwitch />
        <WalletButton />
      </div>
    </header>
  );
}
