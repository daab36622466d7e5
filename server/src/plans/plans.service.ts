import { Op, type Sequelize, type Transaction } from 'sequelize';
import type { StakingPlan as PlanJson } from '@stakedesk/shared/api-types';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { PlanInput } from '@stakedesk/shared/schemas';
import { recordAudit, type Actor } from '../audit/index.js';
import { cachesOf, STAKES_MOVED } from '../cache/caches.js';
import { prepareJson, type PreparedJson } from '../http/prepared-json.js';
import { badRequest, notFound } from '../errors.js';
import { isCheckViolation } from '../db/errors.js';
import { remainingCapacity } from '@stakedesk/shared/capacity';
import { activeStakedByPlan } from '../totals/index.js';
import { plansTable, type StakingPlan } from './plan.model.js';
import { type Keyset, type Page, trimToPage } from '../sql/page.js';

const withoutUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;

/** `staked` (the plan's active stakes) gives remainingCapacity; audit entries leave it out (null). */
function toPlanJson(plan: StakingPlan, staked?: string): PlanJson {
  const maxTotalStaked = plan.maxTotalStaked === null ? null : normalizeDecimal(plan.maxTotalStaked);
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    yieldRate: normalizeDecimal(plan.yieldRate),
    durationDays: plan.durationDays,
    ...(plan.durationMinutes !== null && { durationMinutes: plan.durationMinutes }),
    minStakeAmount: normalizeDecimal(plan.minStakeAmount),
    earlyPenaltyRate: normalizeDecimal(plan.earlyPenaltyRate),
    isActive: plan.isActive,
    createdAt: plan.createdAt.toISOString(),
    maxTotalStaked,
    maxPerWallet: plan.maxPerWallet === null ? null : normalizeDecimal(plan.maxPerWallet),
    remainingCapacity: staked === undefined ? null : remainingCapacity(maxTotalStaked, staked),
  };
}

async function withCapacity(db: Sequelize, plans: StakingPlan[]): Promise<PlanJson[]> {
  const staked = await activeStakedByPlan(
    db,
    plans.filter((plan) => plan.maxTotalStaked !== null).map((plan) => plan.id),
  );
  return plans.map((plan) => toPlanJson(plan, staked.get(plan.id) ?? '0'));
}

/** One plan as the API answers it, with its remaining capacity. */
export async function planJson(db: Sequelize, plan: StakingPlan): Promise<PlanJson> {
  return (await withCapacity(db, [plan]))[0]!;
}

/** The plans holders can stake in, oldest first (the landing page highlights index 1). */
export async function listActivePlans(db: Sequelize): Promise<PlanJson[]> {
  const plans = await plansTable(db).findAll({ where: { isActive: true }, order: [['id', 'ASC']] });
  return withCapacity(db, plans);
}

/** One plan, open or not, with its remaining capacity; null for an unknown or deleted one. */
export async function findPlanJson(db: Sequelize, id: number): Promise<PlanJson | null> {
  const plan = await plansTable(db).findByPk(id);
  return plan && planJson(db, plan);
}

/** GET /api/staking-plans, serialised, from memory while current (cache/caches.ts). */
export function activePlansJson(db: Sequelize): () => Promise<PreparedJson> {
  const cache = cachesOf(db).adminChangedCache(['plan', STAKES_MOVED, 'withdrawal'], async () => prepareJson(await listActivePlans(db)));
  return () => cache.get();
}

export async function listAllPlans(db: Sequelize, page: Page, after?: Keyset): Promise<{ rows: PlanJson[]; total: number; next?: Keyset }> {
  const [fetched, total] = await Promise.all([
    plansTable(db).findAll({
      where: after ? { id: { [Op.gt]: after.id } } : {},
      order: [['id', 'ASC']],
      limit: page.limit + 1,
      offset: after ? 0 : page.offset,
    }),
    plansTable(db).count(),
  ]);
  const { rows, next } = trimToPage(fetched, page.limit, (plan) => ({ value: null, id: plan.id }));
  return { rows: await withCapacity(db, rows), total, next };
}

/** Whether this server takes a plan's duration in minutes: a demo server only (DESIGN 16). */
export type PlanRules = { minutesAllowed: boolean };

/** The duration columns of a plan's input: whole days, or a demo plan's minutes with 0 days. */
function durationOf(input: PlanInput, { minutesAllowed }: PlanRules): { durationDays: number; durationMinutes: number | null } {
  if (input.durationMinutes === undefined) return { durationDays: input.durationDays!, durationMinutes: null };
  if (!minutesAllowed) throw badRequest(msg('durationMinutesDemoOnly'), { durationMinutes: msg('durationMinutesDemoOnly') });
  return { durationDays: 0, durationMinutes: input.durationMinutes };
}

export async function createPlan(db: Sequelize, input: PlanInput, actor: Actor, rules: PlanRules): Promise<StakingPlan> {
  const duration = durationOf(input, rules);
  return db.transaction(async (transaction) => {
    const plan = await plansTable(db).create(
      { ...input, ...duration, isActive: input.isActive ?? true, description: input.description || null },
      { transaction },
    );
    await recordAudit(db, transaction, actor, {
      action: 'plan.create',
      entityType: 'plan',
      entityId: plan.id,
      after: toPlanJson(plan),
    });
    return plan;
  });
}

/**
 * A plan made while a 100% penalty was allowed keeps it (the database leaves old rows alone) but
 * takes no other change until its penalty is brought below 100%.
 */
function refusePenaltyOf100(error: unknown): never {
  if (isCheckViolation(error, 'staking_plans_early_penalty_below_100')) {
    throw badRequest(msg('earlyPenaltyTooHigh'), { earlyPenaltyRate: msg('earlyPenaltyTooHigh') });
  }
  throw error;
}

/**
 * A plan by its id, for a stake into it: FOR UPDATE when read in a transaction (held until the
 * stake is written, against edits, deletion and other stakes' capacity sums); `withDeleted` finds
 * a deleted one too (a deposit already made into it is recorded all the same).
 */
export async function findPlanForStake(
  db: Sequelize,
  id: number,
  transaction?: Transaction,
  { withDeleted = false } = {},
): Promise<StakingPlan | null> {
  return plansTable(db).findByPk(id, {
    ...(withDeleted ? { paranoid: false } : {}),
    ...(transaction ? { transaction, lock: transaction.LOCK.UPDATE } : {}),
  });
}

async function lockPlan(db: Sequelize, id: number, transaction: Transaction): Promise<StakingPlan> {
  const plan = await plansTable(db).findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
  if (!plan) throw notFound(msg('planNotFound'));
  return plan;
}

/** Existing stakes keep the terms they were made with; only new stakes see the change. */
export async function updatePlan(db: Sequelize, id: number, input: PlanInput, actor: Actor, rules: PlanRules): Promise<StakingPlan> {
  const duration = durationOf(input, rules);
  return db.transaction(async (transaction) => {
    const plan = await lockPlan(db, id, transaction);
    const before = toPlanJson(plan);
    await plan.update({ ...withoutUndefined(input), ...duration, description: input.description || null }, { transaction });
    await recordAudit(db, transaction, actor, {
      action: 'plan.update',
      entityType: 'plan',
      entityId: id,
      before,
      after: toPlanJson(plan),
    });
    return plan;
  });
}

export async function togglePlan(db: Sequelize, id: number, actor: Actor): Promise<StakingPlan> {
  return db
    .transaction(async (transaction) => {
      const plan = await lockPlan(db, id, transaction);
      const before = toPlanJson(plan);
      await plan.update({ isActive: !plan.isActive }, { transaction });
      await recordAudit(db, transaction, actor, {
        action: 'plan.toggle',
        entityType: 'plan',
        entityId: id,
        before,
        after: toPlanJson(plan),
      });
      return plan;
    })
    .catch(refusePenaltyOf100);
}

/** How many plans are offered now (active and not deleted), as a subquery of a larger statement. */
export const ACTIVE_PLANS_SUBQUERY = `(SELECT count(*) FROM staking_plans WHERE is_active AND deleted_at IS NULL)`;

/** Whether a plan has stakes or deposit intents (stakes' answer, handed to plans by the app). */
export type PlanInUse = (db: Sequelize, planId: number, transaction: Transaction) => Promise<boolean>;

/**
 * A plan nobody staked in (or meant to) is deleted; one with stakes or deposit intents is hidden (soft delete) so their history
 * keeps its plan. The row lock orders this against a stake being recorded in the same plan.
 */
export async function deletePlan(db: Sequelize, id: number, actor: Actor, planInUse: PlanInUse): Promise<{ softDeleted: boolean }> {
  return db
    .transaction(async (transaction) => {
      const plan = await lockPlan(db, id, transaction);
      const hasStakes = await planInUse(db, id, transaction);
      await plan.destroy({ transaction, force: !hasStakes });
      await recordAudit(db, transaction, actor, {
        action: hasStakes ? 'plan.hide' : 'plan.delete',
        entityType: 'plan',
        entityId: id,
        before: toPlanJson(plan),
      });
      return { softDeleted: hasStakes };
    })
    .catch(refusePenaltyOf100);
}
