import { fileURLToPath } from 'node:url';
import { runStateFile } from '@stakedesk/test-support/browser/run-state-file';

/** What `npm run demo` printed, for the test workers: where the site is and how the admin signs in. */
export type DemoRunState = { baseURL: string; admin: { username: string; password: string } };

const stateFile = runStateFile<DemoRunState>(fileURLToPath(new URL('../.state/', import.meta.url)));

export const writeDemoState = stateFile.write;
export const removeDemoState = stateFile.remove;

let cached: DemoRunState | undefined;
export function readDemoState(): DemoRunState {
  cached ??= stateFile.read();
  return cached;
}
