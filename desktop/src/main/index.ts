import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, session, type BrowserWindow } from 'electron';
import { IpcChannel } from '../shared/ipc-channels.js';
import { registerAppScheme, serveAppScheme } from './app-protocol/app-scheme.js';
import { saveCsv } from './csv/save-csv.js';
import { registerIpc } from './ipc/register-ipc.js';
import { installAppMenu } from './menu/app-menu.js';
import { createPendingIndicator } from './notify/pending-indicator.js';
import { showNotice } from './notify/notice.js';
import { contentSecurityPolicy } from './security/content-security-policy.js';
import { denyAllPermissions } from './security/deny-permissions.js';
import { checkServerUrl } from './server-url/check-server-url.js';
import { createServerUrlStore } from './server-url/server-url-store.js';
import { createTokenStore } from './token/token-store.js';
import { createMainWindow } from './window/main-window.js';

// Wiring only: each piece lives in its own module. Paths are relative to out/main/index.js.
const PRELOAD = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const RENDERER_ROOT = fileURLToPath(new URL('../renderer/', import.meta.url));

app.enableSandbox();
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  const showWindow = () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  app.on('second-instance', showWindow);

  void app.whenReady().then(() => {
    const userData = app.getPath('userData');
    const serverUrl = createServerUrlStore(path.join(userData, 'server.json'));
    const tokens = createTokenStore(path.join(userData, 'admin-token.enc'));
    if (!tokens.persists()) console.warn('No OS encryption for secrets (safeStorage): the admin token is kept in memory only.');

    denyAllPermissions(session.defaultSession);
    serveAppScheme(RENDERER_ROOT, () => contentSecurityPolicy(serverUrl.get()));
    const pending = createPendingIndicator(showWindow);
    registerIpc({
      tokens,
      serverUrl,
      checkServerUrl: (input) => checkServerUrl(input),
      reloadWindow: () => window?.webContents.reload(),
      notify: (notice) => showNotice(notice, showWindow),
      setPendingCount: (count) => pending.setCount(count),
      saveCsv: (fileName, content) => saveCsv(window, fileName, content),
    });
    installAppMenu({
      isPackaged: app.isPackaged,
      isMac: process.platform === 'darwin',
      onChangeServer: () => window?.webContents.send(IpcChannel.ServerSetupRequested),
    });
    const openWindow = () => {
      window = createMainWindow(PRELOAD);
      window.on('closed', () => (window = null));
    };
    openWindow();
    app.on('activate', () => window ?? openWindow());
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
