import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What the global setup started, for the tests (written once per run, removed after it). */
export type RunState = {
  /** The built renderer's index.html on the test's static server. */
  appURL: string;
  /** The real Stakedesk server. */
  serverURL: string;
  admin: { username: string; password: string };
};

export const STATE_DIR = fileURLToPath(new URL('../.state/', import.meta.url));
const STATE_FILE = `${STATE_DIR}run.json`;

export function writeState(state: RunState): void {
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
}

export function removeState(): void {
  rmSync(STATE_FILE, { force: true });
}

export function readState(): RunState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as RunState;
}
