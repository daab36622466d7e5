import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { IpcChannel } from '../../shared/ipc-channels.js';
import { saveCsv } from '../csv/save-csv.js';
import { createPendingIndicator } from '../notify/pending-indicator.js';
import { showNotice } from '../notify/notice.js';
import { checkServerUrl } from '../server-url/check-server-url.js';
import { createServerUrlStore } from '../server-url/server-url-store.js';
import { app, clipboard, dialog, ipcMain, Notification, resetFakeElectron, shell, Tray } from '../test/fake-electron.js';
import { createTokenStore } from '../token/token-store.js';
import { registerIpc } from './register-ipc.js';

vi.mock('electron', () => import('../test/fake-electron.js'));

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJl';
const APP_PAGE = { senderFrame: { url: 'app://stakedesk/index.html' } };

// A real Stakedesk-like server for the URL check.
let health: Server;
let serverOrigin: string;
beforeAll(async () => {
  health = createServer((request, response) => {
    if (request.url === '/api/health') response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
  serverOrigin = `http://127.0.0.1:${(health.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => health.close(resolve)));

let dir: string;
let reloadWindow: Mock<() => void>;
beforeEach(() => {
  resetFakeElectron();
  dir = mkdtempSync(path.join(tmpdir(), 'stakedesk-ipc-'));
  app.paths.set('downloads', dir);
  reloadWindow = vi.fn<() => void>();
  const pending = createPendingIndicator(vi.fn());
  // The same services as src/main/index.ts wires, on a temporary userData.
  registerIpc({
    tokens: createTokenStore(path.join(dir, 'admin-token.enc')),
    serverUrl: createServerUrlStore(path.join(dir, 'server.json')),
    checkServerUrl: (input) => checkServerUrl(input, 2_000),
    reloadWindow,
    notify: (notice) => showNotice(notice, vi.fn()),
    setPendingCount: (count) => pending.setCount(count),
    saveCsv: (fileName, content) => saveCsv(null, fileName, content),
  });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What ipcRenderer.invoke(channel, ...args) from the app's page gets. */
async function invoke(channel: string, ...args: unknown[]): Promise<unknown> {
  const handler = ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(APP_PAGE, ...args);
}

describe('IPC channels', () => {
  it('handles every channel of the bridge except the main-to-renderer one', () => {
    const expected = Object.values(IpcChannel).filter((channel) => channel !== IpcChannel.ServerSetupRequested);
    expect([...ipcMain.handlers.keys()].sort()).toEqual(expected.sort());
  });

  it('refuses calls from any page but the app, whatever the channel', async () => {
    for (const channel of ipcMain.handlers.keys()) {
      for (const senderFrame of [{ url: 'https://evil.example.com/' }, { url: 'app://stakedesk.evil/' }, null]) {
        await expect(ipcMain.handlers.get(channel)!({ senderFrame })).rejects.toThrow(/untrusted page/);
      }
    }
  });

  it('refuses a call with more or fewer arguments than the channel takes', async () => {
    await expect(invoke(IpcChannel.TokenLoad, 'extra')).rejects.toThrow('expected 0 argument(s), got 1');
    await expect(invoke(IpcChannel.SaveCsv, 'a.csv')).rejects.toThrow('expected 2 argument(s), got 1');
  });
});

describe('token channels', () => {
  it('save, load and clear the admin token', async () => {
    expect(await invoke(IpcChannel.TokenLoad)).toBeNull();
    await invoke(IpcChannel.TokenSave, TOKEN);
    expect(readFileSync(path.join(dir, 'admin-token.enc'), 'utf8')).not.toContain(TOKEN);
    expect(await invoke(IpcChannel.TokenLoad)).toBe(TOKEN);
    await invoke(IpcChannel.TokenClear);
    expect(await invoke(IpcChannel.TokenLoad)).toBeNull();
  });

  it.each([[undefined], [''], [42], [{ token: TOKEN }], ['a b'], ['x'.repeat(4097)], ['<script>']])(
    'refuse the token %j',
    async (token) => {
      await expect(invoke(IpcChannel.TokenSave, token)).rejects.toThrow(/token/);
      expect(existsSync(path.join(dir, 'admin-token.enc'))).toBe(false);
    },
  );
});

describe('clipboard and link channels', () => {
  it('copy text to the clipboard', async () => {
    await invoke(IpcChannel.CopyText, '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU');
    expect(clipboard.writeText).toHaveBeenCalledWith('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU');
  });

  it('refuse to copy what is not text, or too much of it', async () => {
    await expect(invoke(IpcChannel.CopyText, 7)).rejects.toThrow('text must be a string');
    await expect(invoke(IpcChannel.CopyText, 'x'.repeat(10_001))).rejects.toThrow('text is longer than 10000 characters');
    expect(clipboard.writeText).not.toHaveBeenCalled();
  });

  it('open an https explorer link in the system browser', async () => {
    await invoke(IpcChannel.OpenExternal, 'https://explorer.solana.com/tx/5Nq3?cluster=devnet');
    expect(shell.openExternal).toHaveBeenCalledWith('https://explorer.solana.com/tx/5Nq3?cluster=devnet');
  });

  it.each(['http://explorer.solana.com/tx/1', 'https://evil.example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 42])(
    'refuse to open %j',
    async (url) => {
      await expect(invoke(IpcChannel.OpenExternal, url)).rejects.toThrow(/url must be a string|only https:\/\/explorer.solana.com links/);
      expect(shell.openExternal).not.toHaveBeenCalled();
    },
  );
});

describe('notification channels', () => {
  it('show a native notification for a new withdrawal request', async () => {
    await invoke(IpcChannel.Notify, { title: 'New withdrawal request', body: '7xKX…AsU: 1,050 SDT' });
    expect(Notification.shown.map((n) => n.options)).toEqual([{ title: 'New withdrawal request', body: '7xKX…AsU: 1,050 SDT' }]);
  });

  it.each([
    [null],
    ['title'],
    [{ title: '', body: 'x' }],
    [{ title: 'x' }],
    [{ title: 'x', body: 'y', icon: '/etc/passwd' }],
    [{ title: 'x'.repeat(201), body: '' }],
    [[1, 2]],
  ])('refuse the notice %j', async (notice) => {
    await expect(invoke(IpcChannel.Notify, notice)).rejects.toThrow(/notice/);
    expect(Notification.shown).toHaveLength(0);
  });

  it('show the pending count on the tray and the badge', async () => {
    await invoke(IpcChannel.SetPendingCount, 4);
    expect(Tray.created[0]!.toolTip).toBe('Stakedesk Admin: 4 pending withdrawals');
    expect(app.badgeCount).toBe(4);
  });

  it.each([[-1], [1.5], ['3'], [Number.NaN], [Infinity], [2_000_000]])('refuse the count %j', async (count) => {
    await expect(invoke(IpcChannel.SetPendingCount, count)).rejects.toThrow('count must be a whole number from 0 to 1000000');
    expect(app.badgeCount).toBe(0);
  });
});

describe('the CSV channel', () => {
  it('saves through the save dialog', async () => {
    const chosen = path.join(dir, 'withdrawals.csv');
    dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: chosen });
    expect(await invoke(IpcChannel.SaveCsv, 'withdrawals.csv', 'id\n1\n')).toBe('saved');
    expect(readFileSync(chosen, 'utf8')).toBe('id\n1\n');
  });

  it.each([
    '../withdrawals.csv',
    '/etc/cron.d/x.csv',
    'C:\\Windows\\x.csv',
    '.hidden.csv',
    'withdrawals.exe',
    'withdrawals.csv.sh',
    'a..b.csv',
    '',
    7,
  ])('refuses the file name %j', async (fileName) => {
    await expect(invoke(IpcChannel.SaveCsv, fileName, 'id\n')).rejects.toThrow(/fileName/);
    expect(dialog.showSaveDialog).not.toHaveBeenCalled();
  });

  it('refuses content that is not text', async () => {
    await expect(invoke(IpcChannel.SaveCsv, 'withdrawals.csv', { rows: [] })).rejects.toThrow('content must be a string');
  });
});

describe('server URL channels', () => {
  it('start unset, check without saving, then save and reload the window when the server answers', async () => {
    expect(await invoke(IpcChannel.ServerUrlGet)).toBeNull();
    expect(await invoke(IpcChannel.ServerUrlCheck, serverOrigin)).toEqual({ ok: true, serverUrl: serverOrigin });
    expect(await invoke(IpcChannel.ServerUrlGet)).toBeNull();

    expect(await invoke(IpcChannel.ServerUrlSet, `${serverOrigin}/`)).toEqual({ ok: true, serverUrl: serverOrigin });
    expect(await invoke(IpcChannel.ServerUrlGet)).toBe(serverOrigin);
    expect(JSON.parse(readFileSync(path.join(dir, 'server.json'), 'utf8'))).toEqual({ serverUrl: serverOrigin });
    await vi.waitFor(() => expect(reloadWindow).toHaveBeenCalledOnce());
  });

  it('keep the old URL and the page when the new server does not answer', async () => {
    await invoke(IpcChannel.ServerUrlSet, serverOrigin);
    await vi.waitFor(() => expect(reloadWindow).toHaveBeenCalledOnce());
    expect(await invoke(IpcChannel.ServerUrlSet, 'http://127.0.0.1:9')).toEqual({ ok: false, reason: 'unreachable' });
    expect(await invoke(IpcChannel.ServerUrlSet, 'ftp://127.0.0.1')).toEqual({ ok: false, reason: 'invalid-url' });
    expect(await invoke(IpcChannel.ServerUrlGet)).toBe(serverOrigin);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reloadWindow).toHaveBeenCalledOnce();
  });

  it('refuse a URL that is not text or is too long', async () => {
    await expect(invoke(IpcChannel.ServerUrlSet, { href: serverOrigin })).rejects.toThrow('url must be a string');
    await expect(invoke(IpcChannel.ServerUrlCheck, `https://${'a'.repeat(600)}.com`)).rejects.toThrow('url is longer than 500 characters');
  });
});
