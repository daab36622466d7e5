import type { Sequelize } from 'sequelize';
import { emitAlert } from '../alerts/index.js';
import { lastBackupAgeSeconds } from './backup-list.js';
import { takeBaseBackup, type BaseBackup } from './base-backup.js';
import { pruneBackups } from './retention.js';

/** The daily base backup's job looks this often whether one is due. */
export const BACKUP_CHECK_INTERVAL_MS = 3600_000;
/** A base backup is due this long after the last: hourly looks keep them about a day apart, well inside the 26 hours the alert allows. */
const BACKUP_DUE_AFTER_SECONDS = 23 * 3600;

export type BackupPlace = {
  /** The embedded PostgreSQL's data directory (DATA_DIR/postgres) and the superuser URL of its server. */
  databaseDir: string;
  databaseUrl: string;
  /** BACKUP_DIR and BACKUP_KEEP_DAYS. */
  backupDir: string;
  keepDays: number;
};

/** A base backup now, then the retention (BACKUP_KEEP_DAYS) applied: `npm run backup`, and the daily job's work when one is due. */
export async function backupNow(place: BackupPlace): Promise<BaseBackup> {
  const backup = await takeBaseBackup(place);
  await pruneBackups(place.backupDir, place.keepDays);
  return backup;
}

/**
 * The daily job's round: a backup when the last one is a day old (or there is none). A failure is
 * announced (backup.failed) at once, each round it fails: the age alert would wait 26 hours.
 */
export async function backupIfDue(db: Sequelize, place: BackupPlace): Promise<BaseBackup | undefined> {
  if ((await lastBackupAgeSeconds(place.backupDir)) < BACKUP_DUE_AFTER_SECONDS) return undefined;
  try {
    return await backupNow(place);
  } catch (error) {
    await emitAlert(db, 'backup.failed', { reason: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
