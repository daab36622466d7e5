import { useI18n } from '../i18n/i18n.js';
import { whoseFailure } from '../lib/errors/whose-failure.js';

/** A read that failed: what could not be shown, whose failure it was where that can be told, and a button that asks again. */
export function LoadError({ message, error, onRetry }: { message: string; error?: unknown; onRetry: () => void }) {
  const { t } = useI18n();
  const whose = whoseFailure(error);
  return (
    <div className="load-error" role="alert">
      <p>
        {message} {whose && t(`error.${whose}`)}
      </p>
      <button type="button" className="button small" onClick={onRetry}>
        {t('states.retry')}
      </button>
    </div>
  );
}
