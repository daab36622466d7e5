import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** What a base backup holds and how to check it (BACKUP_DIR/<name>/manifest.json, written last). */
export type BackupManifest = {
  format: 1;
  /** ISO 8601: pg_backup_start and pg_backup_stop answered. A restore reaches no moment before `stoppedAt`. */
  startedAt: string;
  stoppedAt: string;
  /** The WAL files from the one the backup starts in to the one it ends in: all needed to reach consistency. */
  startWal: string;
  stopWal: string;
  walSegmentBytes: number;
  /** Every file of the copied data directory (paths relative to it, with '/'), backup_label included. */
  files: { path: string; size: number; sha256: string }[];
  /**
   * DATA_DIR's postgres-password, copied beside the data (its SHA-256 here): the restored cluster
   * answers only to it, and a lost disk takes it with the data directory.
   */
  passwordFile: { size: number; sha256: string } | null;
};

export const MANIFEST_FILE = 'manifest.json';
/** The copy of the data directory inside a backup. */
export const DATA_SUBDIR = 'data';
/** The WAL archive, beside the backups in BACKUP_DIR. */
export const WAL_SUBDIR = 'wal';
/** A backup being written; renamed to its name once its manifest is on disk. */
export const PARTIAL_SUFFIX = '.partial';

/** A backup's folder name: when it started, sortable (base-20261205T100000-123Z). */
export const backupName = (startedAt: Date) => `base-${startedAt.toISOString().replace(/[-:]/g, '').replace('.', '-')}`;
export const BACKUP_NAME = /^base-\d{8}T\d{6}-\d{3}Z$/;

export async function readManifest(backupPath: string): Promise<BackupManifest> {
  return JSON.parse(await readFile(path.join(backupPath, MANIFEST_FILE), 'utf8')) as BackupManifest;
}
