import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { english, msg, type MessageCode } from '@stakedesk/shared/i18n/catalogue';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import type { ReservesProofFile, ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import type { ReservesProofCheck } from '@stakedesk/shared/reserves/verify';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useLocalizeError } from '../../i18n/localize-error.js';
import { ApiError } from '../../lib/api-client.js';
import { useStakeGroup, useStakeSummary } from '../dashboard/api.js';
import { useWallet } from '../wallet/wallet-context.js';
import { useLatestReserves, useOwnProof, useReportCheckFailure } from './api.js';
import { AnchorLink } from './AnchorLink.js';
import { checkOwnProof, coverageOf, coverageShown, owedAtSnapshot, proofFileJson, proofFileName, tokensOf } from './check.js';
import { HOW_IT_WORKS_PATH } from './paths.js';
import './reserves.css';

/**
 * The dashboard's proof-of-reserves line: on every visit, the latest snapshot and the holder's own
 * proof in it, checked here with the shared verifier. One line, whatever it found; a failure is red
 * and reported to the server once per visit.
 */
export function ReservesLine({ wallet, symbol, cluster }: { wallet: string; symbol: string; cluster: SolanaCluster }) {
  const { t } = useI18n();
  const format = useFormat();
  const localizeError = useLocalizeError();
  const latest = useLatestReserves();
  const snapshot = latest.data ?? undefined;
  const proof = useOwnProof(snapshot?.id, wallet);
  const stakesOwedNow = useStakesOwedNow(wallet);
  const check = useMemo((): ReservesProofCheck | undefined => {
    if (!snapshot || proof.data === undefined) return undefined;
    if (proof.data !== null) return checkOwnProof(snapshot, proof.data, wallet);
    // No leaf: quiet, unless this wallet's stakes say it was owed something then.
    return owedAtSnapshot(stakesOwedNow, snapshot) ? { ok: false, reason: msg('reservesLeftOut') } : undefined;
  }, [snapshot, proof.data, wallet, stakesOwedNow]);
  useReportOnce(snapshot?.id, wallet, check && !check.ok ? check.reason.code : undefined);
  const file = useMemo(
    () => (snapshot && proof.data ? { snapshot, proof: proof.data as ReservesProof } : undefined),
    [snapshot, proof.data],
  );

  if (latest.isPending || (snapshot && proof.isPending)) return <Quiet text={t('reserves.checking')} />;
  if (latest.isError) return <Quiet text={t('reserves.unavailable')} action={<Retry onRetry={() => void latest.refetch()} />} />;
  if (!snapshot) return <Quiet text={t('reserves.none')} />;
  if (proof.isError) {
    const signedOut = proof.error instanceof ApiError && (proof.error.status === 401 || proof.error.status === 403);
    return signedOut ? (
      <Quiet text={t('reserves.signIn')} action={<SignIn onSignedIn={() => void proof.refetch()} />} />
    ) : (
      <Quiet text={`${t('reserves.unavailable')} ${localizeError(proof.error)}`} action={<Retry onRetry={() => void proof.refetch()} />} />
    );
  }
  if (!check) return <Quiet text={t('reserves.noLeaf', { date: format.date(snapshot.takenAt) })} compact={t('reserves.noLeafShort')} />;
  const download = file && <Download file={file} name={proofFileName(snapshot, wallet)} />;
  return check.ok ? (
    <Verified snapshot={snapshot} liability={check.liability} symbol={symbol} cluster={cluster} download={download} />
  ) : (
    <Refused snapshot={snapshot} check={check} download={download} />
  );
}

/** The wallet's stakes not paid out yet, as the dashboard's tables read them (the same queries, no second request). */
function useStakesOwedNow(wallet: string) {
  const { data: summary } = useStakeSummary(wallet);
  const running = useStakeGroup(wallet, 'running');
  const complete = useStakeGroup(wallet, 'complete', (summary?.stakes.complete ?? 0) > 0);
  return useMemo(() => [...running.rows, ...complete.rows], [running.rows, complete.rows]);
}

/** The failure goes to the server once per visit (this mount), whatever re-renders follow. */
function useReportOnce(snapshotId: number | undefined, wallet: string, code: MessageCode | undefined) {
  const reported = useRef<string>(undefined);
  const { mutate } = useReportCheckFailure();
  useEffect(() => {
    if (snapshotId === undefined || !code) return;
    const key = `${snapshotId}:${wallet}`;
    if (reported.current === key) return;
    reported.current = key;
    mutate({ snapshotId, code });
  }, [snapshotId, wallet, code, mutate]);
}

/**
 * One line on a wide screen; on a phone, `compact` (shorter) opens onto the same line, so the check
 * never pushes the holder's stakes down.
 */
function Line({ children, compact, alert = false }: { children: ReactNode; compact?: ReactNode; alert?: boolean }) {
  const { t } = useI18n();
  return (
    <section className={alert ? 'reserves-line refused' : 'reserves-line'} aria-label={t('reserves.label')}>
      <div role={alert ? 'alert' : 'status'}>
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

function Mark({ ok }: { ok: boolean }) {
  const { t } = useI18n();
  return (
    <span className="reserves-mark" role="img" aria-label={ok ? t('reserves.markOk') : t('reserves.markFailed')}>
      {ok ? '✓' : '✕'}
    </span>
  );
}

function HowItWorks() {
  const { t } = useI18n();
  return <Link to={HOW_IT_WORKS_PATH}>{t('reserves.how')}</Link>;
}

function Quiet({ text, action, compact }: { text: string; action?: ReactNode; compact?: string }) {
  return (
    <Line compact={compact && <span className="muted">{compact}</span>}>
      <span className="muted">{text}</span> {action ?? <HowItWorks />}
    </Line>
  );
}

function Verified({
  snapshot,
  liability,
  symbol,
  cluster,
  download,
}: {
  snapshot: ReservesSnapshot;
  liability: bigint;
  symbol: string;
  cluster: SolanaCluster;
  download: ReactNode;
}) {
  const { t } = useI18n();
  const format = useFormat();
  const coverage = coverageOf(snapshot);
  const percent = coverage === null ? undefined : coverageShown(coverage, format.percent);
  const mark = <Mark ok />;
  return (
    <Line
      compact={
        <>
          {mark} {percent ? t('reserves.verifiedShort', { percent }) : t('reserves.verifiedShortNothingOwed')}
        </>
      }
    >
      {mark}{' '}
      {t('reserves.verified', {
        amount: format.exact(tokensOf(liability, snapshot)),
        symbol,
        date: format.date(snapshot.takenAt),
        coverage: percent ? t('reserves.cover', { percent }) : t('reserves.nothingOwed'),
      })}{' '}
      {snapshot.anchorSignature ? (
        <span className="reserves-anchor">
          {t('reserves.anchor')} <AnchorLink signature={snapshot.anchorSignature} cluster={cluster} />
        </span>
      ) : (
        t('reserves.notAnchored')
      )}{' '}
      · {download} · <HowItWorks />
    </Line>
  );
}

function Refused({
  snapshot,
  check,
  download,
}: {
  snapshot: ReservesSnapshot;
  check: ReservesProofCheck & { ok: false };
  download: ReactNode;
}) {
  const { t, language } = useI18n();
  const format = useFormat();
  const localizeError = useLocalizeError();
  const reason = language === 'en' ? english(check.reason) : localizeError(check.reason);
  return (
    <Line
      alert
      compact={
        <>
          <Mark ok={false} /> {t('reserves.failedShort', { reason })}
        </>
      }
    >
      <Mark ok={false} /> {t('reserves.failed', { date: format.date(snapshot.takenAt), reason })} {download && <>{download} · </>}
      <HowItWorks />
    </Line>
  );
}

/** The snapshot and the proof as the verifier's file, saved by the browser (npx stakedesk-verify reads it). */
function Download({ file, name }: { file: ReservesProofFile; name: string }) {
  const { t } = useI18n();
  const href = useMemo(() => URL.createObjectURL(new Blob([proofFileJson(file)], { type: 'application/json' })), [file]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <a href={href} download={name}>
      {t('reserves.download')}
    </a>
  );
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
