import type { Sequelize, Transaction } from 'sequelize';
import { compareDecimal, normalizeDecimal } from '@stakedesk/shared/decimal';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { stakingDestination, type StakingDestination } from '@stakedesk/shared/staking-open';
import { badRequest, conflict, notFound, unavailable } from '../errors.js';
import { findPlanForStake, type StakingPlan } from '../plans/index.js';
import type { Settings } from '../settings/index.js';

/** The mint and staking wallet deposits go to now; 503 until the operator has set both. */
export function requireStakingConfigured(settings: Settings): StakingDestination {
  const destination = stakingDestination(settings);
  if (!destination) throw unavailable(msg('stakingNotConfigured'));
  return destination;
}

/**
 * The plan, open for stakes. In a transaction it is locked FOR UPDATE until the stake is written:
 * against deletion or edits, and against other stakes into the plan, so that capacity sums read
 * under the lock stay true until commit (concurrent deposits cannot overshoot a cap).
 */
export async function lockOpenPlan(db: Sequelize, planId: number, transaction?: Transaction): Promise<StakingPlan> {
  const plan = await findPlanForStake(db, planId, transaction);
  if (!plan) throw notFound(msg('planNotFound'));
  if (!plan.isActive) throw conflict(msg('planInactive'));
  return plan;
}

export function requireMinimum(amount: string, plan: StakingPlan, symbol: string): void {
  if (compareDecimal(amount, plan.minStakeAmount) < 0) {
    const message = msg('minimumStake', { min: normalizeDecimal(plan.minStakeAmount), symbol });
    throw badRequest(message, { amount: message });
  }
}

/** A plan's terms as a stake keeps them: editing or deleting the plan later changes nothing. */
export type PlanTerms = {
  planId: number;
  planName: string;
  planDescription: string | null;
  yieldRate: string;
  durationDays: number;
  durationMinutes: number | null;
  minStakeAmount: string;
  earlyPenaltyRate: string;
};

export function termsOf(plan: StakingPlan): PlanTerms {
  return {
    planId: plan.id,
    planName: plan.name,
    planDescription: plan.description,
    yieldRate: plan.yieldRate,
    durationDays: plan.durationDays,
    durationMinutes: plan.durationMinutes,
    minStakeAmount: plan.minStakeAmount,
    earlyPenaltyRate: plan.earlyPenaltyRate,
  };
}
