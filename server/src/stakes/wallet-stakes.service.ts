import type { Sequelize } from 'sequelize';
import type { WalletSummary } from '@stakedesk/shared/api-types';
import type { StakeGroup } from '@stakedesk/shared/stake-status';
import { preparedQuery } from '../db/prepared-query.js';
import { HOLDER_TOTALS_SUBQUERY } from '../totals/index.js';
import { newestFirstJsonPage, type JsonList } from '../sql/newest-first-page.js';
import { finishedStakeJsonSql, stakeJsonSql, type StakePayoutSql } from './stake-json.js';
import { STAKE_GROUP_SQL } from './stake-rules-sql.js';
import type { DatedKeyset, Keyset, Page } from '../sql/page.js';

/**
 * A holder's stakes, newest first, as the answer's JSON text (toStakeJson's, written by
 * PostgreSQL), from stakes_wallet_idx in its order, in one statement. `group` keeps one dashboard
 * table's stakes; the finished ones carry the payout that paid them. `after` pages by keyset (the
 * rows older than the previous page's last), so a page costs the same whatever the holder has and
 * stakes made meanwhile shift nothing. Only a request paged by offset with no group (SPEC's
 * clients) gets a total: the dashboard reads its counts from the summary.
 */
export async function listWalletStakes(
  db: Sequelize,
  lists: WalletStakeLists,
  walletAddress: string,
  page: Page,
  options: { group?: StakeGroup; after?: DatedKeyset } = {},
): Promise<{ body: string; next?: Keyset; total?: number }> {
  const { group, after } = options;
  return newestFirstJsonPage(db, lists[group ?? 'all'], walletAddress, page, { after, withTotal: !group && !after });
}

export type WalletStakeLists = Record<StakeGroup | 'all', JsonList>;

/** A holder's stake lists, all and by dashboard table; the finished ones with what paid each (`payoutOf`). */
export function walletStakeLists(payoutOf: StakePayoutSql): WalletStakeLists {
  const stakeList = (group: StakeGroup | 'all'): JsonList => ({
    name: `wallet_stakes_${group}`,
    table: 'stakes s',
    alias: 's',
    dated: 'created_at',
    where: `s.wallet_address = $1${group === 'all' ? '' : ` AND ${STAKE_GROUP_SQL[group]}`}`,
    json: group === 'finished' ? (s) => finishedStakeJsonSql(s, payoutOf) : stakeJsonSql,
  });
  return { all: stakeList('all'), running: stakeList('running'), complete: stakeList('complete'), finished: stakeList('finished') };
}

type SummaryRow = {
  running: number;
  complete: number;
  finished: number;
  total_staked: string;
  total_rewards: string;
  pending_withdrawals: number;
};

// The holder's kept totals (migration 011: open = active or completed, waiting = pending_withdrawal)
// and, of the holder's active stakes (stakes_due), those still running by the clock. As the
// shared rules have it: running = waiting + active ahead of their end, complete = completed +
// active past their end (= open - active ahead), finished = withdrawn; the totals are the live ones.
const SUMMARY_SQL = `SELECT (t.waiting + d.ahead)::int AS running, (t.open - d.ahead)::int AS complete, t.withdrawn::int AS finished,
    t.amount::text AS total_staked, t.reward::text AS total_rewards, t.waiting::int AS pending_withdrawals
  FROM ${HOLDER_TOTALS_SUBQUERY} t,
       (SELECT count(*) AS ahead FROM stakes_due WHERE wallet_address = $1 AND ends_at > now()) d`;

/**
 * GET /api/stakes/{wallet}/summary: the dashboard's cards in one prepared statement that reads
 * none of the holder's stakes: the holder's totals (a few rows, kept by triggers in the same
 * transaction as every change of a stake) and a count of the holder's active stakes ahead of their
 * end, from an index of the small stakes_due table (a stake that reaches its end counts as
 * complete at once, before expiry marks it). A pending
 * withdrawal is counted by its stake: a stake is pending_withdrawal exactly while its one open
 * withdrawal is pending (both change in the same transaction, and the database allows one open
 * withdrawal per stake). wallet-stakes.test.ts and totals.test.ts hold it to the full list.
 */
export async function walletSummary(db: Sequelize, walletAddress: string): Promise<WalletSummary> {
  const [row] = await preparedQuery<SummaryRow>(db, 'wallet_summary', SUMMARY_SQL, [walletAddress]);
  return {
    totalStaked: row!.total_staked,
    totalRewards: row!.total_rewards,
    stakes: { running: row!.running, complete: row!.complete, finished: row!.finished },
    pendingWithdrawals: row!.pending_withdrawals,
  };
}
