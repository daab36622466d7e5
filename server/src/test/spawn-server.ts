import { spawn, type ChildProcess } from 'node:child_process';

// The built server (npm test builds it first with tsc -b), run as `npm start` runs it.
const MAIN = new URL('../../dist/main.js', import.meta.url).pathname;
const BANNER = /Stakedesk is running at (http:\/\/127\.0\.0\.1:\d+) \((.+?)\) — admin panel: \S+, (.*)$/m;

export type SpawnedServer = {
  child: ChildProcess;
  url: string;
  banner: RegExpExecArray;
  exited: Promise<number | null>;
  /** Everything the process printed so far. */
  output(): string;
};

/** Starts the built server with `env` (PORT 0, quiet logs, hourly expiry unless given) and waits for its banner. */
export function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH!, PORT: '0', LOG_LEVEL: 'warn', EXPIRY_INTERVAL_MS: '3600000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 90 s:\n${output}`)), 90_000);
    const watch = () => {
      const banner = BANNER.exec(output);
      if (!banner) return;
      clearTimeout(timer);
      child.stdout!.off('data', watch);
      resolve({ child, url: banner[1]!, banner, exited, output: () => output });
    };
    child.stdout!.on('data', watch);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before its banner:\n${output}`));
    });
  });
}

/** SIGTERM, then the exit code (SIGKILL after `timeoutMs` if it does not stop). */
export async function stopSpawned(server: SpawnedServer, timeoutMs = 30_000): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const code = await server.exited;
  clearTimeout(timer);
  return code;
}
