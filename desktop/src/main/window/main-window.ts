import { BrowserWindow } from 'electron';
import { APP_ENTRY_URL } from '../../shared/app-origin.js';
import { guardNavigation } from '../security/navigation-guard.js';

/** The one window: the renderer isolated from Node, fed only by the preload bridge. */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 520,
    show: false,
    backgroundColor: '#0b1020',
    title: 'Stakedesk Admin',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  guardNavigation(window.webContents);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY_URL);
  return window;
}
