import { Link } from 'react-router-dom';
import type { SolanaCluster } from '@stakedesk/shared/format';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { LoadError } from '../../components/LoadError.js';
import { usePageDescription } from '../../components/use-page-description.js';
import { usePageTitle } from '../../components/use-page-title.js';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useCopiedFlag } from '../../lib/use-copied-flag.js';
import { useSettings } from '../settings/api.js';
import { useLatestReserves, useOlderReserves } from './api.js';
import { AnchorLink } from './AnchorLink.js';
import { coverageOf, coverageShown, reservesTotal, tokensOf } from './check.js';
import { HOW_IT_WORKS_PATH } from './paths.js';
import './reserves.css';

/** How many snapshots before the latest the page lists. */
const EARLIER = 9;

/** The root as shown: its first and last 8 hex digits; the whole root is copied. */
const shortRoot = (root: string) => `${root.slice(0, 8)}…${root.slice(-8)}`;

/** /reserves, public: the latest snapshots, each with what it owed, what the reserves held and its anchor. */
export function ReservesPage() {
  const { t } = useI18n();
  const { data: settings } = useSettings();
  const latest = useLatestReserves();
  const older = useOlderReserves(latest.data?.id, EARLIER);
  usePageTitle(t('title.reserves'), settings?.tokenName);
  usePageDescription(t('meta.reserves', { token: settings?.tokenName ?? '' }));
  const cluster = settings?.solanaCluster ?? 'mainnet-beta';
  const symbol = settings?.tokenSymbol ?? '';
  const earlier = older.map((query) => query.data).filter((snapshot): snapshot is ReservesSnapshot => Boolean(snapshot));

  return (
    <main className="reserves-page">
      <h1>{t('title.reserves')}</h1>
      <p>{t('reserves.intro')}</p>
      <p>
        <Link to={HOW_IT_WORKS_PATH}>{t('reserves.howLink')}</Link>
      </p>
      {latest.isError && <LoadError message={t('reserves.loadFailed')} onRetry={() => void latest.refetch()} />}
      {latest.data === null && <p className="muted">{t('reserves.none')}</p>}
      {latest.data && (
        <section aria-labelledby="reserves-latest">
          <h2 id="reserves-latest">{t('reserves.latest')}</h2>
          <SnapshotCard snapshot={latest.data} symbol={symbol} cluster={cluster} />
        </section>
      )}
      {earlier.length > 0 && (
        <section aria-labelledby="reserves-earlier">
          <h2 id="reserves-earlier">{t('reserves.earlier')}</h2>
          <ul className="snapshot-list">
            {earlier.map((snapshot) => (
              <li key={snapshot.id}>
                <SnapshotCard snapshot={snapshot} symbol={symbol} cluster={cluster} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

function SnapshotCard({ snapshot, symbol, cluster }: { snapshot: ReservesSnapshot; symbol: string; cluster: SolanaCluster }) {
  const { t } = useI18n();
  const format = useFormat();
  const tokens = (raw: string | bigint) => `${format.exact(tokensOf(raw, snapshot))} ${symbol}`.trim();
  const title = t('reserves.snapshotOf', { date: format.dateTime(snapshot.takenAt) });
  const coverage = coverageOf(snapshot);
  return (
    <article className="card snapshot-card" aria-label={title}>
      <h3>{title}</h3>
      <dl>
        <div>
          <dt>{t('reserves.liabilities')}</dt>
          <dd>{tokens(snapshot.totalLiabilities)}</dd>
        </div>
        <div>
          <dt>{t('reserves.reserves')}</dt>
          <dd>{tokens(reservesTotal(snapshot))}</dd>
        </div>
        <div>
          <dt>{t('reserves.coverage')}</dt>
          <dd>{coverage === null ? t('reserves.nothingOwedShort') : coverageShown(coverage, format.percent)}</dd>
        </div>
        <div>
          <dt>{t('reserves.holders')}</dt>
          <dd>{format.amount(snapshot.leafCount, 0)}</dd>
        </div>
        <div className="snapshot-wide">
          <dt>{t('reserves.root')}</dt>
          <dd>
            <Root root={snapshot.root} />
          </dd>
        </div>
        <div className="snapshot-wide">
          <dt>{t('reserves.anchorTx')}</dt>
          <dd>
            {snapshot.anchorSignature ? (
              <AnchorLink signature={snapshot.anchorSignature} cluster={cluster} />
            ) : (
              <span className="muted">{t('reserves.notAnchoredShort')}</span>
            )}
          </dd>
        </div>
      </dl>
    </article>
  );
}

function Root({ root }: { root: string }) {
  const { t } = useI18n();
  const [copied, markCopied] = useCopiedFlag();
  return (
    <span className="snapshot-root">
      <code title={root}>{shortRoot(root)}</code>
      <button type="button" className="link-button" onClick={() => navigator.clipboard.writeText(root).then(markCopied, () => undefined)}>
        {copied ? t('reserves.copied') : t('reserves.copyRoot')}
      </button>
    </span>
  );
}
