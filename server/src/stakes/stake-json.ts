import type { Stake as StakeJson } from '@stakedesk/shared/api-types';
import { jsonNumeric, jsonObject, jsonText } from '../sql/json-sql.js';
import {
  isoDate,
  normalizedNumeric,
  numeric,
  rowJson,
  rowJsonMembersSql,
  rowJsonSql,
  scalar,
  scalarOrAbsent,
  text,
  type RowShape,
} from '../sql/row-json.js';
import type { StakeRow } from './stake.model.js';

/**
 * A stake as every answer shows it, with its plan as it was when the stake was made (the snapshot,
 * not today's plan), written once for the server and for PostgreSQL.
 */
const STAKE_JSON: RowShape<StakeRow, StakeJson> = {
  id: scalar('id'),
  walletAddress: text('walletAddress'),
  plan: {
    id: scalar('planId'),
    name: text('planName'),
    description: text('planDescription'),
    yieldRate: normalizedNumeric('yieldRate'),
    durationDays: scalar('durationDays'),
    durationMinutes: scalarOrAbsent('durationMinutes'),
    minStakeAmount: normalizedNumeric('minStakeAmount'),
    earlyPenaltyRate: normalizedNumeric('earlyPenaltyRate'),
  },
  amount: numeric('amount'),
  rewardAmount: numeric('rewardAmount'),
  rewardForfeited: scalar('rewardForfeited'),
  status: text('status'),
  createdAt: isoDate('createdAt'),
  endsAt: isoDate('endsAt'),
  completedAt: isoDate('completedAt'),
  txId: text('txId'),
  restakedFromId: scalar('restakedFromId'),
  overCapacity: scalar('overCapacity'),
  tokenContract: text('tokenContract'),
  stakingWallet: text('stakingWallet'),
};

export const toStakeJson = (stake: StakeRow): StakeJson => rowJson(STAKE_JSON, stake);

/** toStakeJson in SQL: the JSON text of the stake row `s`, byte for byte (json-sql.test.ts compares them). */
export const stakeJsonSql = (s: string): string => rowJsonSql(STAKE_JSON, s);

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
  return jsonObject([...rowJsonMembersSql(STAKE_JSON, s), ['payout', `coalesce(${paidBy}, 'null')`]]);
}
