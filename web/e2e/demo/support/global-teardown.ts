import { removeDemoState } from './state.js';

const STOP_TIMEOUT_MS = 60_000;

/** Ctrl-C, as a user stops the demo: the demo stops its server (and PostgreSQL) and its chain. */
export default async function globalTeardown(): Promise<void> {
  const child = globalThis.__stakedeskDemo;
  removeDemoState();
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGINT');
  const timedOut = Symbol();
  const outcome = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(timedOut), STOP_TIMEOUT_MS).unref())]);
  if (outcome === timedOut) throw new Error(`npm run demo (pid ${child.pid}) did not stop within ${STOP_TIMEOUT_MS / 1000} s of Ctrl-C`);
}
