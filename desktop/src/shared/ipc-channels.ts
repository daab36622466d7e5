/** Every IPC channel between the renderer and the main process, named once. */
export const IpcChannel = {
  TokenLoad: 'token:load',
  TokenSave: 'token:save',
  TokenClear: 'token:clear',
  CopyText: 'clipboard:copy-text',
  OpenExternal: 'shell:open-external',
  Notify: 'notify:notice',
  SetPendingCount: 'notify:pending-count',
  SaveCsv: 'file:save-csv',
  ServerUrlGet: 'server-url:get',
  ServerUrlSet: 'server-url:set',
  ServerUrlCheck: 'server-url:check',
  /** Main to renderer: the menu asked to change the server URL. */
  ServerSetupRequested: 'server-url:setup-requested',
} as const;

export type IpcChannel = (typeof IpcChannel)[keyof typeof IpcChannel];
