import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../../server/dist/main.js', import.meta.url));
const BANNER = /Stakedesk is running at (http:\/\/127\.0\.0\.1:\d+) \(/;
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 30_000;

/**
 * The environment a browser run's server gets: its own data directory and first admin, the run's
 * chain, and limits sized for a whole suite coming from 127.0.0.1.
 */
export function e2eServerEnv(options: {
  dataDir: string;
  rpcUrl: string;
  admin: { username: string; password: string };
  /** A solana-keygen key file (mode 600) whose wallet is the hot wallet automatic payouts pay from. */
  hotWalletKeyFile?: string;
}) {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    DATA_DIR: options.dataDir,
    PORT: '0',
    ADMIN_USERNAME: options.admin.username,
    ADMIN_PASSWORD: options.admin.password,
    SOLANA_RPC_URL: options.rpcUrl,
    SOLANA_CLUSTER: 'devnet',
    // Payouts and intents' deposits are followed on chain this often (the default is 5 s).
    CHAIN_FOLLOW_INTERVAL_MS: '500',
    LOG_LEVEL: 'warn',
    // Every browser test comes from 127.0.0.1: per-IP limits sized for the whole suite.
    SIGN_IN_RATE_LIMIT: '10000',
    INTENT_RATE_LIMIT: '10000',
    // The admin tests try wrong passwords on purpose; the limit itself is tested on the API.
    LOGIN_RATE_LIMIT: '1000',
    RPC_RATE_LIMIT: '100000',
    EXPIRY_INTERVAL_MS: '3600000',
    // The alerts spec's webhook receiver listens on 127.0.0.1, which the URL rule refuses otherwise.
    ALLOW_PRIVATE_RPC: '1',
    // Automatic payouts stay off until a test's owner turns them on; the hot wallet exists from the start.
    ...(options.hotWalletKeyFile ? { PAYOUT_SIGNER: `keyfile:${options.hotWalletKeyFile}` } : {}),
  };
}

/** A JSON call to a run's server (set-up only: it throws on anything but 2xx). */
export async function serverCall<T>(baseURL: string, method: string, pathname: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export type ServerProcess = { child: ChildProcess; baseURL: string; exited: Promise<number | null> };

/** Runs the built server as `npm start` does; its output goes to `logFile`. */
export function startServer(env: Record<string, string>, logFile: string): Promise<ServerProcess> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const log = createWriteStream(logFile);
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
    }, START_TIMEOUT_MS);
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
      const why = timedOut ? `printed no banner within ${START_TIMEOUT_MS / 1000} s` : `exited (${code}) before its banner`;
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
