import { releaseRun } from './global-setup.js';
import { removeState } from './state.js';

export default async function globalTeardown(): Promise<void> {
  const handles = globalThis.__stakedeskDesktopE2e;
  globalThis.__stakedeskDesktopE2e = undefined;
  removeState();
  if (handles) await releaseRun(handles);
}
