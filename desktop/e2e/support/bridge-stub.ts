import type { Page } from '@playwright/test';
import type { ServerCheckResult, StakedeskBridge } from '../../src/shared/bridge.js';

/** What the stub remembers across reloads (sessionStorage), as main would across a window reload. */
export type StubState = {
  serverUrl: string | null;
  token: string | null;
  calls: { operation: keyof StakedeskBridge; args: unknown[] }[];
};

const STATE_KEY = 'stakedesk-bridge-stub';

declare global {
  interface Window {
    /** Test hook: what the menu's Server > Change server URL… sends. */
    __stakedeskMenuChangeServer?: () => void;
  }
}

/**
 * Defines window.stakedesk before the renderer runs, the way the preload would, backed by
 * in-page state. Its server check accepts only the test's server (by calling its real
 * /api/health); serverUrlSet reloads the page as the main process reloads the window.
 * Runs in the page: it may use nothing from this module's scope.
 */
function installStub(knownServer: string) {
  const read = (): StubState =>
    JSON.parse(sessionStorage.getItem('stakedesk-bridge-stub') ?? 'null') ?? { serverUrl: null, token: null, calls: [] };
  const write = (state: StubState) => sessionStorage.setItem('stakedesk-bridge-stub', JSON.stringify(state));
  const record = (operation: keyof StakedeskBridge, args: unknown[]) => {
    const state = read();
    state.calls.push({ operation, args });
    write(state);
    return state;
  };

  async function check(url: string): Promise<ServerCheckResult> {
    let parsed: URL;
    try {
      parsed = new URL(url.trim());
    } catch {
      return { ok: false, reason: 'invalid-url' };
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || (parsed.pathname !== '/' && parsed.pathname !== ''))
      return { ok: false, reason: 'invalid-url' };
    if (parsed.origin !== knownServer) return { ok: false, reason: 'unreachable' };
    const health = (await (await fetch(`${parsed.origin}/api/health`)).json()) as { status?: string };
    return health.status === 'ok' ? { ok: true, serverUrl: parsed.origin } : { ok: false, reason: 'unhealthy' };
  }

  const bridge: StakedeskBridge = {
    tokenLoad: async () => record('tokenLoad', []).token,
    tokenSave: async (token) => write({ ...record('tokenSave', ['<token>']), token }),
    tokenClear: async () => write({ ...record('tokenClear', []), token: null }),
    copyText: async (text) => void record('copyText', [text]),
    openExternal: async (url) => void record('openExternal', [url]),
    notify: async (notice) => void record('notify', [notice]),
    setPendingCount: async (count) => void record('setPendingCount', [count]),
    saveCsv: async (fileName, content) => {
      record('saveCsv', [fileName, content]);
      return 'saved';
    },
    serverUrlGet: async () => read().serverUrl,
    serverUrlCheck: async (url) => {
      record('serverUrlCheck', [url]);
      return check(url);
    },
    serverUrlSet: async (url) => {
      record('serverUrlSet', [url]);
      const result = await check(url);
      if (result.ok) {
        write({ ...read(), serverUrl: result.serverUrl });
        setTimeout(() => location.reload(), 0);
      }
      return result;
    },
    onServerSetupRequested: (listener) => {
      window.__stakedeskMenuChangeServer = listener;
      return () => (window.__stakedeskMenuChangeServer = undefined);
    },
  };
  Object.defineProperty(window, 'stakedesk', { value: Object.freeze(bridge), writable: false });
}

export async function installBridgeStub(page: Page, knownServer: string): Promise<void> {
  await page.addInitScript(installStub, knownServer);
}

export async function stubState(page: Page): Promise<StubState> {
  return page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null') ?? { serverUrl: null, token: null, calls: [] },
    STATE_KEY,
  );
}

export const callsOf = (state: StubState, operation: keyof StakedeskBridge) =>
  state.calls.filter((call) => call.operation === operation).map((call) => call.args);
