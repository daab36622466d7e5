import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSettings } from '../../features/settings/api.js';
import { WalletButton } from '../../features/wallet/WalletButton.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';

export function TopBar() {
  const { data: settings } = useSettings();
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <header className="top-bar">
      <Link to="/" className="brand">
        {settings?.tokenLogo && !logoFailed ? (
          <img src={settings.tokenLogo} alt={settings.tokenName} className="logo" height={40} onError={() => setLogoFailed(true)} />
        ) : (
          <span className="brand-name">{settings?.tokenName}</span>
        )}
      </Link>
      <div className="top-bar-actions">
        <LanguageSwitch />
        <WalletButton />
      </div>
    </header>
  );
}
