import { useI18n } from '../i18n/i18n.js';

/** A read that failed: what could not be shown, and a button that asks again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="load-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button small" onClick={onRetry}>
        {t('states.retry')}
      </button>
    </div>
  );
}
