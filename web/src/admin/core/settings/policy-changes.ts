import type { AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import type { AdminTranslate } from '../../../i18n/admin-en.js';
import type { StepUpChange } from '../api/step-up.js';

const FIELDS = [
  ['maxPerWithdrawal', 'autoPayouts.maxPerWithdrawal'],
  ['maxPer24h', 'autoPayouts.maxPer24h'],
  ['minHotBalance', 'autoPayouts.minHotBalance'],
  ['newWalletDelayHours', 'autoPayouts.newWalletDelayHours'],
] as const;

/** What a policy change replaces, for the step-up dialog: the switch, then each limit that changes. */
export function policyChanges(
  saved: AutoPayoutPolicy,
  next: Partial<Record<keyof AutoPayoutPolicy, unknown>> | undefined,
  t: AdminTranslate,
): StepUpChange[] {
  if (!next) return [];
  const onOff = (on: unknown) => t(on ? 'autoPayouts.on' : 'autoPayouts.off');
  const changes: StepUpChange[] = [];
  if (next.enabled !== undefined && next.enabled !== saved.enabled) {
    changes.push({ label: t('server.fieldAutoPayout'), from: onOff(saved.enabled), to: onOff(next.enabled) });
  }
  for (const [field, label] of FIELDS) {
    const to = next[field];
    if (to !== undefined && String(to) !== String(saved[field]))
      changes.push({ label: t(label), from: String(saved[field]), to: String(to) });
  }
  return changes;
}
