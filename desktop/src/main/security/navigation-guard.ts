import { shell, type WebContents } from 'electron';
import { APP_ORIGIN } from '../../shared/app-origin.js';
import { isExplorerUrl } from './external-links.js';

function isAppUrl(url: string): boolean {
  return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
}

/**
 * The window never leaves the app: navigation elsewhere is cancelled, and new windows are denied;
 * an https explorer link (a middle-click on a TXID) opens in the system browser instead.
 */
export function guardNavigation(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isExplorerUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}
