import { clipboard, shell } from 'electron';
import type { ServerCheckResult } from '../../shared/bridge.js';
import { IpcChannel } from '../../shared/ipc-channels.js';
import type { ServerUrlStore } from '../server-url/server-url-store.js';
import type { TokenStore } from '../token/token-store.js';
import { handle } from './handle.js';
import {
  adminToken,
  copiedText,
  csvContent,
  csvFileName,
  explorerLink,
  pendingCount,
  serverUrlInput,
  noticeArgument,
} from './ipc-arguments.js';

export type IpcServices = {
  tokens: TokenStore;
  serverUrl: ServerUrlStore;
  checkServerUrl(input: string): Promise<ServerCheckResult>;
  /** Reloads the window so the page and its CSP follow a new server URL. */
  reloadWindow(): void;
  notify(notice: { title: string; body: string }): void;
  setPendingCount(count: number): void;
  saveCsv(fileName: string, content: string): Promise<'saved' | 'cancelled'>;
};

/** Every request/response channel of the bridge, each with its argument checks. */
export function registerIpc(services: IpcServices): void {
  handle(IpcChannel.TokenLoad, [], () => services.tokens.load());
  handle(IpcChannel.TokenSave, [adminToken], (token) => services.tokens.save(token));
  handle(IpcChannel.TokenClear, [], () => services.tokens.clear());
  handle(IpcChannel.CopyText, [copiedText], (text) => clipboard.writeText(text));
  handle(IpcChannel.OpenExternal, [explorerLink], (url) => shell.openExternal(url));
  handle(IpcChannel.Notify, [noticeArgument], (notice) => services.notify(notice));
  handle(IpcChannel.SetPendingCount, [pendingCount], (count) => services.setPendingCount(count));
  handle(IpcChannel.SaveCsv, [csvFileName, csvContent], (fileName, content) => services.saveCsv(fileName, content));
  handle(IpcChannel.ServerUrlGet, [], () => services.serverUrl.get());
  handle(IpcChannel.ServerUrlCheck, [serverUrlInput], (url) => services.checkServerUrl(url));
  handle(IpcChannel.ServerUrlSet, [serverUrlInput], async (url) => {
    const result = await services.checkServerUrl(url);
    if (result.ok) {
      await services.serverUrl.set(result.serverUrl);
      // After this reply has gone out: the reload replaces the page that waits for it.
      setTimeout(services.reloadWindow, 0);
    }
    return result;
  });
}
