import { lazy, Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import { ADMIN_TOKEN_STORAGE_KEY, TOAST_DURATION_MS } from '@stakedesk/shared/constants';
import { Footer } from '../components/Footer.js';
import { TopBar } from '../components/TopBar.js';
import { MaintenancePage } from '../features/maintenance/MaintenancePage.js';
import { useSettings } from '../features/settings/api.js';
import { WalletProvider } from '../features/wallet/wallet-context.js';
import { I18nProvider } from '../i18n/i18n.js';
import { createQueryClient } from './query-client.js';

const LandingPage = lazy(() => import('../features/landing/LandingPage.js').then((m) => ({ default: m.LandingPage })));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.js').then((m) => ({ default: m.DashboardPage })));
const DocumentationPage = lazy(() => import('../features/documentation/DocumentationPage.js').then((m) => ({ default: m.DocumentationPage })));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage.js').then((m) => ({ default: m.NotFoundPage })));

/** Toasts at the top on small screens, bottom right on larger ones (SPEC 2). */
function useToastPosition() {
  const query = '(min-width: 768px)';
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setWide(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return wide ? 'bottom-right' : 'top-center';
}

function Site() {
  const { data: settings } = useSettings();
  const position = useToastPosition();
  const adminExempt = Boolean(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY));
  const toaster = <Toaster position={position} visibleToasts={1} duration={TOAST_DURATION_MS} hotkey={['F8']} swipeDirections={['right']} closeButton richColors />;
  if (settings?.maintenanceMode && !adminExempt) {
    return (
      <>
        <MaintenancePage settings={settings} />
        {toaster}
      </>
    );
  }
  return (
    <>
      <TopBar />
      <Suspense fallback={<main aria-busy="true" />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/documentation" element={<DocumentationPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
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
          <WalletProvider>
            <Site />
          </WalletProvider>
        </BrowserRouter>
      </I18nProvider>
    </QueryClientProvider>
  );
}
