import { spawn, type ChildProcess } from 'node:child_process';

// The built server (npm test builds it first with tsc -b), as a second process on the same database.
const MAIN = new URL('../../dist/main.js', import.meta.url).pathname;
const BANNER = /Stakedesk is running at (http:\/\/127\.0\.0\.1:\d+) \(/;

export type ServerInstance = { url: string; stop(): Promise<void> };

/** Another server instance (`node server/dist/main.js`) on an existing database, as a second app behind a load balancer. */
export function startInstance(env: Record<string, string>): Promise<ServerInstance> {
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH!, PORT: '0', LOG_LEVEL: 'warn', EXPIRY_INTERVAL_MS: '3600000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const banner = BANNER.exec(output);
      if (!banner) return;
      clearTimeout(timer);
      resolve({
        url: banner[1]!,
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`server exited before its banner:\n${output}`)));
  });
}

/** How many server instances are LISTENing for changes on the database `sequelize` is connected to. */
export async function listeningInstances(sequelize: import('sequelize').Sequelize): Promise<number> {
  const [rows] = await sequelize.query(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'stakedesk-events' AND datname = current_database() AND query LIKE 'LISTEN%'",
  );
  return (rows as { n: number }[])[0]!.n;
}

/** Waits (in a hook, where expect.poll is not allowed) until `ready` answers true; fails after `timeoutMs`. */
export async function waitUntil(ready: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
