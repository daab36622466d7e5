import { Grid, Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import { AdminsTab } from '../admins/AdminsTab.js';
import { AlertsTab } from '../alerts/AlertsTab.js';
import { useAdminSettings, useAdminStats } from '../api/queries.js';
import { AuditLogTab } from '../audit/AuditLogTab.js';
import { useAdminEvents } from '../events/use-admin-events.js';
import { useAdminI18n } from '../i18n.js';
import { usePlatform } from '../platform.js';
import { PlansTab } from '../plans/PlansTab.js';
import { ReconciliationTab } from '../reconciliation/ReconciliationTab.js';
import { ReservesTab } from '../reserves/ReservesTab.js';
import { TokenConfigTab } from '../settings/TokenConfigTab.js';
import { StakesTab } from '../stakes/StakesTab.js';
import { WithdrawalsTab } from '../withdrawals/WithdrawalsTab.js';
import { AdminHeader } from './AdminHeader.js';
import { JobFailuresBanner } from './JobFailuresBanner.js';
import { MaintenanceBanner } from './MaintenanceBanner.js';
import { SummaryBand } from './SummaryBand.js';
import { useAntdAriaFixes } from './use-antd-aria-fixes.js';

/** The page title carries the count of withdrawals waiting, and the platform its badge. */
function usePendingCount() {
  const { t } = useAdminI18n();
  const platform = usePlatform();
  const { data: stats } = useAdminStats();
  const { data: settings } = useAdminSettings();
  const pending = stats?.pendingWithdrawals ?? 0;
  useEffect(() => {
    const title = settings?.tokenName ? t('header.pageTitle', { token: settings.tokenName }) : t('header.title');
    document.title = pending > 0 ? `(${pending}) ${title}` : title;
    platform.setPendingCount(pending);
  }, [pending, settings?.tokenName, platform, t]);
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
  const tabs = [
    { key: 'settings', label: t('tabs.settings'), children: <TokenConfigTab /> },
    { key: 'plans', label: t('tabs.plans'), children: <PlansTab /> },
    { key: 'withdrawals', label: t('tabs.withdrawals'), children: <WithdrawalsTab /> },
    { key: 'active', label: t('tabs.activeStakes'), children: <StakesTab kind="active" /> },
    { key: 'completed', label: t('tabs.completedStakes'), children: <StakesTab kind="completed" /> },
    { key: 'admins', label: t('tabs.admins'), children: <AdminsTab /> },
    { key: 'alerts', label: t('tabs.alerts'), children: <AlertsTab /> },
    { key: 'audit', label: t('tabs.audit'), children: <AuditLogTab /> },
    { key: 'reconciliation', label: t('tabs.reconciliation'), children: <ReconciliationTab /> },
    { key: 'reserves', label: t('tabs.reserves'), children: <ReservesTab /> },
  ];
  return (
    <>
      <AdminHeader stream={stream} />
      <main className="admin-content" ref={content}>
        <SummaryBand phone={phone} />
        <MaintenanceBanner />
        <JobFailuresBanner />
        <Tabs className="admin-tabs" defaultActiveKey="settings" items={tabs} style={{ marginTop: phone ? 8 : 16 }} />
      </main>
    </>
  );
}
