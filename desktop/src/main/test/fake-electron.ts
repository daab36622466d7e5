import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/**
 * Stands in for the 'electron' module, which cannot run here (no Electron binary). Tests load it
 * with `vi.mock('electron', () => import('../test/fake-electron.js'))` and read what the code
 * under test did to it. Only what the main process uses exists; resetFakeElectron() between tests.
 */

type Handler = (event: unknown, ...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle(channel: string, handler: Handler) {
    if (this.handlers.has(channel)) throw new Error(`a second handler for ${channel}`);
    this.handlers.set(channel, handler);
  },
};

export const ipcRenderer = { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() };
export const contextBridge = { exposeInMainWorld: vi.fn() };
export const clipboard = { writeText: vi.fn() };
export const shell = { openExternal: vi.fn(async (_url: string) => undefined) };

/** Reversible, and the ciphertext never contains the plain text: like the OS's, as far as a test can see. */
const scramble = (bytes: Buffer) => Buffer.from(bytes.map((byte) => byte ^ 0x5a));
export const safeStorage = {
  isEncryptionAvailable: vi.fn(() => true),
  getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
  encryptString: vi.fn((text: string) => Buffer.concat([Buffer.from('v10'), scramble(Buffer.from(text, 'utf8'))])),
  decryptString: vi.fn((cipher: Buffer) => {
    if (cipher.subarray(0, 3).toString() !== 'v10')
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return scramble(cipher.subarray(3)).toString('utf8');
  }),
};

export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
  handlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>) {
    this.handlers.set(scheme, handler);
  },
};

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | undefined;
  reload = vi.fn();
  send = vi.fn();
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }) {
    this.windowOpenHandler = handler;
  }
}

export class BrowserWindow extends EventEmitter {
  static created: BrowserWindow[] = [];
  webContents = new FakeWebContents();
  loadURL = vi.fn(async (_url: string) => undefined);
  show = vi.fn();
  constructor(public options: Record<string, unknown>) {
    super();
    BrowserWindow.created.push(this);
  }
}

export class Notification extends EventEmitter {
  static isSupported = vi.fn(() => true);
  static shown: Notification[] = [];
  constructor(public options: { title: string; body: string }) {
    super();
  }
  show() {
    Notification.shown.push(this);
  }
}

export class Tray extends EventEmitter {
  static created: Tray[] = [];
  toolTip = '';
  title = '';
  contextMenu: unknown;
  constructor(public image: unknown) {
    super();
    Tray.created.push(this);
  }
  setToolTip(text: string) {
    this.toolTip = text;
  }
  setTitle(text: string) {
    this.title = text;
  }
  setContextMenu(menu: unknown) {
    this.contextMenu = menu;
  }
}

export const nativeImage = { createFromDataURL: vi.fn((dataUrl: string) => ({ dataUrl })) };

export const session = { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } };

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => (markReady = resolve));

export const app = {
  paths: new Map<string, string>(),
  badgeCount: 0,
  isPackaged: false,
  isReady: false,
  /** Test hook: what Electron does once it has initialised. */
  becomeReady() {
    this.isReady = true;
    markReady();
  },
  whenReady: () => ready,
  enableSandbox: vi.fn(),
  requestSingleInstanceLock: vi.fn(() => true),
  quit: vi.fn(),
  on: vi.fn(),
  getPath(name: string) {
    const found = this.paths.get(name);
    if (!found) throw new Error(`no fake path for ${name}`);
    return found;
  },
  setBadgeCount(count: number) {
    this.badgeCount = count;
    return true;
  },
};

export const Menu = {
  buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
  setApplicationMenu: vi.fn(),
};

export const dialog = { showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' })) };

export function resetFakeElectron(): void {
  vi.clearAllMocks();
  ipcMain.handlers.clear();
  protocol.handlers.clear();
  BrowserWindow.created = [];
  Notification.shown = [];
  Tray.created = [];
  app.paths.clear();
  app.badgeCount = 0;
  safeStorage.isEncryptionAvailable.mockImplementation(() => true);
  safeStorage.getSelectedStorageBackend.mockImplementation(() => 'gnome_libsecret');
  Notification.isSupported.mockImplementation(() => true);
  dialog.showSaveDialog.mockImplementation(async () => ({ canceled: true, filePath: '' }));
}

export default {
  ipcMain,
  ipcRenderer,
  contextBridge,
  clipboard,
  shell,
  safeStorage,
  protocol,
  session,
  BrowserWindow,
  Notification,
  Tray,
  nativeImage,
  app,
  Menu,
  dialog,
};
