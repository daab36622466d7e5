// `npm run restore -- <backup> [--to <ISO time>]` (DESIGN 19): the embedded PostgreSQL restored
// from a base backup and its WAL archive, into a new data directory put in DATA_DIR/postgres's
// place; the one it replaces is kept beside it. Stop the server first; start it after.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { restoreBackup } from './restore.js';
import { RestoreRefused } from './restore-refused.js';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { to: { type: 'string' } } });
  if (positionals.length !== 1) throw new RestoreRefused('Usage: npm run restore -- <backup name or path> [--to <ISO 8601 time>]');
  const config = loadConfig();
  if (config.databaseUrl)
    throw new RestoreRefused(
      "DATABASE_URL is set: restore a managed PostgreSQL with its service's point-in-time recovery (or pgBackRest), not with npm run restore.",
    );
  const restored = await restoreBackup({ dataDir: config.dataDir, backupDir: config.backupDir, backup: positionals[0]!, to: values.to });
  const upTo = restored.lastTransactionAt ? `; last transaction replayed: ${restored.lastTransactionAt}` : '';
  const previous = restored.previousDir ? `; the data directory it replaced is kept at ${restored.previousDir}` : '';
  console.log(
    `Restored ${positionals[0]} to ${values.to ?? 'the end of its WAL archive'} into ${restored.databaseDir} (timeline ${restored.timeline}${upTo})${previous}. Start Stakedesk to serve it.`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof RestoreRefused || error instanceof ConfigError;
    console.error(known ? error.message : `Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
