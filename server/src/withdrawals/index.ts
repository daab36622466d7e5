// The withdrawals module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export {
  alertOverdueWithdrawals,
  DEFAULT_OVERDUE_HOURS,
  oldestPendingWithdrawalAge,
  pendingWithdrawalCount,
} from './overdue-withdrawals.js';
export {
  COMPLETED_WITHDRAWALS_SQL,
  WITHDRAWAL_PAID_BY_TRANSFER_SQL,
  withdrawalCompletedBy,
  withdrawalPaidByTransfer,
  withdrawalsPaidBy,
} from './payout-transfers.js';
export {
  autoPayoutHolds,
  noteAutoPayoutHold,
  PENDING_WITHDRAWALS_OF_MINT_SQL,
  PENDING_WITHDRAWALS_SQL,
  WALLET_PAID_BEFORE_OF_W,
} from './auto-payout-holds.js';
export { type PayableWithdrawal, readWithdrawals, WITHDRAWAL_PAYEES_SQL } from './payable-withdrawals.js';
export {
  findWithdrawal,
  findWithdrawals,
  lockPendingWithdrawalsOf,
  lockWithdrawal,
  markWithdrawalApproved,
  markWithdrawalCompleted,
  markWithdrawalRejected,
  pendingWithdrawalOwing,
} from './withdrawal-rows.js';
export { stakePayoutJsonSql } from './stake-payout-sql.js';
export { toWithdrawalJson } from './withdrawal-json.js';
export { type Withdrawal, type WithdrawalRow, withdrawalsTable } from './withdrawal.model.js';
