import type { Withdrawal as WithdrawalJson } from '@stakedesk/shared/api-types';
import type { WithdrawalRow } from './withdrawal.model.js';

export function toWithdrawalJson(w: WithdrawalRow): WithdrawalJson {
  return {
    id: w.id,
    stakeId: w.stakeId,
    walletAddress: w.walletAddress,
    kind: w.kind,
    amount: w.amount,
    finalAmount: w.finalAmount,
    penaltyAmount: w.penaltyAmount,
    status: w.status,
    requestedAt: w.requestedAt.toISOString(),
    processedAt: w.processedAt ? w.processedAt.toISOString() : null,
    txId: w.txId,
    rejectReason: w.rejectReason,
    tokenContract: w.tokenContract,
    stakingWallet: w.stakingWallet,
  };
}
