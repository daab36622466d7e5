import type { WalletSummary } from '@stakedesk/shared/api-types';
import type { StakeGroup } from '@stakedesk/shared/stake-status';
import { preparedQuery } from '../db/prepared-query.js';
import type { Keyset } from '../http/cursor.js';
import { newestFirstJsonPage, type JsonList } from '../http/newest-first-page.js';
import type { DatedKeyset, Page } from '../http/pagination.js';
import { finishedStakeJsonSql, stakeJsonSql } from './stake-json.js';
import { STAKE_GROUP_SQL, STAKE_LIVE_SQL } from './stake-rules-sql.js';
import { Stake } from './stake.model.js';

/**
 * A holder's stakes, newest first, as the answer's JSON text (toStakeJson's, written by
 * PostgreSQL), from stakes_wallet_idx in its order, in one statement. `group` keeps one dashboard
 * table's stakes; the finished ones carry the payout that paid them. `after` pages by keyset (the
 * rows older than the previous page's last), so a page costs the same whatever the holder has and
 * stakes made meanwhile shift nothing. Only a request paged by offset with no group (SPEC's
 * clients) gets a total: the dashboard reads its counts from the summary.
 */
export async function listWalletStakes(
  walletAddress: string,
  page: Page,
  options: { group?: StakeGroup; after?: DatedKeyset } = {},
): Promise<{ body: string; next?: Keyset; total?: number }> {
  const { group, after } = options;
  return newestFirstJsonPage(Stake.sequelize!, STAKE_LISTS[group ?? 'all'], walletAddress, page, { after, withTotal: !group && !after });
}

const stakeList = (group: StakeGroup | 'all'): JsonList => ({
  name: `wallet_stakes_${group}`,
  table: 'stakes s',
  alias: 's',
  dated: 'created_at',
  where: `s.wallet_address = $1${group === 'all' ? '' : ` AND ${STAKE_GROUP_SQL[group]}`}`,
  json: group === 'finished' ? finishedStakeJsonSql : stakeJsonSql,
});
const STAKE_LISTS = {
  all: stakeList('all'),
  running: stakeList('running'),
  complete: stakeList('complete'),
  finished: stakeList('finished'),
};

type SummaryRow = {
  running: number;
  complete: number;
  finished: number;
  total_staked: string;
  total_rewards: string;
  pending_withdrawals: number;
};

const SUMMARY_SQL = `SELECT count(*) FILTER (WHERE ${STAKE_GROUP_SQL.running})::int AS running,
    count(*) FILTER (WHERE ${STAKE_GROUP_SQL.complete})::int AS complete,
    count(*) FILTER (WHERE ${STAKE_GROUP_SQL.finished})::int AS finished,
    coalesce(sum(amount) FILTER (WHERE ${STAKE_LIVE_SQL}), 0)::text AS total_staked,
    coalesce(sum(reward_amount) FILTER (WHERE ${STAKE_LIVE_SQL}), 0)::text AS total_rewards,
    count(*) FILTER (WHERE status = 'pending_withdrawal')::int AS pending_withdrawals
  FROM stakes WHERE wallet_address = $1`;

/**
 * GET /api/stakes/{wallet}/summary: the dashboard's cards in one prepared statement, by the shared
 * rules (isLive for the totals, stakeGroup for the counts) through their SQL mirrors. It reads the
 * holder's rows found by stakes_wallet_idx (no index of stakes carries the status, so expiry stays
 * a heap-only update). A pending withdrawal is counted by its stake: a stake is
 * pending_withdrawal exactly while its one open withdrawal is pending (both change in the same
 * transaction, and the database allows one open withdrawal per stake).
 */
export async function walletSummary(walletAddress: string): Promise<WalletSummary> {
  const [row] = await preparedQuery<SummaryRow>(Stake.sequelize!, 'wallet_summary', SUMMARY_SQL, [walletAddress]);
  return {
    totalStaked: row!.total_staked,
    totalRewards: row!.total_rewards,
    stakes: { running: row!.running, complete: row!.complete, finished: row!.finished },
    pendingWithdrawals: row!.pending_withdrawals,
  };
}
