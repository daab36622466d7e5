import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { writeDemoState } from './state.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
/** The first lines `npm run demo` prints once it is ready (demo/src/welcome.ts). */
const RUNNING = /Stakedesk demo is running at (http:\/\/127\.0\.0\.1:\d+)/;
const ADMIN = /Admin panel: +\S+ +user (\S+), password (\S+)/;
/** It builds what is out of date first (as `npm start` does), then makes a database: minutes on a loaded machine. */
const READY_TIMEOUT_MS = 300_000;

declare global {
  var __stakedeskDemo: ChildProcess | undefined;
}

/**
 * Starts the demo exactly as a newcomer does, `npm run demo` in the repository, on a port of its own
 * choosing (PORT=0), and reads the site and the admin's password from what it prints.
 */
export default async function globalSetup(): Promise<void> {
  const child = spawn('npm', ['run', 'demo'], {
    cwd: REPO,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the teardown stops npm, the demo and the server it started together.
    detached: true,
  });
  globalThis.__stakedeskDemo = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm run demo was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const running = RUNNING.exec(output);
      const admin = ADMIN.exec(output);
      if (!running || !admin) return;
      clearTimeout(timer);
      writeDemoState({ baseURL: running[1]!, admin: { username: admin[1]!, password: admin[2]! } });
      resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run demo exited (${code}) before it was ready:\n${output}`));
    });
  });
  // Keep draining its output: a full pipe would stall it.
  child.stdout!.resume();
  child.stderr!.resume();
}
