/**
 * The built server (server/dist, as `npm start` runs it) for a browser suite: spawned with the
 * environment the suite gives it, ready once it prints its banner, its output in a log file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../../server/dist/main.js', import.meta.url));
const BANNER = /Stakedesk is running at (http:\/\/127\.0\.0\.1:\d+) \(/;
const DEFAULT_START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 30_000;

export type ServerProcess = { child: ChildProcess; baseURL: string; exited: Promise<number | null> };

export type StartOptions = {
  /** How long the server may take to print its banner (90 s unless said). */
  startTimeoutMs?: number;
  /** Add to `logFile` instead of starting it afresh (the bench starts several servers into one log). */
  appendToLog?: boolean;
};

/** Runs the built server as `npm start` does; its output goes to `logFile`. */
export function startServer(env: Record<string, string>, logFile: string, options: StartOptions = {}): Promise<ServerProcess> {
  const startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const log = createWriteStream(logFile, { flags: options.appendToLog ? 'a' : 'w' });
  // Keep draining both pipes for the whole run: a full pipe would block the server.
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  void exited.then(() => log.end());

  let output = '';
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS).unref();
    }, startTimeoutMs);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const banner = BANNER.exec(output);
      if (!banner) return;
      clearTimeout(timer);
      child.stdout!.off('data', collect);
      child.stderr!.off('data', collect);
      resolve({ child, baseURL: banner[1]!, exited });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    // Rejects only once the process is gone, so the caller may remove its data directory.
    void exited.then((code) => {
      clearTimeout(timer);
      const why = timedOut ? `printed no banner within ${startTimeoutMs / 1000} s` : `exited (${code}) before its banner`;
      reject(new Error(`The server ${why} (log: ${logFile}):\n${output}`));
    });
  });
}

/** SIGTERM lets the server drain and stop its embedded PostgreSQL; SIGKILL would leave PostgreSQL running. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timedOut = Symbol();
  const outcome = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r(timedOut), STOP_TIMEOUT_MS).unref())]);
  if (outcome === timedOut)
    throw new Error(`the server (pid ${server.child.pid}) did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`);
}
