import { Component, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n.js';
import { whoseFailure } from '../lib/errors/whose-failure.js';

type Props = {
  children: ReactNode;
  /** 'page': the failure takes the page's place (a <main>); 'overlay': it floats above the page (a dialog that could not open). */
  placement: 'page' | 'overlay';
  /** Shown instead of the sentence and its reload (the toaster falls back to plain toasts). */
  fallback?: ReactNode;
};

/**
 * Around every lazily loaded piece of a holder page. A piece that fails to load (our server did not
 * answer, the holder went offline) or to render would make React take down the whole page, leaving
 * it blank; here it is replaced by what happened, whose failure it was, and a reload.
 */
export class LoadBoundary extends Component<Props, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown) {
    console.error('a part of the page could not be shown', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    const failure = <LoadFailure error={this.state.error} overlay={this.props.placement === 'overlay'} />;
    return this.props.placement === 'page' ? <main>{failure}</main> : failure;
  }
}

function LoadFailure({ error, overlay }: { error: unknown; overlay: boolean }) {
  const { t } = useI18n();
  const whose = whoseFailure(error);
  return (
    <div className={overlay ? 'load-error load-failure floating' : 'load-error load-failure'} role="alert">
      <p>
        {t('states.partFailed')} {whose && t(`error.${whose}`)}
      </p>
      <button type="button" className="button small" onClick={() => window.location.reload()}>
        {t('states.reload')}
      </button>
    </div>
  );
}
