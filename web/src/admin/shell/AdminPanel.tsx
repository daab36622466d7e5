import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import ptBR from 'antd/locale/pt_BR';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@stakedesk/shared/constants';
import { createQueryClient } from '../../app/query-client.js';
import { initialLanguage } from '../../i18n/language.js';
import { adminI18n, useAdminI18n } from '../i18n.js';
import { PlatformContext, type AdminPlatform } from '../platform.js';
import { usePrefersReducedMotion } from '../reduced-motion.js';
import { LoginForm } from './LoginForm.js';
import { SessionProvider, useSession } from '../core/session/session.js';
import { SignedIn } from './SignedIn.js';
import { TwoFactorRequired } from './TwoFactorRequired.js';
import { adminTheme } from '../theme.js';
import '../admin.css';

function AntdShell({ children }: { children: ReactNode }) {
  const { language } = useAdminI18n();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { ...adminTheme, token: { ...adminTheme.token, motion: false } } : adminTheme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={language === 'pt-BR' ? ptBR : enUS} theme={theme} wave={{ disabled: reducedMotion }}>
      <App
        className="admin-app"
        // A toast at the top opens below the header, never over its language, account and logout buttons.
        notification={{ maxCount: TOAST_LIMIT, duration: TOAST_DURATION_MS / 1000, placement: 'bottomRight', top: 72, showProgress: true }}
      >
        {children}
      </App>
    </ConfigProvider>
  );
}

function Gate() {
  const { client, setupRequired } = useSession();
  if (client === undefined) return <Spin fullscreen />;
  if (!client) return <LoginForm />;
  return setupRequired ? <TwoFactorRequired /> : <SignedIn />;
}

/**
 * The whole admin panel, for any shell: the browser mounts it at /admin, the desktop app in its
 * window; each passes its own platform services.
 */
export function AdminPanel({ platform }: { platform: AdminPlatform }) {
  const [queryClient] = useState(createQueryClient);
  const [catalogueReady, setCatalogueReady] = useState(false);
  useEffect(() => {
    void adminI18n.load(initialLanguage()).finally(() => setCatalogueReady(true));
  }, []);
  if (!catalogueReady) return null;
  return (
    <PlatformContext.Provider value={platform}>
      <QueryClientProvider client={queryClient}>
        <adminI18n.Provider>
          <AntdShell>
            <SessionProvider>
              <Gate />
            </SessionProvider>
          </AntdShell>
        </adminI18n.Provider>
      </QueryClientProvider>
    </PlatformContext.Provider>
  );
}
