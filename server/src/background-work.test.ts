import { QueryTypes } from 'sequelize';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from './logger.js';
import { ageStake, stakeFor, stakeStatus, startStakingServer } from './test/fixtures.js';
import { waitUntil } from './test/second-instance.js';
import type { TestServer } from './test/test-server.js';
import { startBackgroundWork } from './background-work.js';
import type { JobQueue } from './jobs/job-queue.js';
import { takeReservesSnapshot } from './reserves/take-snapshot.js';

let api: TestServer;
let plan: StakingPlan;
let jobs: JobQueue | undefined;
beforeAll(async () => {
  ({ api, plan } = await startStakingServer());
});
afterAll(async () => {
  await jobs?.stop();
  await api.close();
});

const count = async (sql: string) =>
  (await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, { type: QueryTypes.SELECT }))[0]!.n;

it('runs every background task as a job of the queue, each once as soon as the server starts', async () => {
  await api.db.query(`INSERT INTO rate_limits (key, hits, reset_at) VALUES ('gone', 3, now() - interval '1 minute'),
    ('kept', 3, now() + interval '1 minute')`);
  const ended = await stakeFor(api, plan);
  await ageStake(api, ended.id, 60);
  // A snapshot taken 91 days ago, whose proofs the clean-up drops (RESERVES_PROOF_DAYS 90).
  const old = await takeReservesSnapshot({ database: api.db, chain: api.chain }, null);
  await api.db.query(`UPDATE reserves_snapshots SET taken_at = now() - interval '91 days' WHERE id = :id`, {
    replacements: { id: old.id },
  });
  jobs = await startBackgroundWork({
    dependencies: { ...api.dependencies, chain: api.chain },
    databaseUrl: api.databaseUrl,
    logger: createLogger('silent'),
    // Longer than the test: each task's first round is the one at start.
    intervals: { expiryMs: 600_000, payoutFollowMs: 600_000, depositFollowMs: 600_000 },
    reserves: { hotWallet: null, proofDays: 90 },
  });
  const tasks = ['clean-up', 'expiry', 'follow-payouts', 'deposit-detection', 'reserves-snapshot', 'books-audit'];
  const done = () => count(`pgboss.job WHERE name IN ('${tasks.join("','")}') AND state = 'completed'`);
  await waitUntil(async () => (await done()) === tasks.length, 10_000, 'a first round of each task');
  expect(await count(`rate_limits WHERE key = 'gone'`)).toBe(0);
  expect(await count(`rate_limits WHERE key = 'kept'`)).toBe(1);
  expect(await stakeStatus(api, ended.id)).toBe('completed');
  // The day's snapshot, with the stake's holder in it; the old one's proofs gone, the old one kept.
  expect(await count(`reserves_snapshots WHERE id > ${old.id} AND leaf_count = 1 AND taken_by IS NULL`)).toBe(1);
  expect(await count(`reserves_leaves WHERE snapshot_id = ${old.id}`)).toBe(0);
  expect(await count(`reserves_snapshots WHERE id = ${old.id} AND proofs_pruned_at IS NOT NULL`)).toBe(1);
  // The first daily audit of the books against the chain, run to its end.
  expect(await count(`books_audits WHERE reason = 'daily' AND status = 'finished'`)).toBe(1);
  expect(jobs.failures()).toEqual({});
});
