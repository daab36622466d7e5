/**
 * `npm run demo` (DESIGN 16): the whole cycle on this machine, with no network and no wallet
 * extension. The project's test chain with the demo tokens and wallets, then the built server in
 * demo mode on ./.data-demo, configured through its own API, then what to try.
 */
import './quiet-bigint-buffer.js';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startServer, stopServer, type ServerProcess } from '@stakedesk/test-support/browser/server-process';
import { configureDemo, type DemoAdmin } from './configure.js';
import { DemoRefused, freshDemoDataDir } from './data-dir.js';
import { DEMO_PORT, demoServerEnv } from './server-env.js';
import { welcome } from './welcome.js';
import { makeDemoWorld, type DemoWorld } from './world.js';

/** A first start makes the database (initdb): give it time on a slow machine. */
const START_TIMEOUT_MS = 180_000;

async function main(): Promise<void> {
  const dataDir = freshDemoDataDir();
  const logFile = path.join(dataDir, 'server.log');
  const admin: DemoAdmin = { username: 'admin', password: randomBytes(12).toString('base64url') };
  let world: DemoWorld | undefined;
  let server: ServerProcess | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (server) await stopServer(server).catch(() => undefined);
    await world?.chain.close();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));

  try {
    console.log('Starting the demo: a local chain with play tokens, then the server (a first start takes a minute)…');
    world = await makeDemoWorld(dataDir);
    const port = process.env.PORT || DEMO_PORT;
    server = await startServer(demoServerEnv({ dataDir, world, admin, port }), logFile, { startTimeoutMs: START_TIMEOUT_MS });
    await configureDemo(server.baseURL, admin, world);
  } catch (error) {
    console.error(`The demo could not start: ${error instanceof Error ? error.message : String(error)} (server log: ${logFile})`);
    return stop(1);
  }
  void server.exited.then((code) => {
    if (stopping) return;
    console.error(`The demo's server stopped (${code}); its log: ${logFile}`);
    void stop(1);
  });
  console.log(welcome({ url: server.baseURL, admin, dataDir, world }));
}

main().catch((error: unknown) => {
  console.error(error instanceof DemoRefused ? error.message : error);
  process.exit(1);
});
