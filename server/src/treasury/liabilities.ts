import { QueryTypes, type Sequelize } from 'sequelize';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { DUE_SOON_DAYS } from '@stakedesk/shared/treasury';

export type Liabilities = Pick<TreasuryCoverage, 'liabilities' | 'dueWithin7Days' | 'dueWithin30Days'>;

type Row = Record<'principal' | 'rewards' | 'pending' | 'due_soon' | 'due_later', string>;

/**
 * What the platform owes, in one statement (one snapshot). A stake with a pending withdrawal is
 * owed through that withdrawal's finalAmount (after any early penalty), so stakes count only while
 * active or completed; withdrawn stakes are paid or restaked (the restake is its own active stake).
 * Completed stakes and pending withdrawals are due now; an active stake when it ends.
 */
const LIABILITIES_SQL = `
  WITH stake_owed AS (
    SELECT amount, reward_amount, CASE WHEN status = 'completed' THEN now() ELSE ends_at END AS due_at
    FROM stakes WHERE status IN ('active', 'completed')
  ), owed AS (
    SELECT amount + reward_amount AS total, due_at FROM stake_owed
    UNION ALL
    SELECT final_amount, now() FROM withdrawals WHERE status = 'pending'
  )
  SELECT
    (SELECT coalesce(sum(amount), 0) FROM stake_owed)::text AS principal,
    (SELECT coalesce(sum(reward_amount), 0) FROM stake_owed)::text AS rewards,
    (SELECT coalesce(sum(final_amount), 0) FROM withdrawals WHERE status = 'pending')::text AS pending,
    (SELECT coalesce(sum(total), 0) FROM owed WHERE due_at <= now() + make_interval(days => :soon))::text AS due_soon,
    (SELECT coalesce(sum(total), 0) FROM owed WHERE due_at <= now() + make_interval(days => :later))::text AS due_later`;

export async function readLiabilities(sequelize: Sequelize): Promise<Liabilities> {
  const [soon, later] = DUE_SOON_DAYS;
  const [row] = await sequelize.query<Row>(LIABILITIES_SQL, { replacements: { soon, later }, type: QueryTypes.SELECT });
  const { principal, rewards, pending, due_soon, due_later } = row!;
  const total = (BigInt(normalizeDecimal(principal)) + BigInt(normalizeDecimal(rewards)) + BigInt(normalizeDecimal(pending))).toString();
  return {
    liabilities: { total, stakePrincipal: normalizeDecimal(principal), stakeRewards: normalizeDecimal(rewards), pendingWithdrawals: normalizeDecimal(pending) },
    dueWithin7Days: normalizeDecimal(due_soon),
    dueWithin30Days: normalizeDecimal(due_later),
  };
}
