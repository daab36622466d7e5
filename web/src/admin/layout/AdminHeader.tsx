import { Badge, Button, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/language.js';
import { useAdminSettings } from '../api/queries.js';
import type { StreamState } from '../events/use-admin-events.js';
import { useAdminI18n } from '../i18n.js';
import { useSession } from '../session/session.js';
import { useToast } from '../toast.js';

const STREAM_BADGE: Record<StreamState, 'success' | 'processing' | 'error'> = { live: 'success', connecting: 'processing', offline: 'error' };

export function AdminHeader({ stream }: { stream: StreamState }) {
  const { t, language, setLanguage } = useAdminI18n();
  const { logout } = useSession();
  const toast = useToast();
  const { data: settings } = useAdminSettings();
  const [logoFailed, setLogoFailed] = useState(false);

  async function onLogout() {
    await logout();
    toast.success(t('logout.success'));
  }

  return (
    <header className="admin-header">
      {settings?.tokenLogo && !logoFailed && <img className="admin-logo" src={settings.tokenLogo} alt={settings.tokenName} onError={() => setLogoFailed(true)} />}
      <h1>{t('header.title')}</h1>
      <div className="admin-header-actions">
        <Tooltip title={t(`stream.${stream}Hint`)}>
          <Badge status={STREAM_BADGE[stream]} text={t(`stream.${stream}`)} />
        </Tooltip>
        <Select<Language>
          aria-label={t('header.language')}
          value={language}
          onChange={(next) => void setLanguage(next)}
          options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          style={{ width: 130 }}
        />
        <Button onClick={onLogout}>{t('header.logout')}</Button>
      </div>
    </header>
  );
}
