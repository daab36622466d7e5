import type { Stake as StakeJson } from '@stakedesk/shared/api-types';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { jsonIsoDate, jsonNormalizedNumeric, jsonNumeric, jsonObject, jsonScalar, jsonText } from '../sql/json-sql.js';
import type { StakeRow } from './stake.model.js';

/** A stake with its plan as it was when the stake was made (the snapshot, not today's plan). */
export function toStakeJson(stake: StakeRow): StakeJson {
  return {
    id: stake.id,
    walletAddress: stake.walletAddress,
    plan: {
      id: stake.planId,
      name: stake.planName,
      description: stake.planDescription,
      yieldRate: normalizeDecimal(stake.yieldRate),
      durationDays: stake.durationDays,
      minStakeAmount: normalizeDecimal(stake.minStakeAmount),
      earlyPenaltyRate: normalizeDecimal(stake.earlyPenaltyRate),
    },
    amount: stake.amount,
    rewardAmount: stake.rewardAmount,
    rewardForfeited: stake.rewardForfeited,
    status: stake.status,
    createdAt: stake.createdAt.toISOString(),
    endsAt: stake.endsAt.toISOString(),
    completedAt: stake.completedAt ? stake.completedAt.toISOString() : null,
    txId: stake.txId,
    restakedFromId: stake.restakedFromId,
    overCapacity: stake.overCapacity,
    tokenContract: stake.tokenContract,
    stakingWallet: stake.stakingWallet,
  };
}

/**
 * toStakeJson in SQL: the JSON text of the stake row `s`, member for member and byte for byte
 * (json-sql.test.ts compares them), for lists that PostgreSQL serialises.
 */
export function stakeJsonSql(s: string): string {
  return jsonObject(stakeMembersSql(s));
}

function stakeMembersSql(s: string): [string, string][] {
  return [
    ['id', jsonScalar(`${s}.id`)],
    ['walletAddress', jsonText(`${s}.wallet_address`)],
    [
      'plan',
      jsonObject([
        ['id', jsonScalar(`${s}.plan_id`)],
        ['name', jsonText(`${s}.plan_name`)],
        ['description', jsonText(`${s}.plan_description`)],
        ['yieldRate', jsonNormalizedNumeric(`${s}.yield_rate`)],
        ['durationDays', jsonScalar(`${s}.duration_days`)],
        ['minStakeAmount', jsonNormalizedNumeric(`${s}.min_stake_amount`)],
        ['earlyPenaltyRate', jsonNormalizedNumeric(`${s}.early_penalty_rate`)],
      ]),
    ],
    ['amount', jsonNumeric(`${s}.amount`)],
    ['rewardAmount', jsonNumeric(`${s}.reward_amount`)],
    ['rewardForfeited', jsonScalar(`${s}.reward_forfeited`)],
    ['status', jsonText(`${s}.status`)],
    ['createdAt', jsonIsoDate(`${s}.created_at`)],
    ['endsAt', jsonIsoDate(`${s}.ends_at`)],
    ['completedAt', jsonIsoDate(`${s}.completed_at`)],
    ['txId', jsonText(`${s}.tx_id`)],
    ['restakedFromId', jsonScalar(`${s}.restaked_from_id`)],
    ['overCapacity', jsonScalar(`${s}.over_capacity`)],
    ['tokenContract', jsonText(`${s}.token_contract`)],
    ['stakingWallet', jsonText(`${s}.staking_wallet`)],
  ];
}

/**
 * A finished stake (FinishedStake) in SQL: stakeJsonSql with `payout` last, the completed
 * withdrawal that paid it (withdrawals_one_payout_per_stake: at most one) or null for a
 * restaked stake.
 */
export function finishedStakeJsonSql(s: string): string {
  const payout = jsonObject([
    ['kind', jsonText('w.kind')],
    ['finalAmount', jsonNumeric('w.final_amount')],
    ['penaltyAmount', jsonNumeric('w.penalty_amount')],
    ['txId', jsonText('w.tx_id')],
  ]);
  const paidBy = `(SELECT ${payout} FROM withdrawals w WHERE w.stake_id = ${s}.id AND w.status = 'completed')`;
  return jsonObject([...stakeMembersSql(s), ['payout', `coalesce(${paidBy}, 'null')`]]);
}
