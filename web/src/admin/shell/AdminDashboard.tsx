import { Grid, Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import { useAdminSettings, useAdminStats } from '../core/queries/queries.js';
import { useAdminEvents } from '../core/events/use-admin-events.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';
import { usePlatform } from '../platform.js';
import { ADMIN_TABS } from './admin-tabs.js';
import { AdminHeader } from './AdminHeader.js';
import { DemoBanner } from './DemoBanner.js';
import { JobFailuresBanner } from './JobFailuresBanner.js';
import { MaintenanceBanner } from './MaintenanceBanner.js';
import { WaitingRequestsBanner } from '../requests/WaitingRequestsBanner.js';
import { SummaryBand } from './SummaryBand.js';
import { useAntdAriaFixes } from './use-antd-aria-fixes.js';

/** The page title carries the count of withdrawals waiting, and the platform its badge. */
function usePendingCount() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const platform = usePlatform();
  const { data: stats } = useAdminStats();
  const { data: settings } = useAdminSettings();
  const pending = stats?.pendingWithdrawals ?? 0;
  useEffect(() => {
    const title = settings?.tokenName ? t('header.pageTitle', { token: settings.tokenName }) : t('header.title');
    document.title = pending > 0 ? `(${format.count(pending)}) ${title}` : title;
    platform.setPendingCount(pending);
  }, [pending, settings?.tokenName, platform, t, format]);
}

/** Logged in: header, the summary band (stat cards, treasury), the maintenance and failed-jobs banners while they apply, and the tabs (Token Config first). */
export function AdminDashboard() {
  const { t } = useAdminI18n();
  const stream = useAdminEvents();
  usePendingCount();
  // Until the first measurement md is undefined: the wide layout, as before.
  const phone = Grid.useBreakpoint().md === false;
  const content = useRef<HTMLElement>(null);
  useAntdAriaFixes(content);
  const tabs = ADMIN_TABS.map(({ key, label, content }) => ({ key, label: t(label), children: content }));
  return (
    <>
      <AdminHeader stream={stream} />
      <main className="admin-content" ref={content}>
        <SummaryBand phone={phone} />
        <DemoBanner />
        <MaintenanceBanner />
        <JobFailuresBanner />
        <WaitingRequestsBanner />
        <Tabs className="admin-tabs" defaultActiveKey="settings" items={tabs} style={{ marginTop: 8 }} />
      </main>
    </>
  );
}
