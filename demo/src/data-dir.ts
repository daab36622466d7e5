import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEMO_DATA_DIR_NAME } from '@stakedesk/shared/demo';

/** Thrown for a demo that must not start; its message is the one sentence the user reads. */
export class DemoRefused extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The demo's own data directory (./.data-demo, never `npm start`'s ./.data), emptied: each demo
 * starts a new local chain, so nothing of an earlier run's database would match it. Refused while
 * an earlier demo's PostgreSQL still runs from it.
 */
export function freshDemoDataDir(cwd = process.cwd()): string {
  const dataDir = path.resolve(cwd, DEMO_DATA_DIR_NAME);
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : NaN;
  if (Number.isInteger(pid) && isRunning(pid)) {
    throw new DemoRefused(
      `A demo is already running from ${dataDir} (its PostgreSQL is process ${pid}): stop it with Ctrl-C in its terminal, then run npm run demo again.`,
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // As root the embedded PostgreSQL runs as the postgres user, which must be able to enter it.
  chmodSync(dataDir, 0o755);
  return dataDir;
}
