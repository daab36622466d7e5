import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';

/** The built verifier (src/test/build-verifier.ts builds it before the tests). */
export const VERIFIER = fileURLToPath(new URL('../../dist/stakedesk-verify.js', import.meta.url));

export type Outcome = { code: number; stdout: string; stderr: string; lines: string[] };

/** Runs `command` and gives its exit code and output, whatever the code. */
export async function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Outcome> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { ...options, encoding: 'utf8' });
    return { code: 0, stdout, stderr, lines: stdout.trimEnd().split('\n') };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    const stdout = failed.stdout ?? '';
    return { code: failed.code, stdout, stderr: failed.stderr ?? '', lines: stdout.trimEnd().split('\n') };
  }
}

/** `stakedesk-verify ...args` as the bundle runs it. */
export const verify = (...args: string[]) => runCommand(process.execPath, [VERIFIER, ...args]);

/** A temporary folder for this test file, removed after it. */
export async function scratchFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'stakedesk-verify-'));
  afterAll(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

let written = 0;
/** Writes `text` into a new file in `folder` and gives its path. */
export async function writeText(folder: string, text: string): Promise<string> {
  const path = join(folder, `proof-${++written}.json`);
  await writeFile(path, text);
  return path;
}

/** Writes `content` as JSON into a new file in `folder`, as the dashboard's download does, and gives its path. */
export const writeJson = (folder: string, content: unknown): Promise<string> => writeText(folder, JSON.stringify(content, null, 2));

/** A port nothing listens on: one the system just gave out and took back. */
export async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}
