/**
 * POST /api/admin/update-expired-stakes with `count` stakes expiring at once. Stakes that end
 * together were made together (the same plan, the same hour), so the realistic case is a cohort:
 * `count` stakes inserted together, as deposits make them, after the seeded ones (with the
 * seeded stakes' plans and amounts), already due; they are deleted after the round. The worst
 * case, the same number drawn at random over the whole table, is measured too: those are made
 * active with an end just past, and get back their status and dates afterwards. Before each round
 * VACUUM and a CHECKPOINT run, as they would have in the days between deposits and their end.
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

/** The columns a cohort copies from the first seeded stakes; the rest are its own. */
const COPIED = `wallet_address, plan_id, plan_name, plan_description, yield_rate, duration_days, min_stake_amount, early_penalty_rate,
  amount, reward_amount, token_contract, staking_wallet`;
const FRESH_TX_ID = `md5(random()::text) || md5(random()::text) || substr(md5(random()::text), 1, 24)`;

/** Stakes made due for one round; `restore` puts the table back as seeded. */
type Armed = { restore(): Promise<void> };

async function armCohort(client: pg.Client, count: number): Promise<Armed> {
  const firstId = Number((await client.query<{ next: string }>(`SELECT max(id) + 1 AS next FROM stakes`)).rows[0]!.next);
  await client.query(
    `INSERT INTO stakes (${COPIED}, status, tx_id, ends_at, created_at, updated_at)
     SELECT ${COPIED}, 'active', ${FRESH_TX_ID}, now() - interval '1 second', now() - interval '30 days', now() - interval '30 days'
     FROM stakes ORDER BY id LIMIT $1`,
    [count],
  );
  await settle(client);
  return {
    async restore() {
      // Deleting a stake checks that no withdrawal names it; the server never deletes one, so only
      // partial indexes cover withdrawals.stake_id: without this one, each check reads the table.
      await client.query('CREATE INDEX bench_withdrawals_stake ON withdrawals (stake_id)');
      await client.query(`DELETE FROM stakes WHERE id >= $1`, [firstId]);
      await client.query('DROP INDEX bench_withdrawals_stake');
      await client.query('VACUUM (ANALYZE) stakes');
    },
  };
}

async function armScattered(client: pg.Client, count: number): Promise<Armed> {
  await client.query(`CREATE TABLE bench_expiry AS SELECT id, status, ends_at, completed_at FROM stakes ORDER BY random() LIMIT $1`, [
    count,
  ]);
  await client.query(
    `UPDATE stakes s SET status = 'active', completed_at = NULL, ends_at = now() - interval '1 second' FROM bench_expiry e WHERE s.id = e.id`,
  );
  await settle(client);
  return {
    async restore() {
      await client.query(
        `UPDATE stakes s SET status = e.status, ends_at = e.ends_at, completed_at = e.completed_at FROM bench_expiry e WHERE s.id = e.id`,
      );
      await client.query('DROP TABLE bench_expiry');
      await client.query('VACUUM (ANALYZE) stakes');
    },
  };
}

const ARM: Record<ExpiryLayout, (client: pg.Client, count: number) => Promise<Armed>> = { cohort: armCohort, scattered: armScattered };

/** As the days between deposits and their end leave the table: vacuumed, and its pages written out. */
async function settle(client: pg.Client): Promise<void> {
  await client.query('VACUUM (ANALYZE) stakes');
  // CHECKPOINT needs a superuser or pg_checkpoint: a DATABASE_URL role without it skips this.
  await client.query('CHECKPOINT').catch((error: { code?: string }) => {
    if (error.code !== '42501') throw error;
  });
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
      for (let round = 0; round < rounds[layout]; round++) {
        const armed = await ARM[layout](client, count);
        try {
          const started = performance.now();
          const response = await fetch(`${serverUrl}/api/admin/update-expired-stakes`, { method: 'POST', headers: adminHeaders });
          const ms = performance.now() - started;
          if (!response.ok) runs.push({ layout, ms, updatedCount: 0, error: `${response.status} ${await response.text()}` });
          else runs.push({ layout, ms, updatedCount: ((await response.json()) as { updatedCount: number }).updatedCount });
        } finally {
          await armed.restore();
        }
      }
    }
    const armed = await armCohort(client, count);
    try {
      explain = await explainWrite(
        client,
        `expiry: one batch of ${EXPIRY_BATCH} of the ${count} stakes due (update-expired-stakes)`,
        ONE_BATCH_SQL,
      );
    } finally {
      await armed.restore();
    }
    return { count, batch: EXPIRY_BATCH, runs, memoryMb: memory.stop(), explain };
  });
}
