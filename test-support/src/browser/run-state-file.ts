import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What a suite's global set-up started, for its test workers: one JSON file in the suite's state
 * directory (`name`, run.json unless said), written once per run (readable by its owner alone: it
 * holds secret keys) and removed after it. The shape is each suite's own.
 */
export function runStateFile<State>(stateDir: string, name = 'run.json') {
  const file = path.join(stateDir, name);
  return {
    write(state: State): void {
      mkdirSync(stateDir, { recursive: true });
      writeFileSync(file, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
    },
    read(): State {
      return JSON.parse(readFileSync(file, 'utf8')) as State;
    },
    remove(): void {
      rmSync(file, { force: true });
    },
  };
}
