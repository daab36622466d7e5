import type { Withdrawal as WithdrawalJson } from '@stakedesk/shared/api-types';
import { jsonIsoDate, jsonNumeric, jsonObject, jsonScalar, jsonText } from '../sql/json-sql.js';
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

/** toWithdrawalJson in SQL: the JSON text of the withdrawal row `w`, byte for byte (json-sql.test.ts compares them). */
export function withdrawalJsonSql(w: string): string {
  return jsonObject([
    ['id', jsonScalar(`${w}.id`)],
    ['stakeId', jsonScalar(`${w}.stake_id`)],
    ['walletAddress', jsonText(`${w}.wallet_address`)],
    ['kind', jsonText(`${w}.kind`)],
    ['amount', jsonNumeric(`${w}.amount`)],
    ['finalAmount', jsonNumeric(`${w}.final_amount`)],
    ['penaltyAmount', jsonNumeric(`${w}.penalty_amount`)],
    ['status', jsonText(`${w}.status`)],
    ['requestedAt', jsonIsoDate(`${w}.requested_at`)],
    ['processedAt', jsonIsoDate(`${w}.processed_at`)],
    ['txId', jsonText(`${w}.tx_id`)],
    ['rejectReason', jsonText(`${w}.reject_reason`)],
    ['tokenContract', jsonText(`${w}.token_contract`)],
    ['stakingWallet', jsonText(`${w}.staking_wallet`)],
  ]);
}
