/** The columns of the admin stakes CSV export. */
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import type { Stake } from './stake.model.js';

export const STAKE_CSV_COLUMNS: { header: string; value: (stake: Stake) => unknown }[] = [
  { header: 'id', value: (s) => s.id },
  { header: 'wallet', value: (s) => s.walletAddress },
  { header: 'plan', value: (s) => s.planName },
  { header: 'yield_rate', value: (s) => normalizeDecimal(s.yieldRate) },
  { header: 'duration_days', value: (s) => s.durationDays },
  { header: 'amount', value: (s) => s.amount },
  { header: 'reward', value: (s) => s.rewardAmount },
  { header: 'status', value: (s) => s.status },
  { header: 'created_at', value: (s) => s.createdAt },
  { header: 'ends_at', value: (s) => s.endsAt },
  { header: 'completed_at', value: (s) => s.completedAt },
  { header: 'tx_id', value: (s) => s.txId },
  { header: 'over_capacity', value: (s) => s.overCapacity },
];
