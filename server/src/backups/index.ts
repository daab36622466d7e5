// The backups module's front door (DESIGN 19): what the rest of the server uses of it (ARCHITECTURE.md).
export { lastBackupAgeSeconds } from './backup-list.js';
export { BACKUP_CHECK_INTERVAL_MS, backupIfDue, type BackupPlace } from './daily-backup.js';
export { archivingFlags, archivingReaches, prepareWalArchive } from './wal-archiving.js';
