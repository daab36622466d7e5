/** Child processes of the bench (the real server, the bare Express ceiling, the test chain) and their memory. */
import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer as startBuiltServer } from '@stakedesk/test-support/browser/server-process';

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

export type Child = { child: ChildProcess; url: string; exited: Promise<number | null>; startMs: number };

/**
 * Runs the built server as `npm start` does (`node server/dist/main.js`) and resolves when
 * GET /api/health answers 200. `startMs` is from spawn to that answer: the start-up time a
 * load balancer sees.
 */
export async function startServer(env: Record<string, string>, logFile: string): Promise<Child> {
  const started = performance.now();
  const {
    child,
    baseURL: url,
    exited,
  } = await startBuiltServer({ PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, logFile, {
    startTimeoutMs: 120_000,
    appendToLog: true,
  });
  for (;;) {
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  return { child, url, exited, startMs: performance.now() - started };
}

/** SIGTERM, as an orchestrator stops a server: it drains, and stops its embedded PostgreSQL if it has one. */
export async function stopChild(process: { child: ChildProcess; exited: Promise<number | null> }): Promise<void> {
  if (process.child.exitCode !== null || process.child.signalCode !== null) return;
  process.child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000).unref());
  if ((await Promise.race([process.exited, timeout])) === 'timeout') {
    process.child.kill('SIGKILL');
    await process.exited;
  }
}

/** Forks a compiled bench module that sends `{ url }` (and maybe more) over IPC once it listens. */
export async function forkReady<T extends { url: string }>(
  modulePath: string,
  env: Record<string, string> = {},
  logFile?: string,
): Promise<Child & { ready: T }> {
  const child = fork(modulePath, [], {
    env: { ...process.env, ...env },
    stdio: logFile ? ['ignore', 'pipe', 'pipe', 'ipc'] : 'inherit',
  });
  if (logFile) {
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = performance.now();
  const ready = await new Promise<T>((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    void exited.then((code) => reject(new Error(`${modulePath} exited (${code}) before it was ready`)));
  });
  return { child, url: ready.url, exited, startMs: performance.now() - started, ready };
}

/** Sends a request over IPC and waits for the answer (one at a time). */
export function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (answer) => {
      const error = (answer as { error?: string }).error;
      if (error) reject(new Error(error));
      else resolve(answer as T);
    });
    child.send(message as object);
  });
}

/** Resident memory of a process in MB (VmRSS), and its peak so far (VmHWM), from /proc. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every 200 ms; `stop()` answers the highest sample seen. */
export function sampleMemory(pid: number): { stop(): number } {
  let highest = memoryOf(pid)?.rssMb ?? 0;
  const timer = setInterval(() => {
    highest = Math.max(highest, memoryOf(pid)?.rssMb ?? 0);
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      highest = Math.max(highest, memoryOf(pid)?.rssMb ?? 0);
      return highest;
    },
  };
}
