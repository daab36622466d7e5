import type { Stake as StakeJson } from '@stakedesk/shared/api-types';
import { jsonObject } from '../sql/json-sql.js';
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
 * What paid stake `s`, as a SQL expression of its JSON (NULL for nothing): withdrawals'
 * stakePayoutJsonSql, handed in by app.ts, since withdrawals import stakes.
 */
export type StakePayoutSql = (s: string) => string;

/** A finished stake (FinishedStake) in SQL: stakeJsonSql with `payout` last, what paid it or null for a restaked stake. */
export function finishedStakeJsonSql(s: string, payoutOf: StakePayoutSql): string {
  return jsonObject([...rowJsonMembersSql(STAKE_JSON, s), ['payout', `coalesce(${payoutOf(s)}, 'null')`]]);
}
