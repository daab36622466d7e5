import { Op, QueryTypes, literal, type WhereOptions } from 'sequelize';
import type { StakePayout, WalletSummary } from '@stakedesk/shared/api-types';
import type { StakeGroup } from '@stakedesk/shared/stake-status';
import type { Keyset } from '../http/cursor.js';
import { newestFirstPage } from '../http/newest-first-page.js';
import { totalOf, type DatedKeyset, type Page } from '../http/pagination.js';
import { Withdrawal } from '../withdrawals/withdrawal.model.js';
import { STAKE_GROUP_SQL, STAKE_LIVE_SQL } from './stake-rules-sql.js';
import { Stake, type StakeRow } from './stake.model.js';

/**
 * A holder's stakes, newest first, as plain rows (raw: they only become JSON), from
 * stakes_wallet_idx in its order. `group` keeps one dashboard table's stakes; `after` pages by
 * keyset (the rows older than the previous page's last), so a page costs the same whatever the
 * holder has and stakes made meanwhile shift nothing. Only a request paged by offset with no group
 * (SPEC's clients) gets a total: the dashboard reads its counts from the summary.
 */
export async function listWalletStakes(
  walletAddress: string,
  page: Page,
  options: { group?: StakeGroup; after?: DatedKeyset } = {},
): Promise<{ rows: StakeRow[]; next?: Keyset; total?: number }> {
  const { group, after } = options;
  const where: WhereOptions[] = [{ walletAddress }];
  if (group) where.push(literal(STAKE_GROUP_SQL[group]));
  const { rows, next } = await newestFirstPage(Stake, 'createdAt', where, page, after);
  if (group || after) return { rows, next };
  return { rows, next, total: await totalOf(page, rows.length, () => Stake.count({ where: { walletAddress } })) };
}

/** The completed withdrawal that paid each stake (withdrawals_one_payout_per_stake: at most one); restaked stakes have none. */
export async function payoutsOf(stakeIds: number[]): Promise<Map<number, StakePayout>> {
  if (stakeIds.length === 0) return new Map();
  const rows = (await Withdrawal.findAll({
    where: { stakeId: { [Op.in]: stakeIds }, status: 'completed' },
    attributes: ['stakeId', 'kind', 'finalAmount', 'penaltyAmount', 'txId'],
    raw: true,
  })) as unknown as (StakePayout & { stakeId: number })[];
  return new Map(rows.map(({ stakeId, ...payout }) => [stakeId, payout]));
}

type SummaryRow = {
  running: number;
  complete: number;
  finished: number;
  total_staked: string;
  total_rewards: string;
  pending_withdrawals: number;
};

/**
 * GET /api/stakes/{wallet}/summary: the dashboard's cards in one statement, by the shared rules
 * (isLive for the totals, stakeGroup for the counts) through their SQL mirrors. It reads the
 * holder's rows found by stakes_wallet_idx (no index of stakes carries the status, so expiry stays
 * a heap-only update). A pending withdrawal is counted by its stake: a stake is
 * pending_withdrawal exactly while its one open withdrawal is pending (both change in the same
 * transaction, and the database allows one open withdrawal per stake).
 */
export async function walletSummary(walletAddress: string): Promise<WalletSummary> {
  const [row] = await Stake.sequelize!.query<SummaryRow>(
    `SELECT count(*) FILTER (WHERE ${STAKE_GROUP_SQL.running})::int AS running,
            count(*) FILTER (WHERE ${STAKE_GROUP_SQL.complete})::int AS complete,
            count(*) FILTER (WHERE ${STAKE_GROUP_SQL.finished})::int AS finished,
            coalesce(sum(amount) FILTER (WHERE ${STAKE_LIVE_SQL}), 0)::text AS total_staked,
            coalesce(sum(reward_amount) FILTER (WHERE ${STAKE_LIVE_SQL}), 0)::text AS total_rewards,
            count(*) FILTER (WHERE status = 'pending_withdrawal')::int AS pending_withdrawals
     FROM stakes WHERE wallet_address = :walletAddress`,
    { replacements: { walletAddress }, type: QueryTypes.SELECT },
  );
  return {
    totalStaked: row!.total_staked,
    totalRewards: row!.total_rewards,
    stakes: { running: row!.running, complete: row!.complete, finished: row!.finished },
    pendingWithdrawals: row!.pending_withdrawals,
  };
}
