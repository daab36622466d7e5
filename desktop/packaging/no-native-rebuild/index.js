import { EventEmitter } from 'node:events';

/** electron-builder calls this only to rebuild native modules, which the desktop app does not have. */
export function rebuild() {
  const refused = Promise.reject(
    new Error('Stakedesk packs no native modules: keep npmRebuild: false in electron-builder.yml (@electron/rebuild is not installed).'),
  );
  return Object.assign(refused, { lifecycle: new EventEmitter() });
}
