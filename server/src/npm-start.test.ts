import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const REPO = path.resolve(new URL('.', import.meta.url).pathname, '../..');
const BANNER = /^Stakedesk is running at http:\/\/127\.0\.0\.1:\d+ /;
/** What npm itself prints around a script (its header, a warning about the machine's own npmrc), not the project. */
const NPM_OWN = /^(> |npm warn |$)/;

const dataDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-npm-start-'));
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('npm start is quiet until its one line: the build says nothing unless it fails', { timeout: 300_000 }, async () => {
  const child = spawn('npm', ['start'], {
    cwd: REPO,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', EXPIRY_INTERVAL_MS: '3600000' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.split('\n').some((line) => BANNER.test(line))) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
      void exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`npm start exited (${code}) before its line:\n${output}`));
      });
    });
    const lines = output.split('\n');
    const before = lines.slice(
      0,
      lines.findIndex((line) => BANNER.test(line)),
    );
    // At most one line of our own before the banner: the note that the web app is being built on a first start.
    expect(before.filter((line) => !NPM_OWN.test(line))).toEqual(
      before.filter((line) => !NPM_OWN.test(line)).length ? ['Building the web app (first start, or its sources changed)…'] : [],
    );
    expect(before.length).toBeLessThanOrEqual(7);
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
    // npm exits before the server and its PostgreSQL have stopped writing into the data directory.
    if (child.pid) await groupGone(child.pid);
  }
});

async function groupGone(groupId: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-groupId, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
