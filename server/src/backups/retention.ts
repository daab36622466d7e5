import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { listBackups } from './backup-list.js';
import { PARTIAL_SUFFIX, WAL_SUBDIR } from './manifest.js';
import { segmentNumber, segmentOf } from './wal-files.js';

const DAY_MS = 86_400_000;

/**
 * BACKUP_KEEP_DAYS: removes the base backups that ended more than `keepDays` ago (never the
 * newest, however old), the WAL files older than the oldest backup kept (none of them can be
 * replayed from it), timelines' .history files excepted, and a .partial backup left a day ago by a
 * run that died. Answers the names of the backups removed.
 */
export async function pruneBackups(backupDir: string, keepDays: number, now = new Date()): Promise<string[]> {
  const backups = await listBackups(backupDir);
  if (backups.length === 0) return [];
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const removed = backups.slice(0, -1).filter((backup) => Date.parse(backup.manifest.stoppedAt) < cutoff);
  for (const backup of removed) await rm(backup.path, { recursive: true, force: true });
  const oldestKept = backups[removed.length]!.manifest;
  const firstNeeded = segmentNumber(oldestKept.startWal, oldestKept.walSegmentBytes);
  const walDir = path.join(backupDir, WAL_SUBDIR);
  for (const file of await readdir(walDir).catch(() => [])) {
    const segment = segmentOf(file, oldestKept.walSegmentBytes);
    if (segment !== undefined && segment < firstNeeded) await rm(path.join(walDir, file), { force: true });
  }
  for (const file of await readdir(backupDir)) {
    if (!file.endsWith(PARTIAL_SUFFIX)) continue;
    const { mtimeMs } = await stat(path.join(backupDir, file));
    if (mtimeMs < now.getTime() - DAY_MS) await rm(path.join(backupDir, file), { recursive: true, force: true });
  }
  return removed.map((backup) => backup.name);
}
