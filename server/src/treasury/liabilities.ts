import { QueryTypes, type Sequelize } from 'sequelize';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { DUE_SOON_DAYS } from '@stakedesk/shared/treasury';
import { STAKE_COMPLETE_SQL } from '../stakes/stake-rules-sql.js';

export type Liabilities = Pick<
  TreasuryCoverage,
  'liabilities' | 'dueWithin7Days' | 'dueWithin30Days' | 'liabilitiesElsewhere' | 'underReview'
>;

type Row = Record<
  'token_contract' | 'staking_wallet' | 'principal' | 'rewards' | 'pending' | 'under_review' | 'due_soon' | 'due_later',
  string
>;

/**
 * What the platform owes, in one statement (one snapshot), per mint and staking wallet the
 * deposits were verified against. A stake with a pending withdrawal is owed through that
 * withdrawal's finalAmount (after any early penalty), so stakes count only while active or
 * completed; withdrawn stakes are paid or restaked (the restake is its own active stake).
 * Complete stakes (isComplete) and pending withdrawals are due now; an active stake when it ends.
 * A pending withdrawal whose payout landed short and waits for an owner's review is not owed from
 * the balance any more (its tokens left with that payout): it is counted apart, as under review.
 */
const LIABILITIES_SQL = `
  WITH owed AS (
    SELECT token_contract, staking_wallet, amount AS principal, reward_amount AS reward, 0 AS pending, 0 AS under_review,
      CASE WHEN ${STAKE_COMPLETE_SQL} THEN now() ELSE ends_at END AS due_at
    FROM stakes WHERE status IN ('active', 'completed')
    UNION ALL
    SELECT w.token_contract, w.staking_wallet, 0, 0, CASE WHEN r.held THEN 0 ELSE w.final_amount END,
      CASE WHEN r.held THEN w.final_amount ELSE 0 END, now()
    FROM withdrawals w
    CROSS JOIN LATERAL (SELECT EXISTS (
      SELECT 1 FROM payout_withdrawals pw WHERE pw.withdrawal_id = w.id AND pw.open AND pw.outcome = 'review') AS held) r
    WHERE w.status = 'pending'
  )
  SELECT token_contract, staking_wallet,
    sum(principal)::text AS principal, sum(reward)::text AS rewards, sum(pending)::text AS pending, sum(under_review)::text AS under_review,
    coalesce(sum(principal + reward + pending) FILTER (WHERE due_at <= now() + make_interval(days => :soon)), 0)::text AS due_soon,
    coalesce(sum(principal + reward + pending) FILTER (WHERE due_at <= now() + make_interval(days => :later)), 0)::text AS due_later
  FROM owed GROUP BY token_contract, staking_wallet`;

const totalOf = (row: Row) =>
  (BigInt(normalizeDecimal(row.principal)) + BigInt(normalizeDecimal(row.rewards)) + BigInt(normalizeDecimal(row.pending))).toString();

/**
 * The liabilities owed in `mint` from `stakingWallet` (what its balance must cover), and apart,
 * whatever is owed in another mint or from another wallet: deposits verified while the settings
 * named them, which that balance does not cover.
 */
export async function readLiabilities(sequelize: Sequelize, mint: string, stakingWallet: string): Promise<Liabilities> {
  const [soon, later] = DUE_SOON_DAYS;
  const rows = await sequelize.query<Row>(LIABILITIES_SQL, { replacements: { soon, later }, type: QueryTypes.SELECT });
  const here = rows.find((row) => row.token_contract === mint && row.staking_wallet === stakingWallet);
  const elsewhere = rows.filter((row) => row !== here);
  return {
    liabilities: {
      total: here ? totalOf(here) : '0',
      stakePrincipal: normalizeDecimal(here?.principal ?? '0'),
      stakeRewards: normalizeDecimal(here?.rewards ?? '0'),
      pendingWithdrawals: normalizeDecimal(here?.pending ?? '0'),
    },
    dueWithin7Days: normalizeDecimal(here?.due_soon ?? '0'),
    dueWithin30Days: normalizeDecimal(here?.due_later ?? '0'),
    underReview: normalizeDecimal(here?.under_review ?? '0'),
    liabilitiesElsewhere: elsewhere
      .map((row) => ({ tokenContract: row.token_contract, stakingWallet: row.staking_wallet, total: totalOf(row) }))
      .sort((a, b) => (BigInt(b.total) > BigInt(a.total) ? 1 : -1)),
  };
}
