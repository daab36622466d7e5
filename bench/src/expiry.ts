/**
 * POST /api/admin/update-expired-stakes with `count` stakes expiring at once. Stakes that end
 * together were made together (the same plan, the same hour), so the realistic case is a cohort
 * of consecutive stakes; the worst case, the same number drawn at random over the whole table,
 * is measured too. Before each round the chosen stakes are made active with an end just past,
 * then VACUUM runs (as autovacuum would have between two real expiries); afterwards every stake
 * gets back its status and dates, so the database is as seeded.
 */
import type pg from 'pg';
import { withClient } from './database.js';
import { EXPIRE_BATCH_SQL, EXPIRY_BATCH } from '@stakedesk/server/dist/stakes/expiry.js';
import { explainWrite, type Explained } from './explain.js';
import { sampleMemory } from './processes.js';

export type ExpiryLayout = 'cohort' | 'scattered';
/** `error`: the server's answer when it failed (the round still counts: a failure is a result). */
export type ExpiryRound = { layout: ExpiryLayout; ms: number; updatedCount: number; error?: string };
export type ExpiryResult = { count: number; batch: number; runs: ExpiryRound[]; memoryMb: number; explain: Explained | undefined };

/** One batch of the statement the server runs, for EXPLAIN. */
const ONE_BATCH_SQL = EXPIRE_BATCH_SQL.replace(':batch', String(EXPIRY_BATCH));

async function choose(client: pg.Client, layout: ExpiryLayout, count: number): Promise<void> {
  await client.query('DROP TABLE IF EXISTS bench_expiry');
  if (layout === 'cohort') {
    await client.query(
      `CREATE TABLE bench_expiry AS
       SELECT id, status, ends_at, completed_at FROM stakes
       WHERE id >= (SELECT floor(random() * greatest(max(id) - $1::int, 0))::int FROM stakes) ORDER BY id LIMIT $1`,
      [count],
    );
  } else {
    await client.query(`CREATE TABLE bench_expiry AS SELECT id, status, ends_at, completed_at FROM stakes ORDER BY random() LIMIT $1`, [
      count,
    ]);
  }
}

async function arm(client: pg.Client): Promise<void> {
  await client.query(
    `UPDATE stakes s SET status = 'active', completed_at = NULL, ends_at = now() - interval '1 second' FROM bench_expiry e WHERE s.id = e.id`,
  );
  await client.query('VACUUM (ANALYZE) stakes');
}

async function restore(client: pg.Client): Promise<void> {
  await client.query(
    `UPDATE stakes s SET status = e.status, ends_at = e.ends_at, completed_at = e.completed_at FROM bench_expiry e WHERE s.id = e.id`,
  );
  await client.query('DROP TABLE bench_expiry');
  await client.query('VACUUM (ANALYZE) stakes');
}

export async function measureExpiry(
  databaseUrl: string,
  serverUrl: string,
  adminHeaders: Record<string, string>,
  count: number,
  rounds: Record<ExpiryLayout, number>,
  serverPid: number,
): Promise<ExpiryResult> {
  return withClient(databaseUrl, async (client) => {
    const runs: ExpiryRound[] = [];
    let explain: Explained | undefined;
    const memory = sampleMemory(serverPid);
    for (const layout of ['cohort', 'scattered'] as const) {
      if (rounds[layout] === 0) continue;
      await choose(client, layout, count);
      try {
        for (let round = 0; round < rounds[layout]; round++) {
          await arm(client);
          const started = performance.now();
          const response = await fetch(`${serverUrl}/api/admin/update-expired-stakes`, { method: 'POST', headers: adminHeaders });
          const ms = performance.now() - started;
          if (!response.ok) {
            runs.push({ layout, ms, updatedCount: 0, error: `${response.status} ${await response.text()}` });
            continue;
          }
          const { updatedCount } = (await response.json()) as { updatedCount: number };
          runs.push({ layout, ms, updatedCount });
        }
        if (layout === 'cohort') {
          await arm(client);
          explain = await explainWrite(
            client,
            `expiry: one batch of ${EXPIRY_BATCH} of the ${count} stakes due (update-expired-stakes)`,
            ONE_BATCH_SQL,
          );
        }
      } finally {
        await restore(client);
      }
    }
    return { count, batch: EXPIRY_BATCH, runs, memoryMb: memory.stop(), explain };
  });
}
