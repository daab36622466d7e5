import type { IpcRenderer } from 'electron';
import type { StakedeskBridge } from '../shared/bridge.js';
import { IpcChannel } from '../shared/ipc-channels.js';

/** One wrapper per operation, each over its own channel; nothing else of ipcRenderer reaches the page. */
export function createBridge(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): StakedeskBridge {
  return {
    tokenLoad: () => ipc.invoke(IpcChannel.TokenLoad),
    tokenSave: (token) => ipc.invoke(IpcChannel.TokenSave, token),
    tokenClear: () => ipc.invoke(IpcChannel.TokenClear),
    copyText: (text) => ipc.invoke(IpcChannel.CopyText, text),
    openExternal: (url) => ipc.invoke(IpcChannel.OpenExternal, url),
    notify: (notice) => ipc.invoke(IpcChannel.Notify, { title: notice.title, body: notice.body }),
    setPendingCount: (count) => ipc.invoke(IpcChannel.SetPendingCount, count),
    saveCsv: (fileName, content) => ipc.invoke(IpcChannel.SaveCsv, fileName, content),
    serverUrlGet: () => ipc.invoke(IpcChannel.ServerUrlGet),
    serverUrlSet: (url) => ipc.invoke(IpcChannel.ServerUrlSet, url),
    serverUrlCheck: (url) => ipc.invoke(IpcChannel.ServerUrlCheck, url),
    onServerSetupRequested(listener) {
      // The page's listener never sees the IPC event (it would carry the sender object).
      const relay = () => listener();
      ipc.on(IpcChannel.ServerSetupRequested, relay);
      return () => void ipc.removeListener(IpcChannel.ServerSetupRequested, relay);
    },
  };
}
