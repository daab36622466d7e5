/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the endpoints really send. The server's own
 * services run against the seeded database with Sequelize's logging captured, so what is
 * explained is the SQL the app generates, not a hand-written look-alike.
 */
import pg from 'pg';
import { DASHBOARD_PAGE_SIZE, WALLET_PAGE_LIMIT } from '@stakedesk/shared/constants';
import type { StakeStatus } from '@stakedesk/shared/stake-status';
import { openDatabase } from '@stakedesk/server/dist/open-database.js';
import { listStakes } from '@stakedesk/server/dist/stakes/stakes.service.js';
import { listWalletStakes, walletStakeLists, walletSummary } from '@stakedesk/server/dist/stakes/wallet-stakes.service.js';
import { stakePayoutJsonSql } from '@stakedesk/server/dist/withdrawals/stake-payout-sql.js';
import { listWalletWithdrawals, listWithdrawals } from '@stakedesk/server/dist/withdrawals/withdrawals.service.js';
import { adminStats, publicStats } from '@stakedesk/server/dist/stats/stats.service.js';

export type Explained = {
  name: string;
  sql: string;
  plan: string;
  executionMs: number;
  /** Indexes the plan reads, and tables it scans whole. */
  indexes: string[];
  seqScans: string[];
};

type Scenario = { name: string; run: () => Promise<unknown> };

/** Which step of an endpoint a statement is, from its text. */
function describe(sql: string): string {
  if (/FROM "?stake_counts|FROM "?withdrawal_counts/.test(sql)) return 'counts';
  if (/^\s*SELECT count\(/i.test(sql)) return 'count';
  if (/^\s*SELECT "id" FROM/.test(sql)) return 'page ids';
  if (/"id" IN \(/.test(sql)) return 'page rows';
  if (/DISTINCT wallet_address/.test(sql)) return 'holders';
  return 'rows';
}

function summarise(name: string, sql: string, plan: string): Explained {
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  const indexes = [
    ...new Set(
      [...plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map((m) => (m[1] ?? m[2])!),
    ),
  ];
  const seqScans = [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!))];
  return { name, sql, plan, executionMs, indexes, seqScans };
}

/** `holders`: a holder with one stake and the largest, whose dashboard reads must cost the same. */
export async function explainQueries(
  databaseUrl: string,
  wallet: string,
  n: number,
  holders?: { one: string; whale: string },
): Promise<Explained[]> {
  const db = openDatabase(databaseUrl);
  // With the values of a statement sent with bind parameters (the prepared holder lists).
  const captured: { sql: string; bind?: unknown[] }[] = [];
  (db as unknown as { options: { logging: (sql: string, options?: { bind?: unknown }) => void } }).options.logging = (sql, options) =>
    void captured.push({ sql: sql.replace(/^Executing \([^)]*\): /, ''), bind: Array.isArray(options?.bind) ? options.bind : undefined });
  const page = { limit: 20, offset: 0 } as const; // the admin panel's page
  const walletPage = { limit: WALLET_PAGE_LIMIT, offset: 0 };
  const open: StakeStatus[] = ['active', 'pending_withdrawal'];
  const closed: StakeStatus[] = ['completed', 'withdrawn'];
  const deep = Math.floor(n / 2);
  // The holder's stake lists as the server makes them (app.ts hands them what paid a stake).
  const lists = walletStakeLists(stakePayoutJsonSql);
  // Where the deep pages start when the panel pages by cursor: the keyset of the row just before.
  const closedAfter = (await listStakes(db, { ...page, limit: 1, offset: Math.floor(n / 4) - 1 }, closed)).next;
  const allAfter = (await listStakes(db, { ...page, limit: 1, offset: deep - 1 }, undefined)).next;
  const scenarios: Scenario[] = [
    { name: 'GET /api/stakes/{wallet}', run: () => listWalletStakes(db, lists, wallet, walletPage) },
    { name: 'GET /api/withdrawals/{wallet}', run: () => listWalletWithdrawals(db, wallet, walletPage) },
    ...Object.entries(holders ?? {}).flatMap(([who, holder]) => {
      const label = who === 'one' ? 'a holder with one stake' : 'the largest holder';
      const firstPage = { limit: DASHBOARD_PAGE_SIZE, offset: 0 };
      return [
        { name: `dashboard summary, ${label}`, run: () => walletSummary(db, holder) },
        {
          name: `dashboard Active table, first page, ${label}`,
          run: () => listWalletStakes(db, lists, holder, firstPage, { group: 'running' }),
        },
        {
          name: `dashboard Historical table, first page, ${label}`,
          run: () => listWalletStakes(db, lists, holder, firstPage, { group: 'finished' }),
        },
        { name: `dashboard withdrawals, first page, ${label}`, run: () => listWalletWithdrawals(db, holder, firstPage) },
      ];
    }),
    { name: 'GET /api/stats (cached)', run: () => publicStats(db) },
    { name: 'GET /api/admin/stats', run: () => adminStats(db) },
    { name: 'admin stakes, Active tab, first page', run: () => listStakes(db, page, open) },
    {
      name: `admin stakes, Completed tab, deep page (offset ${Math.floor(n / 4)})`,
      run: () => listStakes(db, { ...page, offset: Math.floor(n / 4) }, closed),
    },
    {
      name: `admin stakes, Completed tab, deep page by cursor (after row ${Math.floor(n / 4)})`,
      run: () => listStakes(db, page, closed, closedAfter),
    },
    { name: 'admin stakes, all, first page', run: () => listStakes(db, { ...page, limit: 100 }, undefined) },
    {
      name: `admin stakes, all, deep page by cursor (after row ${deep})`,
      run: () => listStakes(db, { ...page, limit: 100 }, undefined, allAfter),
    },
    {
      name: `admin stakes, all, deep page (offset ${deep})`,
      run: () => listStakes(db, { ...page, limit: 100, offset: deep }, undefined),
    },
    { name: 'admin stakes, Active tab by amount', run: () => listStakes(db, { ...page, sort: 'amount', order: 'desc' }, open) },
    { name: 'admin stakes, Active tab by end date', run: () => listStakes(db, { ...page, sort: 'endsAt', order: 'asc' }, open) },
    {
      name: 'admin stakes, Completed tab, search by wallet start',
      run: () => listStakes(db, { ...page, q: wallet.slice(0, 4) }, closed),
    },
    { name: 'admin stakes, Active tab, search by plan name', run: () => listStakes(db, { ...page, q: 'rowt' }, open) },
    { name: 'admin withdrawals, pending, first page', run: () => listWithdrawals(db, page, ['pending']) },
    {
      name: 'admin withdrawals, completed, deep page',
      run: () => listWithdrawals(db, { ...page, offset: Math.floor(n / 8) }, ['completed']),
    },
    {
      name: 'admin withdrawals, completed by amount',
      run: () => listWithdrawals(db, { ...page, sort: 'finalAmount', order: 'desc' }, ['completed']),
    },
    {
      name: 'admin withdrawals, search by wallet start',
      run: () => listWithdrawals(db, { ...page, q: wallet.slice(0, 4) }, ['completed']),
    },
  ];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const explained: Explained[] = [];
  try {
    for (const scenario of scenarios) {
      captured.length = 0;
      await scenario.run();
      const statements = captured.filter(({ sql }) => /^\s*(SELECT|WITH)/i.test(sql));
      for (const { sql, bind } of statements) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, bind);
        const label = statements.length > 1 ? `${scenario.name}: ${describe(sql)}` : scenario.name;
        explained.push(summarise(label, sql, rows.map((row) => row['QUERY PLAN']).join('\n')));
      }
    }
  } finally {
    await client.end();
    await db.close();
  }
  return explained;
}

/** EXPLAIN ANALYZE of a statement that writes, inside a transaction rolled back afterwards. */
export async function explainWrite(client: pg.Client, name: string, sql: string): Promise<Explained> {
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
    return summarise(name, sql, rows.map((row) => row['QUERY PLAN']).join('\n'));
  } finally {
    await client.query('ROLLBACK');
  }
}
