import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, resetFakeElectron, shell } from '../test/fake-electron.js';
import { createMainWindow } from './main-window.js';

vi.mock('electron', () => import('../test/fake-electron.js'));

describe('the main window', () => {
  beforeEach(resetFakeElectron);

  it('isolates the renderer: context isolation, sandbox, no Node, web security, the given preload', () => {
    createMainWindow('/app/out/preload/index.cjs');
    const [window] = BrowserWindow.created;
    expect(window!.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('loads the app from app://stakedesk, so the page has the origin the server allows', () => {
    const window = createMainWindow('/preload.cjs') as unknown as BrowserWindow;
    expect(window.loadURL).toHaveBeenCalledWith('app://stakedesk/index.html');
  });

  it('shows itself once the first paint is ready', () => {
    const window = createMainWindow('/preload.cjs') as unknown as BrowserWindow;
    expect(window.options.show).toBe(false);
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalled();
  });

  it('guards its navigation from the start', () => {
    const window = createMainWindow('/preload.cjs') as unknown as BrowserWindow;
    const event = { preventDefault: vi.fn() };
    window.webContents.emit('will-navigate', event, 'https://evil.example.com/');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(window.webContents.windowOpenHandler!({ url: 'https://evil.example.com/' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).not.toHaveBeenCalled();
  });
});
