import { Skeleton } from '../../components/Skeleton.js';
import { useI18n } from '../../i18n/i18n.js';

/** The landing page's shape while its settings and plans load: the top bar stays, nothing jumps when they arrive. */
export function LandingSkeleton() {
  const { t } = useI18n();
  return (
    <main aria-busy="true" className="page-loading">
      <p className="visually-hidden" role="status">
        {t('states.loading')}
      </p>
      <section className="hero">
        <Skeleton className="skeleton-title" />
        <Skeleton className="skeleton-line" />
        <div className="counters">
          <Skeleton className="skeleton-counter" />
          <Skeleton className="skeleton-counter" />
        </div>
      </section>
      <Skeleton className="skeleton-heading" />
      <div className="plan-grid">
        <Skeleton className="skeleton-card" />
        <Skeleton className="skeleton-card" />
        <Skeleton className="skeleton-card" />
      </div>
    </main>
  );
}
