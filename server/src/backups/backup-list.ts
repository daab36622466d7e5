import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_NAME, readManifest, type BackupManifest } from './manifest.js';

export type ListedBackup = { name: string; path: string; manifest: BackupManifest };

/** The finished base backups in BACKUP_DIR, oldest first (a .partial one is still being written, or failed). */
export async function listBackups(backupDir: string): Promise<ListedBackup[]> {
  const names = await readdir(backupDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const backups: ListedBackup[] = [];
  for (const name of names.filter((n) => BACKUP_NAME.test(n)).sort()) {
    const backupPath = path.join(backupDir, name);
    backups.push({ name, path: backupPath, manifest: await readManifest(backupPath) });
  }
  return backups;
}

/**
 * Seconds since the newest base backup ended (stakedesk_last_backup_age_seconds); +Inf when there
 * is none yet, so that an install that never backed up is alerted on, not silently forgotten.
 */
export async function lastBackupAgeSeconds(backupDir: string, now = new Date()): Promise<number> {
  const newest = (await listBackups(backupDir)).at(-1);
  return newest ? (now.getTime() - Date.parse(newest.manifest.stoppedAt)) / 1000 : Infinity;
}
