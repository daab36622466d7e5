/** The columns of the admin withdrawals CSV export. */
import type { Withdrawal } from './withdrawal.model.js';

export const WITHDRAWAL_CSV_COLUMNS: { header: string; value: (w: Withdrawal) => unknown }[] = [
  { header: 'id', value: (w) => w.id },
  { header: 'stake_id', value: (w) => w.stakeId },
  { header: 'wallet', value: (w) => w.walletAddress },
  { header: 'kind', value: (w) => w.kind },
  { header: 'amount', value: (w) => w.amount },
  { header: 'penalty', value: (w) => w.penaltyAmount },
  { header: 'final_amount', value: (w) => w.finalAmount },
  { header: 'status', value: (w) => w.status },
  { header: 'requested_at', value: (w) => w.requestedAt },
  { header: 'processed_at', value: (w) => w.processedAt },
  { header: 'tx_id', value: (w) => w.txId },
  { header: 'reject_reason', value: (w) => w.rejectReason },
];
