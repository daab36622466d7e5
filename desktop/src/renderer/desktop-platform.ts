import type { AdminPlatform } from '../../../web/src/admin/platform.js';
import type { StakedeskBridge } from '../shared/bridge.js';

/** Fire-and-forget calls: a refusal from the main process is logged, never left unhandled. */
function report(operation: string) {
  return (error: unknown) => console.warn(`stakedesk.${operation} failed:`, error);
}

/** The admin panel's services on the desktop: every one but the view preferences goes through the preload bridge. */
export function desktopPlatform(bridge: StakedeskBridge, serverUrl: string): AdminPlatform {
  return {
    serverUrl,
    tokenStore: {
      load: () => bridge.tokenLoad(),
      save: (token) => bridge.tokenSave(token),
      clear: () => bridge.tokenClear(),
    },
    // The renderer's own storage, as the panel's language choice: a view preference, no secret.
    preferences: {
      read: (name) => localStorage.getItem(`admin_pref_${name}`),
      write: (name, value) => localStorage.setItem(`admin_pref_${name}`, value),
    },
    copyText: (text) => bridge.copyText(text),
    openExternal: (url) => void bridge.openExternal(url).catch(report('openExternal')),
    notify: (notice) => void bridge.notify(notice).catch(report('notify')),
    setPendingCount: (count) => void bridge.setPendingCount(count).catch(report('setPendingCount')),
    saveCsv: (fileName, content) => bridge.saveCsv(fileName, content),
    walletPayouts: false,
    // Its pages are app://stakedesk's, not the site's: a passkey made for the site cannot answer here.
    passkeys: false,
  };
}
