import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile, open } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { POSTGRES_PASSWORD_FILE } from '../config.js';
import { hashedCopy } from './hashed-copy.js';
import { backupName, DATA_SUBDIR, MANIFEST_FILE, PARTIAL_SUFFIX, type BackupManifest } from './manifest.js';

/**
 * What a base backup leaves out of the data directory (PostgreSQL's "Backing Up the Data
 * Directory"): files of the running server, and directories whose content is rebuilt at start or
 * comes from the WAL archive (the directories themselves are kept, empty).
 */
const LEFT_OUT_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'recovery.signal',
  'standby.signal',
]);
const EMPTIED_DIRECTORIES = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const leftOut = (name: string) => LEFT_OUT_FILES.has(name) || name.startsWith('pgsql_tmp') || name === 'pg_internal.init';

type ManifestFile = BackupManifest['files'][number];

/** Makes the data directory's directories under `to` and answers its files to copy (relative paths). */
async function listDataDirectory(from: string, to: string, relative = ''): Promise<string[]> {
  await mkdir(path.join(to, relative), { recursive: true, mode: 0o700 });
  if (EMPTIED_DIRECTORIES.has(relative)) return [];
  const entries = await readdir(path.join(from, relative), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files: string[] = [];
  for (const entry of entries) {
    const name = path.posix.join(relative, entry.name);
    if (leftOut(entry.name)) continue;
    if (entry.isDirectory()) files.push(...(await listDataDirectory(from, to, name)));
    else if (entry.isSymbolicLink()) throw new Error(`the data directory holds a link (${name}): tablespaces are not backed up`);
    else if (entry.isFile()) files.push(name);
    // Anything else (the server's Unix socket) is not data.
  }
  return files;
}

/** Files copied at once: each copy waits on its own fsync, and the disk takes several together. */
const COPIES_AT_ONCE = 8;

/** Copies the data directory's files into `to`, each hashed as written; a file dropped meanwhile (a table dropped) is skipped. */
async function copyDataDirectory(from: string, to: string): Promise<ManifestFile[]> {
  const names = await listDataDirectory(from, to);
  const copied: (ManifestFile | undefined)[] = [];
  let next = 0;
  const copier = async () => {
    for (let index = next++; index < names.length; index = next++) {
      const name = names[index]!;
      copied[index] = await hashedCopy(path.join(from, name), path.join(to, name)).then(
        (file) => ({ path: name, ...file }),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        },
      );
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copier));
  return copied.filter((file) => file !== undefined);
}

async function writeDurably(file: string, content: string): Promise<void> {
  await writeFile(file, content, { mode: 0o600 });
  const handle = await open(file, 'r');
  await handle.sync();
  await handle.close();
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  await handle.sync();
  await handle.close();
}

/** The WAL file named in backup_label's "START WAL LOCATION: 0/2000028 (file 000000010000000000000002)". */
function startWalOf(label: string): string {
  const file = /^START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)$/m.exec(label)?.[1];
  if (!file) throw new Error('pg_backup_stop answered a backup label without its start WAL file');
  return file;
}

export type BaseBackup = { name: string; path: string; manifest: BackupManifest };

/**
 * A base backup with PostgreSQL's low-level API (the embedded PostgreSQL 17 ships no
 * pg_basebackup): pg_backup_start and pg_backup_stop on one held connection (non-exclusive: the
 * backup ends if the connection does), the data directory copied between them with a SHA-256 of
 * every file, backup_label and tablespace_map written from pg_backup_stop's answer. pg_backup_stop
 * waits until the WAL the backup needs is archived, so a finished backup is restorable. Written
 * as <name>.partial and renamed once complete: a backup that failed half-way is never listed.
 */
export async function takeBaseBackup(options: { databaseUrl: string; databaseDir: string; backupDir: string }): Promise<BaseBackup> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const { rows: settings } = await client.query<{ archive_mode: string }>(`SELECT current_setting('archive_mode') AS archive_mode`);
    if (settings[0]!.archive_mode === 'off') throw new Error('WAL archiving is off: a base backup without its WAL cannot be restored');
    const startedAt = new Date();
    const name = backupName(startedAt);
    const partial = path.join(options.backupDir, name + PARTIAL_SUFFIX);
    const dataCopy = path.join(partial, DATA_SUBDIR);
    try {
      await client.query(`SELECT pg_backup_start($1, fast => true)`, [`stakedesk ${name}`]);
      const files = await copyDataDirectory(options.databaseDir, dataCopy);
      // Never waits forever on a broken archive: the backup fails, and says so.
      await client.query(`SET statement_timeout = '15min'`);
      const { rows } = await client.query<{
        labelfile: string;
        spcmapfile: string;
        stop_wal: string;
        stopped_at: Date;
        segment_bytes: string;
      }>(
        `SELECT labelfile, spcmapfile, pg_walfile_name(lsn) AS stop_wal, clock_timestamp() AS stopped_at,
                (SELECT setting FROM pg_settings WHERE name = 'wal_segment_size') AS segment_bytes
           FROM pg_backup_stop(wait_for_archive => true)`,
      );
      const stop = rows[0]!;
      for (const [file, content] of [
        ['backup_label', stop.labelfile],
        ['tablespace_map', stop.spcmapfile],
      ] as const) {
        if (!content) continue;
        await writeDurably(path.join(dataCopy, file), content);
        files.push({ path: file, size: Buffer.byteLength(content), sha256: createHash('sha256').update(content).digest('hex') });
      }
      const password = path.join(path.dirname(options.databaseDir), POSTGRES_PASSWORD_FILE);
      const passwordFile = existsSync(password) ? await hashedCopy(password, path.join(partial, POSTGRES_PASSWORD_FILE)) : null;
      const manifest: BackupManifest = {
        format: 1,
        startedAt: startedAt.toISOString(),
        stoppedAt: stop.stopped_at.toISOString(),
        startWal: startWalOf(stop.labelfile),
        stopWal: stop.stop_wal,
        walSegmentBytes: Number(stop.segment_bytes),
        files,
        passwordFile,
      };
      await writeDurably(path.join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 1));
      const finished = path.join(options.backupDir, name);
      await rename(partial, finished);
      await syncDirectory(options.backupDir);
      return { name, path: finished, manifest };
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      throw error;
    }
  } finally {
    await client.end();
  }
}
