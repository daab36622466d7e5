import { appendFileSync, chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Sequelize } from 'sequelize';
import type { Stake, StakingPlan } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveCurrentWal, queryOnce, runBackupsCli } from '../test/backup-tools.js';
import { embeddedDatabaseDir, POSTGRES_PASSWORD_FILE } from '../config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.js';
import { addStateGauges } from '../health/state-gauges.js';
import { createLogger } from '../logger.js';
import { createMetrics } from '../metrics/metrics.js';
import { stakeFor, startStakingServer } from '../test/fixtures.js';
import type { TestServer } from '../test/test-server.js';
import { lastBackupAgeSeconds, listBackups } from './backup-list.js';
import type { BaseBackup } from './base-backup.js';
import { backupIfDue, backupNow } from './daily-backup.js';
import { WAL_SUBDIR } from './manifest.js';
import { pruneBackups } from './retention.js';
import { archivingFlags, archivingReaches, prepareWalArchive } from './wal-archiving.js';

// DESIGN 19 on the real embedded PostgreSQL 17: WAL archived by the server's own settings, a base
// backup, real stakes through the API, and `npm run restore` run as the built CLI (npm test builds
// it first with tsc -b), as an operator runs it.
const logger = createLogger('silent');
/** A test that runs `npm run restore`: each verifies every file and may run PostgreSQL's recovery, seconds apiece on a busy machine. */
const RESTORE_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every file and directory under `dir` with its size and modification time: what "changes nothing" compares. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .sort()
    .map((name) => {
      const stat = statSync(path.join(dir, name));
      return `${name} ${stat.isDirectory() ? 'dir' : stat.size} ${stat.mtimeMs}`;
    });
}

/** A database handle nothing is read through (the gauges' other figures, an alert never raised). */
const unreadDatabase = () => new Sequelize('postgres://unused@127.0.0.1:9/unused', { logging: false });

describe('backups and point-in-time restore of the embedded PostgreSQL', () => {
  let dataDir: string;
  let backupDir: string;
  let embedded: EmbeddedDatabase | undefined;
  let api: TestServer;
  let plan: StakingPlan;
  let backup: BaseBackup;
  let first: Stake;
  let second: Stake;
  let between: string;
  let testDatabase: string;

  const startPostgres = async () =>
    (embedded = await startEmbeddedPostgres(dataDir, logger, {
      postgresFlags: archivingFlags(backupDir),
      postgresReaches: archivingReaches(backupDir),
    }));
  const place = () => ({ databaseDir: embeddedDatabaseDir(dataDir), databaseUrl: embedded!.url, backupDir, keepDays: 7 });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-backups-'));
    chmodSync(dataDir, 0o755); // the postgres user must reach its data directory inside
    backupDir = path.join(dataDir, 'backups');
    await prepareWalArchive(backupDir);
    await startPostgres();
    ({ api, plan } = await startStakingServer({ postgresUrl: embedded!.url }));
    testDatabase = new URL(api.databaseUrl).pathname.slice(1);
    backup = await backupNow(place());
    first = await stakeFor(api, plan, { amount: '100' });
    await sleep(100);
    between = new Date().toISOString();
    await sleep(100);
    second = await stakeFor(api, plan, { amount: '200' });
    await archiveCurrentWal(embedded!.url);
  });

  afterAll(async () => {
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'refuses a live data directory with one sentence, and changes nothing',
    async () => {
      const before = [readdirSync(dataDir).sort(), readdirSync(backupDir).sort(), readdirSync(path.join(backupDir, WAL_SUBDIR)).sort()];
      const pid = readdirSync(embeddedDatabaseDir(dataDir)).includes('postmaster.pid');
      expect(pid).toBe(true);

      const refused = await runBackupsCli('restore-cli.js', dataDir, [backup.name, '--to', between]);

      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(
        /^PostgreSQL \(process \d+\) is running on \S+\/postgres: stop the Stakedesk server first, a restore never replaces a live data directory\.\n$/,
      );
      expect([readdirSync(dataDir).sort(), readdirSync(backupDir).sort(), readdirSync(path.join(backupDir, WAL_SUBDIR)).sort()]).toEqual(
        before,
      );
    },
    RESTORE_TIMEOUT_MS,
  );

  it(
    'refuses a backup that does not verify (a file altered, a WAL file missing) or a moment past its WAL, with one sentence, and changes nothing',
    async () => {
      await api.close();
      await embedded!.stop();
      embedded = undefined;
      const before = snapshot(dataDir);
      const copies = mkdtempSync(path.join(tmpdir(), 'stakedesk-backup-copies-'));
      try {
        const altered = path.join(copies, 'altered');
        cpSync(backupDir, altered, { recursive: true });
        appendFileSync(path.join(altered, backup.name, 'data', 'PG_VERSION'), ' ');
        const tampered = await runBackupsCli('restore-cli.js', dataDir, [path.join(altered, backup.name), '--to', between]);
        expect(tampered).toEqual({ code: 1, stdout: '', stderr: 'The backup does not verify: PG_VERSION does not match its checksum.\n' });

        const walless = path.join(copies, 'walless');
        cpSync(backupDir, walless, { recursive: true });
        unlinkSync(path.join(walless, WAL_SUBDIR, backup.manifest.startWal));
        const missing = await runBackupsCli('restore-cli.js', dataDir, [path.join(walless, backup.name), '--to', between]);
        expect(missing).toEqual({
          code: 1,
          stdout: '',
          stderr: `The backup does not verify: the WAL archive lacks ${backup.manifest.startWal}, which the backup needs to reach a consistent state.\n`,
        });

        // After the last archived WAL: PostgreSQL's recovery runs out of WAL before the moment.
        const unreachable = await runBackupsCli('restore-cli.js', dataDir, [backup.name, '--to', new Date().toISOString()]);
        expect(unreachable).toMatchObject({ code: 1, stdout: '' });
        expect(unreachable.stderr).toMatch(
          /^The WAL archive holds no transaction after \S+, so recovery cannot confirm it reached that moment: choose an earlier one, or restore without --to \(to the end of the archive\)\.\n$/,
        );
        expect(snapshot(dataDir)).toEqual(before);
      } finally {
        rmSync(copies, { recursive: true, force: true });
      }
    },
    RESTORE_TIMEOUT_MS,
  );

  it(
    'restores to a moment between two stakes: the database has exactly the first, on a new timeline, and the old directory is kept',
    async () => {
      // Lost with the disk, like the data: the restored cluster answers only to the password it had.
      unlinkSync(path.join(dataDir, POSTGRES_PASSWORD_FILE));
      const restored = await runBackupsCli('restore-cli.js', dataDir, [backup.name, '--to', between]);

      expect(restored).toMatchObject({ code: 0, stderr: '' });
      expect(restored.stdout).toContain(`Restored ${backup.name} to ${between} into ${embeddedDatabaseDir(dataDir)} (timeline 2`);
      const kept = readdirSync(dataDir).filter((name) => name.startsWith('postgres.before-restore-'));
      expect(kept).toHaveLength(1);
      expect(restored.stdout).toContain(`kept at ${path.join(dataDir, kept[0]!)}`);

      await startPostgres();
      const url = new URL(embedded!.url);
      url.pathname = `/${testDatabase}`;
      const stakes = await queryOnce<{ id: number; amount: string }>(url.toString(), 'SELECT id, amount::text FROM stakes ORDER BY id');
      expect(stakes.map((stake) => stake.id)).toEqual([first.id]);
      expect(stakes.map((stake) => stake.id)).not.toContain(second.id);
      // What the books-against-the-chain audit reads to know the database was restored.
      const timeline = await queryOnce<{ timeline_id: number }>(embedded!.url, 'SELECT timeline_id FROM pg_control_checkpoint()');
      expect(timeline).toEqual([{ timeline_id: 2 }]);
      // The old directory is whole: the second stake is still in it.
      expect(existsSync(path.join(dataDir, kept[0]!, 'PG_VERSION'))).toBe(true);
    },
    RESTORE_TIMEOUT_MS,
  );

  it("shows the newest backup's age in /metrics, +Inf before the first", async () => {
    const newest = await backupNow(place());
    const unread = unreadDatabase();
    const metrics = createMetrics();
    addStateGauges(metrics, unread, { lastBackupAge: () => lastBackupAgeSeconds(backupDir) });
    const text = await metrics.registry.getSingleMetricAsString('stakedesk_last_backup_age_seconds');
    const age = Number(/^stakedesk_last_backup_age_seconds (\S+)$/m.exec(text)![1]);
    const expected = (Date.now() - Date.parse(newest.manifest.stoppedAt)) / 1000;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThanOrEqual(expected);
    expect(expected - age).toBeLessThan(5);
    // The first backup is older: the figure is the newest one's.
    expect(age).toBeLessThan((Date.now() - Date.parse(backup.manifest.stoppedAt)) / 1000);

    const none = createMetrics();
    addStateGauges(none, unread, { lastBackupAge: () => lastBackupAgeSeconds(path.join(dataDir, 'no-backups-here')) });
    expect(await none.registry.getSingleMetricAsString('stakedesk_last_backup_age_seconds')).toMatch(
      /^stakedesk_last_backup_age_seconds \+Inf$/m,
    );
  });

  it('takes the daily backup only when the newest is about a day old', async () => {
    expect(await backupIfDue(unreadDatabase(), place())).toBeUndefined();
    expect(await listBackups(backupDir)).toHaveLength(2);
  });

  it('keeps BACKUP_KEEP_DAYS of backups and the WAL they need, and never removes the newest', async () => {
    await backupNow(place());
    const [oldest, middle, newest] = await listBackups(backupDir);
    expect(newest).toBeDefined();
    const walDir = path.join(backupDir, WAL_SUBDIR);
    const day = 86_400_000;

    // A week and a bit after the oldest ended: it goes, with the WAL only it needed; the middle one's start stays.
    const halfway = (Date.parse(oldest!.manifest.stoppedAt) + Date.parse(middle!.manifest.stoppedAt)) / 2;
    expect(await pruneBackups(backupDir, 7, new Date(halfway + 7 * day))).toEqual([oldest!.name]);
    let archived = readdirSync(walDir);
    expect(archived).not.toContain(oldest!.manifest.startWal);
    expect(archived).toContain(middle!.manifest.startWal);
    expect(archived).toContain('00000002.history');

    // A month later: all are old, the newest stays all the same, and so does its WAL.
    expect(await pruneBackups(backupDir, 7, new Date(Date.now() + 30 * day))).toEqual([middle!.name]);
    expect((await listBackups(backupDir)).map((kept) => kept.name)).toEqual([newest!.name]);
    archived = readdirSync(walDir);
    expect(archived).not.toContain(middle!.manifest.startWal);
    expect(archived).toContain(newest!.manifest.startWal);
    expect(archived).toContain(`${newest!.manifest.startWal}.sha256`);
    expect(archived).toContain('00000002.history');
  });
});
