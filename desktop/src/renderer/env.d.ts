import type { StakedeskBridge } from '../shared/bridge.js';

declare global {
  interface Window {
    /** The preload bridge (src/preload): the renderer's only way to the main process. */
    stakedesk: StakedeskBridge;
  }
}
