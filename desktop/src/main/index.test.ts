import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IpcChannel } from '../shared/ipc-channels.js';
import { app, BrowserWindow, ipcMain, Menu, protocol, session, Tray } from './test/fake-electron.js';

vi.mock('electron', () => import('./test/fake-electron.js'));

// The main entry's wiring, started once on a userData that already has a server saved.
const userData = mkdtempSync(path.join(tmpdir(), 'stakedesk-userdata-'));
afterAll(() => rmSync(userData, { recursive: true, force: true }));

let beforeReady: { schemeRegistered: boolean; sandboxed: boolean; windows: number };
beforeAll(async () => {
  app.paths.set('userData', userData);
  writeFileSync(path.join(userData, 'server.json'), JSON.stringify({ serverUrl: 'https://stakedesk.example.com' }));
  await import('./index.js');
  beforeReady = {
    schemeRegistered: protocol.registerSchemesAsPrivileged.mock.calls.length === 1,
    sandboxed: app.enableSandbox.mock.calls.length === 1,
    windows: BrowserWindow.created.length,
  };
  app.becomeReady();
  await vi.waitFor(() => expect(BrowserWindow.created).toHaveLength(1));
});

describe('the main process at start', () => {
  it('registers app:// and sandboxes every renderer before the app is ready, and opens no window until then', () => {
    expect(beforeReady).toEqual({ schemeRegistered: true, sandboxed: true, windows: 0 });
  });

  it('opens one secure window with the built preload', () => {
    const prefs = BrowserWindow.created[0]!.options.webPreferences as Record<string, unknown>;
    expect(prefs.preload).toMatch(/[/\\]preload[/\\]index\.cjs$/);
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
  });

  it('serves the renderer with a CSP that names the saved server', async () => {
    const response = await protocol.handlers.get('app')!({ url: 'app://stakedesk/missing.js', method: 'GET' } as Request);
    expect(response.headers.get('content-security-policy')).toContain('connect-src https://stakedesk.example.com;');
  });

  it('refuses every permission, handles every bridge channel, and shows the tray', () => {
    expect(session.defaultSession.setPermissionRequestHandler).toHaveBeenCalledOnce();
    expect(ipcMain.handlers.size).toBe(Object.keys(IpcChannel).length - 1);
    expect(Tray.created).toHaveLength(1);
  });

  it("answers the bridge's serverUrlGet with the saved server", async () => {
    const get = ipcMain.handlers.get(IpcChannel.ServerUrlGet)!;
    expect(await get({ senderFrame: { url: 'app://stakedesk/index.html' } })).toBe('https://stakedesk.example.com');
  });

  it('asks the page for the setup screen from Server > Change server URL…', () => {
    const template = Menu.buildFromTemplate.mock.calls.at(-1)![0] as MenuItemConstructorOptions[];
    expect(Menu.setApplicationMenu).toHaveBeenCalled();
    const server = template.find((item) => item.label === '&Server')!.submenu as MenuItemConstructorOptions[];
    (server[0]!.click as () => void)();
    expect(BrowserWindow.created[0]!.webContents.send).toHaveBeenCalledWith(IpcChannel.ServerSetupRequested);
  });
});
