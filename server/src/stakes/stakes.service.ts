import { Op, QueryTypes, type Sequelize, type Transaction, type WhereOptions } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { restakeAmount, rewardFor } from '@stakedesk/shared/money';
import type { AdminListQuery, RestakeInput, StakeCheckInput, StakeCreateInput, StakeSortField } from '@stakedesk/shared/schemas';
import { isComplete, restakeTxId, stakeEndsAt, type StakeStatus } from '@stakedesk/shared/stake-status';
import type { ChainVerifier } from '../chain/chain.js';
import { askChain, notYetOnChain, requireProof } from '../chain/verify.js';
import { isUniqueViolation } from '../db/errors.js';
import { EXPORT_BATCH_SIZE } from '../http/csv.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { requireCapacity } from './capacity.js';
import { escapeLike, listSort, pageOf, searchConditions } from '../sql/list-page.js';
import { stakePlansMatching, stakeTotals } from '../totals/index.js';
import { intentClaim, intentReferencedBy, recordIntentDeposit } from './deposit-intents.service.js';
import { lockOpenPlan, requireMinimum, requireStakingConfigured, termsOf } from './deposit-rules.js';
import { announceStake, recordProvenDeposit } from './record-deposit.js';
import { markStakeWithdrawn } from './stake-moves.js';
import { stakesTable, type Stake, type StakeRow } from './stake.model.js';
import type { Keyset } from '../sql/page.js';
import { loadSettings } from '../settings/index.js';

/**
 * POST /api/stakes/check: refuses, before the holder signs anything, a deposit the server would
 * not take into the plan (closed, below minimum, over a cap). Advisory: a deposit racing others
 * to the last room is settled when it is recorded.
 */
export async function checkStake(db: Sequelize, input: StakeCheckInput): Promise<void> {
  const settings = await loadSettings(db);
  requireStakingConfigured(settings);
  const plan = await lockOpenPlan(db, input.planId);
  requireMinimum(input.amount, plan, settings.tokenSymbol);
  await requireCapacity(db, plan, input.walletAddress, input.amount, settings.tokenSymbol);
}

/** A recorded txId may be replayed by the same deposit (idempotent); anything else is a reuse. */
async function replayOf(db: Sequelize, input: StakeCreateInput): Promise<Stake | null> {
  // One statement, so one snapshot: a deposit committing meanwhile is seen whole or not at all.
  const [use] = await db.query<{ stake_id: number | null }>(
    'SELECT s.id AS stake_id FROM used_transactions u LEFT JOIN stakes s ON s.tx_id = u.tx_id WHERE u.tx_id = :txId',
    { replacements: { txId: input.txId }, type: QueryTypes.SELECT },
  );
  if (!use) return null;
  const existing = use.stake_id === null ? null : await stakesTable(db).findByPk(use.stake_id);
  const same = existing?.walletAddress === input.walletAddress && existing.planId === input.planId && existing.amount === input.amount;
  if (!same) throw conflict(msg('txIdAlreadyUsed'));
  return existing;
}

/**
 * POST /api/stakes: records a deposit as an active stake, only after the chain proves it. A
 * transfer carrying the reference of one of the wallet's deposit intents is recorded on that
 * intent's terms (the plan may have changed or closed since); any other on the plan's terms now.
 * Replays of the same deposit return the stake already recorded (`created: false`). A
 * transaction the chain does not know (yet) is 503 `retryable`, never a final refusal.
 */
export async function createStake(
  db: Sequelize,
  chain: ChainVerifier,
  input: StakeCreateInput,
): Promise<{ stake: Stake; created: boolean }> {
  requireStakingConfigured(await loadSettings(db));
  const replay = await replayOf(db, input);
  if (replay) return { stake: replay, created: false };
  const keys = await askChain(() => chain.accountKeys(input.txId));
  if (keys === null) throw notYetOnChain();
  const intent = await intentReferencedBy(db, input.walletAddress, keys);
  if (intent) {
    await requireProof(() => chain.verifyDeposit(intentClaim(intent, input.txId)));
    const recorded = await recordIntentDeposit(db, intent.id, input.txId);
    if (recorded) return recorded;
  }
  return createPlainStake(db, chain, input);
}

/** A deposit without an intent (a client that posts the transfer without asking for terms first): the plan must still be open, on its terms now. */
async function createPlainStake(db: Sequelize, chain: ChainVerifier, input: StakeCreateInput): Promise<{ stake: Stake; created: boolean }> {
  const settings = await loadSettings(db);
  const { mint, stakingWallet } = requireStakingConfigured(settings);
  const plan = await lockOpenPlan(db, input.planId);
  requireMinimum(input.amount, plan, settings.tokenSymbol);
  await requireProof(() =>
    chain.verifyDeposit({ txId: input.txId, walletAddress: input.walletAddress, amount: input.amount, mint, stakingWallet }),
  );
  try {
    const stake = await db.transaction(async (transaction) => {
      const lockedPlan = await lockOpenPlan(db, input.planId, transaction);
      const deposit = {
        txId: input.txId,
        walletAddress: input.walletAddress,
        amount: input.amount,
        terms: termsOf(lockedPlan),
        tokenContract: mint,
        stakingWallet,
      };
      return recordProvenDeposit(db, transaction, deposit, settings.tokenSymbol);
    });
    return { stake, created: true };
  } catch (error) {
    // Two requests recorded the same deposit at once: the loser answers like a replay.
    if (isUniqueViolation(error)) {
      const replayed = await replayOf(db, input);
      if (replayed) return { stake: replayed, created: false };
      throw conflict(msg('txIdAlreadyUsed'));
    }
    throw error;
  }
}

/** The stake, locked FOR UPDATE until the caller's transaction ends; null when there is none. */
export async function lockStake(db: Sequelize, stakeId: number, transaction: Transaction): Promise<Stake | null> {
  return stakesTable(db).findByPk(stakeId, { transaction, lock: transaction.LOCK.UPDATE });
}

export async function lockOwnStake(db: Sequelize, stakeId: number, walletAddress: string, transaction: Transaction): Promise<Stake> {
  const stake = await stakesTable(db).findByPk(stakeId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!stake) throw notFound(msg('stakeNotFound'));
  if (stake.walletAddress !== walletAddress) throw forbidden(msg('stakeOfAnotherWallet'));
  return stake;
}

/** Puts principal + reward of a completed stake into a new active stake; no tokens move. */
export async function restake(db: Sequelize, input: RestakeInput): Promise<Stake> {
  const settings = await loadSettings(db);
  try {
    return await db.transaction(async (transaction) => {
      const original = await lockOwnStake(db, input.originalStakeId, input.walletAddress, transaction);
      if (!isComplete({ status: original.status, createdAt: original.createdAt, plan: original })) {
        throw conflict(original.status === 'withdrawn' ? msg('stakeAlreadyWithdrawn') : msg('stakeNotRestakable'));
      }
      const plan = await lockOpenPlan(db, input.planId, transaction);
      const amount = restakeAmount(original.amount, original.yieldRate);
      requireMinimum(amount, plan, settings.tokenSymbol);
      // No tokens move in a restake, so one over a cap is simply refused.
      await requireCapacity(db, plan, original.walletAddress, amount, settings.tokenSymbol, transaction);
      const now = new Date();
      await markStakeWithdrawn(original, now, transaction);
      const created = await stakesTable(db).create(
        {
          walletAddress: original.walletAddress,
          ...termsOf(plan),
          amount,
          rewardAmount: rewardFor(amount, plan.yieldRate),
          txId: restakeTxId(original.id),
          restakedFromId: original.id,
          tokenContract: original.tokenContract,
          stakingWallet: original.stakingWallet,
          createdAt: now,
          endsAt: stakeEndsAt(now, plan),
        },
        { transaction },
      );
      await announceStake(db, transaction, created);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(msg('stakeAlreadyRestaked'));
    throw error;
  }
}

export async function stakesAfter(db: Sequelize, afterId: number, statuses: StakeStatus[] | undefined): Promise<Stake[]> {
  const status = statuses ? { status: { [Op.in]: statuses } } : {};
  return stakesTable(db).findAll({ where: { id: { [Op.gt]: afterId }, ...status }, order: [['id', 'ASC']], limit: EXPORT_BATCH_SIZE });
}

/**
 * An admin page of stakes and the total. The search finds a wallet or txId by its start, a stake
 * by its id, and a plan by any part of its name: the plans come from the per-plan counts, so the
 * stakes they match are found through stakes_plan_idx and counted without reading them.
 */
export async function listStakes(
  db: Sequelize,
  query: AdminListQuery<StakeSortField>,
  statuses: StakeStatus[] | undefined,
  after?: Keyset,
): Promise<{ rows: StakeRow[]; total: number; next?: Keyset }> {
  const status = statuses ? { status: { [Op.in]: statuses } } : {};
  let where: WhereOptions = status;
  let total: Promise<number>;
  if (!query.q) {
    total = stakeTotals(db, statuses).then((totals) => totals.count);
  } else {
    const namePattern = `%${escapeLike(query.q)}%`;
    const plans = await stakePlansMatching(db, namePattern, statuses);
    const byItself = searchConditions(query.q, ['walletAddress', 'txId']);
    const byPlan = plans.map((plan) => ({ planId: plan.planId, planName: plan.planName }));
    where = { ...status, [Op.or]: [...byItself, ...byPlan] };
    // Stakes of a matching plan are counted already; the others, found by wallet, txId or id, are few.
    const others = stakesTable(db).count({ where: { ...status, [Op.or]: byItself, planName: { [Op.notILike]: namePattern } } });
    total = others.then((count) => count + plans.reduce((sum, plan) => sum + plan.count, 0));
  }
  const sort = listSort(query, 'createdAt', ['completedAt']);
  const [page, count] = await Promise.all([
    pageOf(db, stakesTable(db), { where, sort, limit: query.limit, offset: query.offset, after }),
    total,
  ]);
  return { ...page, total: count };
}
