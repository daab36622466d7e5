import type { AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import type { FieldChange } from '@stakedesk/shared/change-requests';
import type { AdminTranslate } from '../../i18n/admin-en.js';
import type { AdminFormat } from '../format.js';
import type { StepUpChange } from '../core/api/step-up.js';
import { REQUEST_FIELD_LABELS } from '../core/change-requests/field-labels.js';

/** One value a request changes, as an owner reads it: what it is now (or was) beside what it becomes. */
export type ShownChange = StepUpChange & {
  /** A wallet or mint: shown whole, with its explorer link. */
  address: boolean;
};

const POLICY_LIMITS = [
  ['maxPerWithdrawal', 'autoPayouts.maxPerWithdrawal'],
  ['maxPer24h', 'autoPayouts.maxPer24h'],
  ['minHotBalance', 'autoPayouts.minHotBalance'],
] as const;

/** A policy change as the parts that differ: the switch, each limit, the new-wallet wait. */
function policyRows(from: AutoPayoutPolicy, to: AutoPayoutPolicy, t: AdminTranslate, format: AdminFormat, symbol: string): ShownChange[] {
  const rows: ShownChange[] = [];
  const onOff = (on: boolean) => t(on ? 'autoPayouts.on' : 'autoPayouts.off');
  if (from.enabled !== to.enabled)
    rows.push({ label: t('server.fieldAutoPayout'), from: onOff(from.enabled), to: onOff(to.enabled), address: false });
  for (const [part, label] of POLICY_LIMITS) {
    if (from[part] !== to[part])
      rows.push({ label: t(label), from: format.tokens(from[part], symbol), to: format.tokens(to[part], symbol), address: false });
  }
  if (from.newWalletDelayHours !== to.newWalletDelayHours) {
    const hours = (count: number) => t('requests.hours', { count: format.count(count) });
    rows.push({
      label: t('autoPayouts.newWalletDelay'),
      from: hours(from.newWalletDelayHours),
      to: hours(to.newWalletDelayHours),
      address: false,
    });
  }
  return rows;
}

/** Every value the changes replace, in the reader's words and number format. */
export function shownChanges(changes: FieldChange[], t: AdminTranslate, format: AdminFormat, symbol: string): ShownChange[] {
  const text = (value: string) => value || t('stepUp.none');
  return changes.flatMap((change): ShownChange[] => {
    const label = t(REQUEST_FIELD_LABELS[change.field]);
    switch (change.field) {
      case 'stakingWallet':
      case 'tokenContract':
        return [{ label, from: text(change.from), to: text(change.to), address: true }];
      case 'heliusRpcUrl':
      case 'heliusApiKey':
        return [{ label, from: text(change.from), to: text(change.to), address: false }];
      case 'holderRpcUrl': {
        const endpoint = (value: string) => value || t('requests.clusterEndpoint');
        return [{ label, from: endpoint(change.from), to: endpoint(change.to), address: false }];
      }
      case 'autoPayout':
        return policyRows(change.from, change.to, t, format, symbol);
      case 'walletChangeDelayHours':
        return [
          {
            label,
            from: t('requests.hours', { count: format.count(change.from) }),
            to: t('requests.hours', { count: format.count(change.to) }),
            address: false,
          },
        ];
      case 'approvalThreshold': {
        const threshold = (value: string) => (value ? format.tokens(value, symbol) : t('stepUp.none'));
        return [{ label, from: threshold(change.from), to: threshold(change.to), address: false }];
      }
      case 'role':
        return [{ label, from: t(`role.${change.from}`), to: t(`role.${change.to}`), address: false }];
      case 'webhook':
      case 'admin':
        return [{ label, from: change.from, to: t('requests.removed'), address: false }];
    }
  });
}
