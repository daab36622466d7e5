import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ADMIN_TOKEN_STORAGE_KEY } from '@stakedesk/shared/constants';
import { Footer } from './layout/Footer.js';
import { LoadBoundary } from '../components/LoadBoundary.js';
import { Toasts } from '../components/Toasts.js';
import { TopBar } from './layout/TopBar.js';
import { LandingPage } from '../features/landing/LandingPage.js';
import { HOW_IT_WORKS_PATH, RESERVES_PATH } from '../features/reserves/paths.js';
import { useSettings } from '../features/settings/api.js';
import { WalletProvider } from '../features/wallet/wallet-context.js';
import { I18nProvider } from '../i18n/i18n.js';
import { createQueryClient } from './query-client.js';

const DocumentationPage = lazy(() =>
  import('../features/documentation/DocumentationPage.js').then((m) => ({ default: m.DocumentationPage })),
);
const ReservesPage = lazy(() => import('../features/reserves/ReservesPage.js').then((m) => ({ default: m.ReservesPage })));
const ReservesHowPage = lazy(() => import('../features/reserves/ReservesHowPage.js').then((m) => ({ default: m.ReservesHowPage })));
// Only a demo server's pages show it (DESIGN 16): its code is not in the landing page's.
const DemoBand = lazy(() => import('../features/demo/DemoBand.js').then((m) => ({ default: m.DemoBand })));
// Only while an approved staking wallet or token change waits for its time (DESIGN 17).
const PendingChangeBand = lazy(() => import('../features/settings/PendingChangeBand.js').then((m) => ({ default: m.PendingChangeBand })));
const MaintenancePage = lazy(() => import('../features/maintenance/MaintenancePage.js').then((m) => ({ default: m.MaintenancePage })));
// The dashboard's route, its Connect card included, loads with the dashboard, not with the landing page.
const DashboardRoute = lazy(() => import('../features/dashboard/DashboardRoute.js').then((m) => ({ default: m.DashboardRoute })));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage.js').then((m) => ({ default: m.NotFoundPage })));
// antd and the whole panel load only here, never on holder pages.
const AdminRoute = lazy(() => import('../admin/shell/AdminRoute.js').then((m) => ({ default: m.AdminRoute })));

// While a lazy page loads, its place keeps a screen's height: an empty <main> would pull the footer
// up, and the page arriving would push it back down, a layout shift Lighthouse counts.
const PAGE_LOADING = <main aria-busy="true" className="page-loading" />;

function Site() {
  const { data: settings } = useSettings();
  // A page that failed to load is retried when the holder goes to another.
  const { pathname } = useLocation();
  const adminExempt = Boolean(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY));
  const toaster = <Toasts />;
  const demoBand = settings?.demo && (
    <LoadBoundary placement="overlay">
      <Suspense fallback={null}>
        <DemoBand symbol={settings.tokenSymbol} decimals={settings.tokenDecimals} />
      </Suspense>
    </LoadBoundary>
  );
  const pendingChange = settings?.pendingChange && (
    <LoadBoundary placement="overlay">
      <Suspense fallback={null}>
        <PendingChangeBand change={settings.pendingChange} cluster={settings.solanaCluster} />
      </Suspense>
    </LoadBoundary>
  );
  if (settings?.maintenanceMode && !adminExempt) {
    return (
      <>
        {demoBand}
        <LoadBoundary placement="page">
          <Suspense fallback={PAGE_LOADING}>
            <MaintenancePage settings={settings} />
          </Suspense>
        </LoadBoundary>
        {toaster}
      </>
    );
  }
  return (
    <>
      {demoBand}
      {pendingChange}
      <TopBar />
      <LoadBoundary key={pathname} placement="page">
        <Suspense fallback={PAGE_LOADING}>
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path="/dashboard" element={<DashboardRoute />} />
            <Route path="/documentation" element={<DocumentationPage />} />
            <Route path={RESERVES_PATH} element={<ReservesPage />} />
            <Route path={HOW_IT_WORKS_PATH} element={<ReservesHowPage />} />
            {/* A blink's link (DESIGN 18) opened without a blink client: the plans, on the landing page. */}
            <Route path="/stake/*" element={<Navigate to="/" replace />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </LoadBoundary>
      <Footer />
      {toaster}
    </>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <BrowserRouter>
          <Routes>
            {/* Outside Site: admins reach the panel (and log in) even while maintenance is on. */}
            <Route
              path="/admin"
              element={
                <LoadBoundary placement="page">
                  <Suspense fallback={<main aria-busy="true" />}>
                    <AdminRoute />
                  </Suspense>
                </LoadBoundary>
              }
            />
            <Route
              path="*"
              element={
                <WalletProvider>
                  <Site />
                </WalletProvider>
              }
            />
          </Routes>
        </BrowserRouter>
      </I18nProvider>
    </QueryClientProvider>
  );
}
