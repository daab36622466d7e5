import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { capacityRefusal, type Staked } from '@stakedesk/shared/capacity';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import type { CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { planCapacity, walletCapacity } from '@stakedesk/shared/messages';
import { conflict } from '../errors.js';
import type { StakingPlan } from '../plans/index.js';
import { PLAN_ACTIVE_STAKED_SUBQUERY } from '../totals/index.js';

const hasCaps = (plan: StakingPlan) => plan.maxTotalStaked !== null || plan.maxPerWallet !== null;

/**
 * The plan's and the wallet's active stakes in it, in one statement (one snapshot): the plan's
 * from the per-status counts (stake_counts, exact at every commit), the wallet's from its own
 * stakes (stakes_wallet_idx).
 */
async function stakedIn(db: Sequelize, plan: StakingPlan, walletAddress: string, transaction?: Transaction): Promise<Staked> {
  const [row] = await db.query<{ plan: string; wallet: string }>(
    `SELECT
       ${PLAN_ACTIVE_STAKED_SUBQUERY}::text AS plan,
       (SELECT coalesce(sum(amount), 0) FROM stakes
        WHERE wallet_address = :walletAddress AND plan_id = :planId AND status = 'active')::text AS wallet`,
    { replacements: { planId: plan.id, walletAddress }, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  return { plan: normalizeDecimal(row!.plan), wallet: normalizeDecimal(row!.wallet) };
}

/**
 * Why `amount` more from `walletAddress` does not fit the plan's caps, or null. Atomic only when
 * called in the transaction that holds the plan row FOR UPDATE (every stake written into a plan
 * takes that lock first, so the sums cannot change until it commits).
 */
export async function capacityProblem(
  db: Sequelize,
  plan: StakingPlan,
  walletAddress: string,
  amount: string,
  symbol: string,
  transaction?: Transaction,
): Promise<CodedMessage | null> {
  if (!hasCaps(plan)) return null;
  const caps = {
    maxTotalStaked: plan.maxTotalStaked === null ? null : normalizeDecimal(plan.maxTotalStaked),
    maxPerWallet: plan.maxPerWallet === null ? null : normalizeDecimal(plan.maxPerWallet),
  };
  const refusal = capacityRefusal(caps, await stakedIn(db, plan, walletAddress, transaction), amount);
  if (!refusal) return null;
  return refusal.limit === 'plan' ? planCapacity(refusal.remaining, symbol) : walletCapacity(refusal.remaining, symbol);
}

export async function requireCapacity(
  db: Sequelize,
  plan: StakingPlan,
  walletAddress: string,
  amount: string,
  symbol: string,
  transaction?: Transaction,
): Promise<void> {
  const problem = await capacityProblem(db, plan, walletAddress, amount, symbol, transaction);
  if (problem) throw conflict(problem, undefined, { amount: problem });
}
