import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

// What the backup and restore tests do as an operator or a DBA would: the built CLIs, one query, a WAL switch.
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A built backups CLI (npm test builds it first with tsc -b). */
export const backupsCli = (file: 'backup-cli.js' | 'restore-cli.js') => new URL(`../../dist/backups/${file}`, import.meta.url).pathname;

/** `npm run backup` / `npm run restore -- …args` on DATA_DIR, as the operator runs them: the exit code and what it printed. */
export async function runBackupsCli(
  file: 'backup-cli.js' | 'restore-cli.js',
  dataDir: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH!, DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(40) };
  try {
    const { stdout, stderr } = await run(process.execPath, [backupsCli(file), ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** One query on its own connection. */
export async function queryOnce<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Closes the current WAL segment and waits until PostgreSQL has archived it: the moments before it are restorable. */
export async function archiveCurrentWal(url: string): Promise<void> {
  const { name } = (await queryOnce<{ name: string }>(url, 'SELECT pg_walfile_name(pg_switch_wal()) AS name'))[0]!;
  for (let tries = 0; tries < 200; tries += 1) {
    const { last } = (await queryOnce<{ last: string | null }>(url, 'SELECT last_archived_wal AS last FROM pg_stat_archiver'))[0]!;
    if ((last ?? '') >= name) return;
    await sleep(50);
  }
  throw new Error(`${name} was not archived`);
}
