import type { PendingChange } from '@stakedesk/shared/api-types';
import { explorerAddressUrl, type SolanaCluster } from '@stakedesk/shared/format';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import './pending-change.css';

/**
 * The staking wallet or token that an approved change will put in place (DESIGN 17), on every page
 * until it takes effect: a holder sees where deposits will go, and from when, before it happens.
 * The address is shown whole and links to the explorer, so it can be checked character by character.
 */
export function PendingChangeBand({ change, cluster }: { change: PendingChange; cluster: SolanaCluster }) {
  const { t } = useI18n();
  const format = useFormat();
  const date = format.dateTime(change.effectiveAt);
  return (
    <aside className="pending-change-band" aria-label={t('pendingChange.label')}>
      <p>
        {t(change.field === 'stakingWallet' ? 'pendingChange.stakingWallet' : 'pendingChange.tokenContract', { date })}{' '}
        <a className="pending-change-address" href={explorerAddressUrl(change.value, cluster)} target="_blank" rel="noopener noreferrer">
          {change.value}
        </a>
      </p>
      <p className="pending-change-until">
        {t(change.field === 'stakingWallet' ? 'pendingChange.untilWallet' : 'pendingChange.untilToken')}
      </p>
    </aside>
  );
}
