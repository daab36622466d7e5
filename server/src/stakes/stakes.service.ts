import { Op, QueryTypes, type Sequelize, type Transaction, type WhereOptions } from 'sequelize';
import { compareDecimal, normalizeDecimal } from '@stakedesk/shared/decimal';
import { MESSAGES, minimumStakeMessage } from '@stakedesk/shared/messages';
import { restakeAmount, rewardFor } from '@stakedesk/shared/money';
import type { AdminListQuery, RestakeInput, StakeCheckInput, StakeCreateInput, StakeSortField } from '@stakedesk/shared/schemas';
import { hasElapsed, restakeTxId, stakeEndsAt, type StakeStatus } from '@stakedesk/shared/stake-status';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.js';
import type { ChainVerifier } from '../chain/chain-verifier.js';
import { requireProof } from '../chain/verify.js';
import { isUniqueViolation } from '../db/errors.js';
import { publishAdminEvent } from '../events/publish.js';
import { EXPORT_BATCH_SIZE } from '../http/csv.js';
import { badRequest, conflict, forbidden, notFound, unavailable } from '../http/errors.js';
import { capacityProblem, requireCapacity } from '../plans/capacity.js';
import { escapeLike, listOrder, pageOf, searchConditions } from '../http/list-query.js';
import { totalOf, type Page } from '../http/pagination.js';
import { StakingPlan } from '../plans/plan.model.js';
import { stakePlansMatching, stakeTotals } from '../totals/totals.service.js';
import { loadSettings } from '../settings/settings.service.js';
import type { Settings } from '../settings/settings.model.js';
import { toStakeJson } from './stake-json.js';
import { Stake, type StakeRow } from './stake.model.js';

function requireStakingConfigured(settings: Settings): { mint: string; stakingWallet: string } {
  if (!settings.tokenContract || !settings.stakingWallet) {
    throw unavailable(MESSAGES.stakingNotConfigured);
  }
  return { mint: settings.tokenContract, stakingWallet: settings.stakingWallet };
}

/**
 * The plan, open for stakes. In a transaction it is locked FOR UPDATE until the stake is written:
 * against deletion or edits, and against other stakes into the plan, so that capacity sums read
 * under the lock stay true until commit (concurrent deposits cannot overshoot a cap).
 */
async function lockOpenPlan(planId: number, transaction?: Transaction): Promise<StakingPlan> {
  const plan = await StakingPlan.findByPk(planId, transaction ? { transaction, lock: transaction.LOCK.UPDATE } : {});
  if (!plan) throw notFound(MESSAGES.planNotFound);
  if (!plan.isActive) throw conflict(MESSAGES.planInactive);
  return plan;
}

function requireMinimum(amount: string, plan: StakingPlan, symbol: string): void {
  if (compareDecimal(amount, plan.minStakeAmount) < 0) {
    const message = minimumStakeMessage(normalizeDecimal(plan.minStakeAmount), symbol);
    throw badRequest(message, { amount: message });
  }
}

function snapshotOf(plan: StakingPlan) {
  return {
    planId: plan.id,
    planName: plan.name,
    planDescription: plan.description,
    yieldRate: plan.yieldRate,
    durationDays: plan.durationDays,
    minStakeAmount: plan.minStakeAmount,
    earlyPenaltyRate: plan.earlyPenaltyRate,
  };
}

function announceStake(sequelize: Sequelize, transaction: Transaction, stake: Stake): Promise<void> {
  return publishAdminEvent(sequelize, transaction, {
    type: 'stake.created',
    stakeId: stake.id,
    walletAddress: stake.walletAddress,
    amount: stake.amount,
    restake: stake.restakedFromId !== null,
  });
}

/** A recorded txId may be replayed by the same deposit (idempotent); anything else is a reuse. */
async function replayOf(input: StakeCreateInput): Promise<Stake | null> {
  // One statement, so one snapshot: a deposit committing meanwhile is seen whole or not at all.
  const [use] = await Stake.sequelize!.query<{ stake_id: number | null }>(
    'SELECT s.id AS stake_id FROM used_transactions u LEFT JOIN stakes s ON s.tx_id = u.tx_id WHERE u.tx_id = :txId',
    { replacements: { txId: input.txId }, type: QueryTypes.SELECT },
  );
  if (!use) return null;
  const existing = use.stake_id === null ? null : await Stake.findByPk(use.stake_id);
  const same =
    existing?.walletAddress === input.walletAddress && existing.planId === input.planId && existing.amount === input.amount;
  if (!same) throw conflict(MESSAGES.txIdAlreadyUsed);
  return existing;
}

/**
 * POST /api/stakes/check: refuses, before the holder signs anything, a deposit the server would
 * not take into the plan (closed, below minimum, over a cap). Advisory: a deposit racing others
 * to the last room is settled when it is recorded.
 */
export async function checkStake(input: StakeCheckInput): Promise<void> {
  const settings = await loadSettings();
  requireStakingConfigured(settings);
  const plan = await lockOpenPlan(input.planId);
  requireMinimum(input.amount, plan, settings.tokenSymbol);
  await requireCapacity(plan, input.walletAddress, input.amount, settings.tokenSymbol);
}

async function flagOverCapacity(sequelize: Sequelize, transaction: Transaction, stake: Stake, reason: string): Promise<void> {
  await recordAudit(transaction, SYSTEM_ACTOR, {
    action: 'stake.over_capacity',
    entityType: 'stake',
    entityId: stake.id,
    after: { ...toStakeJson(stake), reason },
  });
}

export async function markTransactionUsed(
  sequelize: Sequelize,
  txId: string,
  purpose: 'deposit',
  transaction: Transaction,
): Promise<void> {
  await sequelize.query('INSERT INTO used_transactions (tx_id, purpose) VALUES (:txId, :purpose)', {
    replacements: { txId, purpose },
    transaction,
  });
}

/**
 * Records a deposit as an active stake, only after the chain proves it. Replays of the same
 * deposit return the stake already recorded (`created: false`).
 */
export async function createStake(
  sequelize: Sequelize,
  verifier: ChainVerifier,
  input: StakeCreateInput,
): Promise<{ stake: Stake; created: boolean }> {
  const settings = await loadSettings();
  const { mint, stakingWallet } = requireStakingConfigured(settings);
  const replay = await replayOf(input);
  if (replay) return { stake: replay, created: false };
  const plan = await lockOpenPlan(input.planId);
  requireMinimum(input.amount, plan, settings.tokenSymbol);

  await requireProof(() =>
    verifier.verifyDeposit({ txId: input.txId, walletAddress: input.walletAddress, amount: input.amount, mint, stakingWallet }),
  );

  try {
    const stake = await sequelize.transaction(async (transaction) => {
      const lockedPlan = await lockOpenPlan(input.planId, transaction);
      // The tokens have already moved: a deposit over a cap is recorded and flagged, never lost.
      const overCapacity = await capacityProblem(lockedPlan, input.walletAddress, input.amount, settings.tokenSymbol, transaction);
      await markTransactionUsed(sequelize, input.txId, 'deposit', transaction);
      const createdAt = new Date();
      const created = await Stake.create(
        {
          walletAddress: input.walletAddress,
          ...snapshotOf(lockedPlan),
          amount: input.amount,
          rewardAmount: rewardFor(input.amount, lockedPlan.yieldRate),
          txId: input.txId,
          restakedFromId: null,
          overCapacity: overCapacity !== null,
          createdAt,
          endsAt: stakeEndsAt(createdAt, lockedPlan.durationDays),
        },
        { transaction },
      );
      if (overCapacity) await flagOverCapacity(sequelize, transaction, created, overCapacity);
      await announceStake(sequelize, transaction, created);
      return created;
    });
    return { stake, created: true };
  } catch (error) {
    // Two requests recorded the same deposit at once: the loser answers like a replay.
    if (isUniqueViolation(error)) {
      const replayed = await replayOf(input);
      if (replayed) return { stake: replayed, created: false };
      throw conflict(MESSAGES.txIdAlreadyUsed);
    }
    throw error;
  }
}

/** A stake is complete when marked so, or when its period has run out before the expiry job ran. */
export function isComplete(stake: Pick<Stake, 'status' | 'createdAt' | 'durationDays'>, now = new Date()): boolean {
  return stake.status === 'completed' || (stake.status === 'active' && hasElapsed(stake.createdAt, stake.durationDays, now));
}

export async function lockOwnStake(stakeId: number, walletAddress: string, transaction: Transaction): Promise<Stake> {
  const stake = await Stake.findByPk(stakeId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!stake) throw notFound(MESSAGES.stakeNotFound);
  if (stake.walletAddress !== walletAddress) throw forbidden(MESSAGES.stakeOfAnotherWallet);
  return stake;
}

/** Puts principal + reward of a completed stake into a new active stake; no tokens move. */
export async function restake(sequelize: Sequelize, input: RestakeInput): Promise<Stake> {
  const settings = await loadSettings();
  try {
    return await sequelize.transaction(async (transaction) => {
      const original = await lockOwnStake(input.originalStakeId, input.walletAddress, transaction);
      if (!isComplete(original)) {
        throw conflict(original.status === 'withdrawn' ? MESSAGES.stakeAlreadyWithdrawn : MESSAGES.stakeNotRestakable);
      }
      const plan = await lockOpenPlan(input.planId, transaction);
      const amount = restakeAmount(original.amount, original.yieldRate);
      requireMinimum(amount, plan, settings.tokenSymbol);
      // No tokens move in a restake, so one over a cap is simply refused.
      await requireCapacity(plan, original.walletAddress, amount, settings.tokenSymbol, transaction);
      const now = new Date();
      await original.update({ status: 'withdrawn', completedAt: original.completedAt ?? now }, { transaction });
      const created = await Stake.create(
        {
          walletAddress: original.walletAddress,
          ...snapshotOf(plan),
          amount,
          rewardAmount: rewardFor(amount, plan.yieldRate),
          txId: restakeTxId(original.id),
          restakedFromId: original.id,
          createdAt: now,
          endsAt: stakeEndsAt(now, plan.durationDays),
        },
        { transaction },
      );
      await announceStake(sequelize, transaction, created);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.stakeAlreadyRestaked);
    throw error;
  }
}

/** A holder's stakes, newest first, a page at a time (stakes_wallet_idx serves it in order). */
/** A holder's stakes, newest first, as plain rows (raw: they only become JSON). */
export async function listWalletStakes(walletAddress: string, page: Page): Promise<{ rows: StakeRow[]; total: number }> {
  const rows: StakeRow[] = await Stake.findAll({ where: { walletAddress }, order: [['createdAt', 'DESC'], ['id', 'DESC']], ...page, raw: true });
  return { rows, total: await totalOf(page, rows.length, () => Stake.count({ where: { walletAddress } })) };
}

export async function stakesAfter(afterId: number, statuses: StakeStatus[] | undefined): Promise<Stake[]> {
  const status = statuses ? { status: { [Op.in]: statuses } } : {};
  return Stake.findAll({ where: { id: { [Op.gt]: afterId }, ...status }, order: [['id', 'ASC']], limit: EXPORT_BATCH_SIZE });
}

/**
 * An admin page of stakes and the total. The search finds a wallet or txId by its start, a stake
 * by its id, and a plan by any part of its name: the plans come from the per-plan counts, so the
 * stakes they match are found through stakes_plan_idx and counted without reading them.
 */
export async function listStakes(
  query: AdminListQuery<StakeSortField>,
  statuses: StakeStatus[] | undefined,
): Promise<{ rows: StakeRow[]; total: number }> {
  const sequelize = Stake.sequelize!;
  const status = statuses ? { status: { [Op.in]: statuses } } : {};
  let where: WhereOptions = status;
  let total: Promise<number>;
  if (!query.q) {
    total = stakeTotals(sequelize, statuses).then((totals) => totals.count);
  } else {
    const namePattern = `%${escapeLike(query.q)}%`;
    const plans = await stakePlansMatching(sequelize, namePattern, statuses);
    const byItself = searchConditions(query.q, ['walletAddress', 'txId']);
    const byPlan = plans.map((plan) => ({ planId: plan.planId, planName: plan.planName }));
    where = { ...status, [Op.or]: [...byItself, ...byPlan] };
    // Stakes of a matching plan are counted already; the others, found by wallet, txId or id, are few.
    const others = Stake.count({ where: { ...status, [Op.or]: byItself, planName: { [Op.notILike]: namePattern } } });
    total = others.then((count) => count + plans.reduce((sum, plan) => sum + plan.count, 0));
  }
  const order = listOrder(query, 'createdAt', ['completedAt']);
  const [rows, count] = await Promise.all([pageOf(Stake, { where, order, limit: query.limit, offset: query.offset }), total]);
  return { rows, total: count };
}
