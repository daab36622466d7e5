import type { SolanaCluster } from '@stakedesk/shared/format';
import { ExplorerAddressLink } from '../components/ExplorerAddressLink.js';
import { useAdminI18n } from '../i18n.js';
import type { ShownChange } from './shown-changes.js';

/** A value as it reads: a wallet or mint whole (to be checked character by character), with its explorer link. */
function Value({ text, address, cluster }: { text: string; address: boolean; cluster: SolanaCluster | undefined }) {
  if (!address) return <span>{text}</span>;
  return (
    <span className="admin-request-address">
      <span className="admin-mono">{text}</span>
      <ExplorerAddressLink address={text} cluster={cluster} />
    </span>
  );
}

/** What a request changes: each value's old and new side by side (stacked on a phone). */
export function ChangeValues({ rows, cluster }: { rows: ShownChange[]; cluster: SolanaCluster | undefined }) {
  const { t } = useAdminI18n();
  return (
    <dl className="admin-request-changes">
      {rows.map((row) => (
        <div key={row.label} className="admin-request-change">
          <dt>{row.label}</dt>
          <dd>
            <span className="admin-request-side">{t('requests.old')}</span>
            <Value text={row.from} address={row.address} cluster={cluster} />
          </dd>
          <dd>
            <span className="admin-request-side">{t('requests.new')}</span>
            <strong>
              <Value text={row.to} address={row.address} cluster={cluster} />
            </strong>
          </dd>
        </div>
      ))}
    </dl>
  );
}
