import { Op, type Sequelize } from 'sequelize';
import { withdrawalQuote } from '@stakedesk/shared/money';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { AdminListQuery, WithdrawalRequestInput, WithdrawalSortField } from '@stakedesk/shared/schemas';
import type { WithdrawalStatus } from '@stakedesk/shared/stake-status';
import { emitAlert } from '../alerts/index.js';
import { isUniqueViolation } from '../db/errors.js';
import { publishAdminEvent } from '../events/publish.js';
import { EXPORT_BATCH_SIZE } from '../http/csv.js';
import { conflict } from '../errors.js';
import { listSort, pageOf, searchConditions } from '../sql/list-page.js';
import { newestFirstJsonPage, type JsonList } from '../sql/newest-first-page.js';
import { withdrawalJsonSql } from './withdrawal-json.js';
import { withdrawalTotals } from '../totals/index.js';
import { lockOwnStake, markStakePendingWithdrawal } from '../stakes/index.js';
import { withdrawalsTable, type Withdrawal, type WithdrawalRow } from './withdrawal.model.js';
import type { DatedKeyset, Keyset, Page } from '../sql/page.js';
import { loadSettings } from '../settings/index.js';

/**
 * Moves an active or completed stake to pending_withdrawal with amounts the server computes.
 * Amounts a client sends are compared, never used: a mismatch (say, the dialog was opened
 * before the stake ended) is refused so the holder sees the real figures first.
 */
export async function requestWithdrawal(db: Sequelize, input: WithdrawalRequestInput): Promise<Withdrawal> {
  try {
    return await db.transaction(async (transaction) => {
      const stake = await lockOwnStake(db, input.stakeId, input.walletAddress, transaction);
      if (stake.status === 'pending_withdrawal') throw conflict(msg('withdrawalAlreadyOpen'));
      if (stake.status === 'withdrawn') throw conflict(msg('stakeAlreadyWithdrawn'));
      const stakeStatusBefore = stake.status;
      const quote = withdrawalQuote({
        amount: stake.amount,
        status: stake.status,
        createdAt: stake.createdAt,
        plan: stake,
      });
      const sent = { amount: input.amount, finalAmount: input.finalAmount, penaltyAmount: input.penaltyAmount };
      const differs = (Object.keys(sent) as (keyof typeof sent)[]).some((key) => sent[key] !== undefined && sent[key] !== quote[key]);
      if (differs) {
        throw conflict(msg('withdrawalAmountsMismatch'), {
          expected: { amount: quote.amount, finalAmount: quote.finalAmount, penaltyAmount: quote.penaltyAmount, kind: quote.kind },
        });
      }
      const withdrawal = await withdrawalsTable(db).create(
        {
          stakeId: stake.id,
          walletAddress: stake.walletAddress,
          kind: quote.kind,
          amount: quote.amount,
          rewardAmount: quote.rewardAmount,
          penaltyAmount: quote.penaltyAmount,
          finalAmount: quote.finalAmount,
          stakeStatusBefore,
          tokenContract: stake.tokenContract,
          stakingWallet: stake.stakingWallet,
        },
        { transaction },
      );
      await markStakePendingWithdrawal(stake, quote.kind === 'early', transaction);
      await publishAdminEvent(db, transaction, {
        type: 'withdrawal.requested',
        withdrawalId: withdrawal.id,
        walletAddress: withdrawal.walletAddress,
        finalAmount: withdrawal.finalAmount,
      });
      const { tokenSymbol } = await loadSettings(db);
      await emitAlert(
        db,
        'withdrawal.requested',
        { withdrawalId: withdrawal.id, wallet: withdrawal.walletAddress, amount: withdrawal.finalAmount, symbol: tokenSymbol },
        transaction,
      );
      return withdrawal;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(msg('withdrawalAlreadyOpen'));
    throw error;
  }
}

/**
 * A holder's withdrawals, newest first, as the answer's JSON text (toWithdrawalJson's, written by
 * PostgreSQL), from withdrawals_wallet_idx in its order; `after` pages by keyset (see
 * listWalletStakes), without a total.
 */
export async function listWalletWithdrawals(
  db: Sequelize,
  walletAddress: string,
  page: Page,
  after?: DatedKeyset,
): Promise<{ body: string; next?: Keyset; total?: number }> {
  return newestFirstJsonPage(db, WALLET_WITHDRAWALS, walletAddress, page, { after, withTotal: !after });
}

const WALLET_WITHDRAWALS: JsonList = {
  name: 'wallet_withdrawals',
  table: 'withdrawals w',
  alias: 'w',
  dated: 'requested_at',
  where: 'w.wallet_address = $1',
  json: withdrawalJsonSql,
};

export async function withdrawalsAfter(db: Sequelize, afterId: number, statuses: WithdrawalStatus[] | undefined): Promise<Withdrawal[]> {
  const status = statuses ? { status: { [Op.in]: statuses } } : {};
  return withdrawalsTable(db).findAll({ where: { id: { [Op.gt]: afterId }, ...status }, order: [['id', 'ASC']], limit: EXPORT_BATCH_SIZE });
}

export async function listWithdrawals(
  db: Sequelize,
  query: AdminListQuery<WithdrawalSortField>,
  statuses: WithdrawalStatus[] | undefined,
  after?: Keyset,
): Promise<{ rows: WithdrawalRow[]; total: number; next?: Keyset }> {
  const status = statuses ? { status: { [Op.in]: statuses } } : {};
  const where = query.q ? { ...status, [Op.or]: searchConditions(query.q, ['walletAddress', 'txId']) } : status;
  // Without a search the total is the per-status count; a search matches few rows, counted directly.
  const total = query.q ? withdrawalsTable(db).count({ where }) : withdrawalTotals(db, statuses).then((totals) => totals.count);
  const sort = listSort(query, 'requestedAt', ['processedAt']);
  const [page, count] = await Promise.all([
    pageOf(db, withdrawalsTable(db), { where, sort, limit: query.limit, offset: query.offset, after }),
    total,
  ]);
  return { ...page, total: count };
}
