import { Skeleton } from '../../components/Skeleton.js';
import { useI18n } from '../../i18n/i18n.js';

/** The dashboard's shape while the wallet and settings are read: its title, four cards and a table. */
export function DashboardSkeleton() {
  const { t } = useI18n();
  return (
    <main aria-busy="true" className="dashboard page-loading">
      <h1>{t('title.dashboard')}</h1>
      <p className="visually-hidden" role="status">
        {t('states.loading')}
      </p>
      <SummarySkeleton />
      <Skeleton className="skeleton-heading" />
      <TableSkeleton />
    </main>
  );
}

export function SummarySkeleton() {
  return (
    <div className="summary-cards">
      {[0, 1, 2, 3].map((card) => (
        <Skeleton key={card} className="skeleton-summary" />
      ))}
    </div>
  );
}

export function TableSkeleton() {
  return (
    <div className="skeleton-rows">
      <Skeleton className="skeleton-row" />
      <Skeleton className="skeleton-row" />
    </div>
  );
}
