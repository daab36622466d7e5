import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Badge, Button, Grid, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/language.js';
import { AccountDrawer } from '../account/AccountDrawer.js';
import { useAdminMe, useAdminSettings } from '../core/queries/queries.js';
import type { StreamState } from '../core/events/use-admin-events.js';
import { useAdminI18n } from '../i18n.js';
import { RoleTag } from '../core/roles/RoleTag.js';
import { useAdminRole } from '../core/roles/use-permission.js';
import { useSession } from '../core/session/session.js';
import { useToast } from '../toast.js';

const STREAM_BADGE: Record<StreamState, 'success' | 'processing' | 'error'> = {
  live: 'success',
  connecting: 'processing',
  offline: 'error',
};

export function AdminHeader({ stream }: { stream: StreamState }) {
  const { t, language, setLanguage } = useAdminI18n();
  const { logout } = useSession();
  const toast = useToast();
  const { data: settings } = useAdminSettings();
  const { data: me } = useAdminMe();
  const role = useAdminRole();
  const [logoFailed, setLogoFailed] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  // One row on a phone: the language by its code, the account and logout buttons by their icons.
  const phone = Grid.useBreakpoint().sm === false;

  async function onLogout() {
    await logout();
    toast.success(t('logout.success'));
  }

  return (
    <header className="admin-header">
      {settings?.tokenLogo && !logoFailed && (
        <img className="admin-logo" src={settings.tokenLogo} alt={settings.tokenName} onError={() => setLogoFailed(true)} />
      )}
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
          labelRender={({ value }) => (phone ? String(value).slice(0, 2).toUpperCase() : LANGUAGE_NAMES[value as Language])}
          popupMatchSelectWidth={false}
          style={{ width: phone ? 72 : 130 }}
        />
        <Button
          icon={<UserOutlined />}
          onClick={() => setAccountOpen(true)}
          aria-label={me ? t('header.accountLabel', { username: me.username, role: t(`role.${role}`) }) : t('header.account')}
          aria-haspopup="dialog"
        >
          <span className="admin-account-name">{me?.username ?? t('header.account')}</span>
          <RoleTag role={role} />
        </Button>
        <Button icon={<LogoutOutlined />} onClick={onLogout} aria-label={t('header.logout')}>
          <span className="admin-narrow-hide">{t('header.logout')}</span>
        </Button>
      </div>
      <AccountDrawer open={accountOpen} onClose={() => setAccountOpen(false)} />
    </header>
  );
}
