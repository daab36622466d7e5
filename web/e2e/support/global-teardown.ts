import { releaseRun } from './global-setup.js';
import { removeState } from './state.js';

export default async function globalTeardown(): Promise<void> {
  const handles = globalThis.__stakedeskE2e;
  globalThis.__stakedeskE2e = undefined;
  if (!handles) return;
  removeState(handles.worlds);
  await releaseRun(handles);
}
