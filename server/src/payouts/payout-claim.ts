import type { PayoutClaim } from '../chain/chain.js';
import type { WithdrawalRow } from '../withdrawals/index.js';

/**
 * What `txId` must show to pay this withdrawal: its finalAmount of its stake's mint, from its
 * stake's staking wallet (never today's settings), to its wallet, after it was requested.
 */
export function payoutClaimOf(withdrawal: WithdrawalRow, txId: string): PayoutClaim {
  return {
    txId,
    walletAddress: withdrawal.walletAddress,
    amount: withdrawal.finalAmount,
    mint: withdrawal.tokenContract,
    stakingWallet: withdrawal.stakingWallet,
    notBefore: withdrawal.requestedAt,
  };
}
