import type { ReactNode } from 'react';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { AdminsTab } from '../admins/AdminsTab.js';
import { AlertsTab } from '../alerts/AlertsTab.js';
import { AuditLogTab } from '../audit/AuditLogTab.js';
import { BlinksSection } from '../blinks/BlinksSection.js';
import { PlansTab } from '../plans/PlansTab.js';
import { RequestsTab } from '../requests/RequestsTab.js';
import { ReconciliationTab } from '../reconciliation/ReconciliationTab.js';
import { ReservesTab } from '../reserves/ReservesTab.js';
import { TokenConfigTab } from '../settings/TokenConfigTab.js';
import { StakesTab } from '../stakes/StakesTab.js';
import { WithdrawalsTab } from '../withdrawals/WithdrawalsTab.js';

export type AdminTab = { key: string; label: AdminMessageKey; content: ReactNode };

/** The dashboard's tabs, in order; the first opens on sign-in. Adding a tab is adding it here. */
export const ADMIN_TABS: readonly AdminTab[] = [
  { key: 'settings', label: 'tabs.settings', content: <TokenConfigTab /> },
  {
    key: 'plans',
    label: 'tabs.plans',
    // The blinks to share are links to the plans: a tab more would not fit a 1366 px screen in Portuguese.
    content: (
      <>
        <PlansTab />
        <BlinksSection />
      </>
    ),
  },
  { key: 'withdrawals', label: 'tabs.withdrawals', content: <WithdrawalsTab /> },
  { key: 'active', label: 'tabs.activeStakes', content: <StakesTab kind="active" /> },
  { key: 'completed', label: 'tabs.completedStakes', content: <StakesTab kind="completed" /> },
  { key: 'admins', label: 'tabs.admins', content: <AdminsTab /> },
  { key: 'requests', label: 'tabs.requests', content: <RequestsTab /> },
  { key: 'alerts', label: 'tabs.alerts', content: <AlertsTab /> },
  { key: 'audit', label: 'tabs.audit', content: <AuditLogTab /> },
  { key: 'reconciliation', label: 'tabs.reconciliation', content: <ReconciliationTab /> },
  { key: 'reserves', label: 'tabs.reserves', content: <ReservesTab /> },
];
