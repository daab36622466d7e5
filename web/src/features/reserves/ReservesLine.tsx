import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SolanaCluster } from '@stakedesk/shared/format';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useLocalizeError } from '../../i18n/localize-error.js';
import { useWallet } from '../wallet/wallet-context.js';
import { AnchorLink } from './AnchorLink.js';
import { coverageOf, coverageShown, tokensOf } from './check.js';
import { endpointHost } from './holder-endpoint.js';
import { HOW_IT_WORKS_PATH } from './paths.js';
import { ProofDownload } from './ProofDownload.js';
import { useSayReason } from './say-reason.js';
import type { ReservesState } from './use-reserves-check.js';
import './reserves.css';

/**
 * The dashboard's proof-of-reserves line: what the check of this visit found, in one line (a
 * failure is the banner at the top instead, ReservesBanner). A pass names the anchor as read on
 * chain and the endpoint it was read from; a check that could not run says so quietly, with retry.
 */
export function ReservesLine({ state, symbol, cluster }: { state: ReservesState; symbol: string; cluster: SolanaCluster }) {
  const { t } = useI18n();
  const format = useFormat();
  const sayReason = useSayReason();
  const localizeError = useLocalizeError();
  switch (state.kind) {
    case 'failed':
      return null;
    case 'checking':
      return <Quiet text={t('reserves.checking')} />;
    case 'none':
      return <Quiet text={t('reserves.none')} />;
    case 'unavailable': {
      const why = state.error === undefined ? '' : ` ${localizeError(state.error)}`;
      return <Quiet text={`${t('reserves.unavailable')}${why}`} action={<Retry onRetry={state.retry} />} />;
    }
    case 'signIn':
      return <Quiet text={t('reserves.signIn')} action={<SignIn onSignedIn={state.retry} />} />;
    case 'noLeaf':
      return <Quiet text={t('reserves.noLeaf', { date: format.date(state.snapshot.takenAt) })} compact={t('reserves.noLeafShort')} />;
    case 'notAnchored': {
      const amount = { amount: format.exact(tokensOf(state.liability, state.snapshot)), symbol, date: format.date(state.snapshot.takenAt) };
      return (
        <Quiet
          text={t('reserves.notAnchoredYet', amount)}
          compact={t('reserves.notAnchoredYetShort')}
          action={
            <>
              <Retry onRetry={state.retry} /> · <ProofLinks download={<ProofDownload file={state.file} />} />
            </>
          }
        />
      );
    }
    case 'unreadable':
      return (
        <Quiet
          text={t('reserves.unreadable', { host: endpointHost(state.endpoint) })}
          compact={t('reserves.unreadableShort')}
          action={<Retry onRetry={state.retry} />}
        />
      );
    case 'incomplete':
      return (
        <Quiet
          text={t('reserves.incomplete', { host: endpointHost(state.endpoint), reason: sayReason(state.reason) })}
          compact={t('reserves.incompleteShort')}
          action={<Retry onRetry={state.retry} />}
        />
      );
    case 'passed':
      return <Verified state={state} symbol={symbol} cluster={cluster} />;
  }
}

/**
 * One line on a wide screen; on a phone, `compact` (shorter) opens onto the same line, so the check
 * never pushes the holder's stakes down.
 */
function Line({ children, compact }: { children: ReactNode; compact?: ReactNode }) {
  const { t } = useI18n();
  return (
    <section className="reserves-line" aria-label={t('reserves.label')}>
      <div role="status">
        <p className={compact ? 'reserves-full' : undefined}>{children}</p>
        {compact && (
          <details className="reserves-compact">
            <summary>{compact}</summary>
            <p>{children}</p>
          </details>
        )}
      </div>
    </section>
  );
}

function Mark() {
  const { t } = useI18n();
  return (
    <span className="reserves-mark" role="img" aria-label={t('reserves.markOk')}>
      ✓
    </span>
  );
}

function HowItWorks() {
  const { t } = useI18n();
  return <Link to={HOW_IT_WORKS_PATH}>{t('reserves.how')}</Link>;
}

function ProofLinks({ download }: { download: ReactNode }) {
  return (
    <>
      {download} · <HowItWorks />
    </>
  );
}

function Quiet({ text, action, compact }: { text: string; action?: ReactNode; compact?: string }) {
  return (
    <Line compact={compact && <span className="muted">{compact}</span>}>
      <span className="muted">{text}</span> {action ?? <HowItWorks />}
    </Line>
  );
}

function Verified({
  state,
  symbol,
  cluster,
}: {
  state: Extract<ReservesState, { kind: 'passed' }>;
  symbol: string;
  cluster: SolanaCluster;
}) {
  const { t } = useI18n();
  const format = useFormat();
  const { snapshot, liability, chain, endpoint } = state;
  const percent = coverage(snapshot, format.percent);
  return (
    <Line
      compact={
        <>
          <Mark /> {percent ? t('reserves.verifiedShort', { percent }) : t('reserves.verifiedShortNothingOwed')}
        </>
      }
    >
      <Mark />{' '}
      {t('reserves.verified', {
        amount: format.exact(tokensOf(liability, snapshot)),
        symbol,
        date: format.date(snapshot.takenAt),
        coverage: percent ? t('reserves.cover', { percent }) : t('reserves.nothingOwed'),
      })}{' '}
      <span className="reserves-anchor">
        {t('reserves.anchor')} <AnchorLink signature={chain.anchor!.signature} cluster={cluster} />,
      </span>{' '}
      {t('reserves.anchorFinalized', { host: endpointHost(endpoint) })} <ProofLinks download={<ProofDownload file={state.file} />} />
    </Line>
  );
}

/** What the listed reserves cover, in the reader's format; undefined when nothing was owed. */
function coverage(snapshot: ReservesSnapshot, formatPercent: (rate: string) => string): string | undefined {
  const percent = coverageOf(snapshot);
  return percent === null ? undefined : coverageShown(percent, formatPercent);
}

function Retry({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <button type="button" className="link-button" onClick={onRetry}>
      {t('states.retry')}
    </button>
  );
}

/** Without a session the proof is not served: the holder signs in (one signature) and the check runs. */
function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useI18n();
  const { signedInProvider } = useWallet();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="link-button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        signedInProvider()
          .then(onSignedIn, () => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('reserves.signInButton')}
    </button>
  );
}
