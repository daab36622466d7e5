// The stakes module's front door: what the rest of the server uses of it (ARCHITECTURE.md).
export { followDeposits, recordReferencedDeposits, type DepositRecorded } from './deposit-follower.js';
export { depositsBehindSeconds } from './deposit-cursors.js';
export { requireStakingConfigured } from './deposit-rules.js';
export { expiryRound } from './expiry.js';
export { holdersSql, STAKE_DEPOSIT_TIMES_SQL } from './holders-sql.js';
export { liveStakesIn } from './live-stakes.js';
export { planInUse } from './plan-in-use.js';
export { OWED_STAKES_SQL, STAKE_COMPLETE_SQL } from './stake-rules-sql.js';
export { stakesTable, type Stake } from './stake.model.js';
export { lockOwnStake, lockStake } from './stakes.service.js';
export { markStakePendingWithdrawal, markStakeWithdrawn, returnStakeFromWithdrawal } from './stake-moves.js';
export { claimTxIdForPayout, newestUsedTransactionTime, USED_TRANSACTION_SQL, usedTxIds } from './used-transactions.js';
export { recordedDepositsAfter, stakingWalletsOf } from './recorded-deposits.js';
export { createDepositIntent, intentTerms } from './deposit-intents.service.js';
