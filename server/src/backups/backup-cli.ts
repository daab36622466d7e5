// `npm run backup`: a base backup of the embedded PostgreSQL now (DESIGN 19). Against the running
// server's PostgreSQL when one runs on DATA_DIR; otherwise this starts the embedded PostgreSQL
// itself (archiving, as the server does), backs it up and stops it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, embeddedDatabaseDir, loadConfig, POSTGRES_PASSWORD_FILE } from '../config.js';
import { runningPostgres, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { createLogger } from '../logger.js';
import { archivingFlags, archivingReaches, prepareWalArchive } from './wal-archiving.js';
import { backupNow } from './daily-backup.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError(
      "DATABASE_URL is set: Stakedesk backs up only its embedded PostgreSQL; use the managed service's point-in-time recovery or pgBackRest.",
    );
  }
  const databaseDir = embeddedDatabaseDir(config.dataDir);
  await prepareWalArchive(config.backupDir);
  const place = { databaseDir, backupDir: config.backupDir, keepDays: config.backupKeepDays };
  const running = runningPostgres(databaseDir);
  let backup;
  if (running) {
    const password = readFileSync(path.join(config.dataDir, POSTGRES_PASSWORD_FILE), 'utf8').trim();
    const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/postgres`;
    backup = await backupNow({ ...place, databaseUrl });
  } else {
    const embedded = await startEmbeddedPostgres(config.dataDir, createLogger('warn'), {
      postgresFlags: archivingFlags(config.backupDir),
      postgresReaches: archivingReaches(config.backupDir),
    });
    try {
      backup = await backupNow({ ...place, databaseUrl: embedded.url });
    } finally {
      await embedded.stop();
    }
  }
  console.log(
    `Base backup ${backup.name} written to ${backup.path} (${backup.manifest.files.length} files, each with its SHA-256); ` +
      `restore it with: npm run restore -- ${backup.name} [--to <ISO time>]`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : `Backup failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
