import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcChannel } from '../shared/ipc-channels.js';
import { contextBridge, ipcRenderer, resetFakeElectron } from '../main/test/fake-electron.js';
import { createBridge } from './bridge.js';

vi.mock('electron', () => import('../main/test/fake-electron.js'));

describe('the preload bridge', () => {
  beforeEach(() => {
    resetFakeElectron();
    ipcRenderer.invoke.mockResolvedValue('answer');
  });

  it.each([
    ['tokenLoad', [], IpcChannel.TokenLoad],
    ['tokenSave', ['jwt'], IpcChannel.TokenSave],
    ['tokenClear', [], IpcChannel.TokenClear],
    ['copyText', ['7xKX'], IpcChannel.CopyText],
    ['openExternal', ['https://explorer.solana.com/tx/1'], IpcChannel.OpenExternal],
    ['notify', [{ title: 'New withdrawal request', body: '1,050 SDT' }], IpcChannel.Notify],
    ['setPendingCount', [2], IpcChannel.SetPendingCount],
    ['saveCsv', ['withdrawals.csv', 'id\n'], IpcChannel.SaveCsv],
    ['serverUrlGet', [], IpcChannel.ServerUrlGet],
    ['serverUrlSet', ['https://stakedesk.example.com'], IpcChannel.ServerUrlSet],
    ['serverUrlCheck', ['https://stakedesk.example.com'], IpcChannel.ServerUrlCheck],
  ] as const)('%s(…) invokes %s with exactly its arguments', async (operation, args, channel) => {
    const bridge = createBridge(ipcRenderer as never);
    const call = bridge[operation] as (...a: unknown[]) => Promise<unknown>;
    expect(await call(...args)).toBe('answer');
    expect(ipcRenderer.invoke).toHaveBeenCalledWith(channel, ...args);
  });

  it('passes on only the title and body of a notice, whatever else the page put in it', async () => {
    const bridge = createBridge(ipcRenderer as never);
    await bridge.notify({ title: 't', body: 'b', onclick: () => undefined } as never);
    expect(ipcRenderer.invoke).toHaveBeenCalledWith(IpcChannel.Notify, { title: 't', body: 'b' });
  });

  it('relays the menu request for the setup screen without the IPC event, until unsubscribed', () => {
    const bridge = createBridge(ipcRenderer as never);
    const listener = vi.fn();
    const unsubscribe = bridge.onServerSetupRequested(listener);
    const [channel, relay] = ipcRenderer.on.mock.calls[0]!;
    expect(channel).toBe(IpcChannel.ServerSetupRequested);
    (relay as (event: unknown) => void)({ sender: 'ipc internals' });
    expect(listener).toHaveBeenCalledWith();
    unsubscribe();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith(IpcChannel.ServerSetupRequested, relay);
  });

  it('is exposed to the page as window.stakedesk, and nothing else is', async () => {
    await import('./index.js');
    expect(contextBridge.exposeInMainWorld).toHaveBeenCalledOnce();
    const [key, api] = contextBridge.exposeInMainWorld.mock.calls[0]!;
    expect(key).toBe('stakedesk');
    expect(Object.keys(api as object).sort()).toEqual([
      'copyText',
      'notify',
      'onServerSetupRequested',
      'openExternal',
      'saveCsv',
      'serverUrlCheck',
      'serverUrlGet',
      'serverUrlSet',
      'setPendingCount',
      'tokenClear',
      'tokenLoad',
      'tokenSave',
    ]);
  });
});
