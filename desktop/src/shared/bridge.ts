/** Why a server URL was not accepted; the renderer words it in the reader's language. */
export type ServerCheckFailure = 'invalid-url' | 'insecure-http' | 'unreachable' | 'timeout' | 'unhealthy' | 'not-stakedesk';

export type ServerCheckResult = { ok: true; serverUrl: string } | { ok: false; reason: ServerCheckFailure };

/**
 * What the preload exposes to the renderer as `window.stakedesk`: one function per operation,
 * each over its own IPC channel. The main process validates every argument again.
 */
export type StakedeskBridge = {
  tokenLoad(): Promise<string | null>;
  tokenSave(token: string): Promise<void>;
  tokenClear(): Promise<void>;
  copyText(text: string): Promise<void>;
  /** Opens an https explorer.solana.com link in the system browser; anything else is refused. */
  openExternal(url: string): Promise<void>;
  /** A native notification (a new withdrawal request, another admin's security change). */
  notify(notice: { title: string; body: string }): Promise<void>;
  setPendingCount(count: number): Promise<void>;
  saveCsv(fileName: string, content: string): Promise<'saved' | 'cancelled'>;
  /** The saved server origin, or null before the first setup. */
  serverUrlGet(): Promise<string | null>;
  /** Checks the server, then saves it and reloads the window (with the new CSP) when it answers. */
  serverUrlSet(url: string): Promise<ServerCheckResult>;
  /** Checks the server without saving it. */
  serverUrlCheck(url: string): Promise<ServerCheckResult>;
  /** Calls `listener` when the menu's Change server URL… is chosen; returns the unsubscribe. */
  onServerSetupRequested(listener: () => void): () => void;
};

/** The name of the bridge on `window`. */
export const BRIDGE_KEY = 'stakedesk';
