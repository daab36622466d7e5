import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WAL_SUBDIR } from './manifest.js';
import { giveToPostgres, postgresOwner } from './postgres-owner.js';

/** Run by PostgreSQL for every WAL file it archives or restores (plain Node, nothing to build). */
const SCRIPT = fileURLToPath(new URL('../../scripts/wal-archive.mjs', import.meta.url));

/** How long at most a quiet moment's WAL waits unarchived: what a lost disk can lose of the books (RPO). */
export const ARCHIVE_TIMEOUT_SECONDS = 300;

export const walArchiveDir = (backupDir: string) => path.join(backupDir, WAL_SUBDIR);

/** A command PostgreSQL runs through the shell: each path single-quoted, and '%' doubled (PostgreSQL's own placeholders). */
function command(mode: 'archive' | 'restore', backupDir: string, placeholders: string): string {
  const paths = [process.execPath, SCRIPT, walArchiveDir(backupDir)];
  const unsafe = paths.find((p) => /['\n]/.test(p));
  if (unsafe) throw new Error(`WAL archiving cannot name ${unsafe} in a shell command: choose a path without quotes or line breaks`);
  const [node, script, archive] = paths.map((p) => `'${p.replaceAll('%', '%%')}'`);
  return `${node} ${script} ${mode} ${archive} ${placeholders}`;
}

export const archiveCommand = (backupDir: string) => command('archive', backupDir, '"%p" "%f"');
export const restoreCommand = (backupDir: string) => command('restore', backupDir, '"%f" "%p"');

/** The settings that make the embedded PostgreSQL archive each WAL file into BACKUP_DIR/wal. */
export function archivingFlags(backupDir: string): string[] {
  return [
    ...['-c', 'wal_level=replica', '-c', 'archive_mode=on'],
    ...['-c', `archive_command=${archiveCommand(backupDir)}`, '-c', `archive_timeout=${ARCHIVE_TIMEOUT_SECONDS}`],
  ];
}

/** What PostgreSQL's own user must enter to run the commands (checked when started as root). */
export const archivingReaches = (backupDir: string) => [path.dirname(process.execPath), path.dirname(SCRIPT), walArchiveDir(backupDir)];

/** BACKUP_DIR and its WAL archive, the archive writable by PostgreSQL's user. */
export async function prepareWalArchive(backupDir: string): Promise<void> {
  await mkdir(walArchiveDir(backupDir), { recursive: true, mode: postgresOwner() ? 0o711 : 0o700 });
  await giveToPostgres([walArchiveDir(backupDir)]);
}
