import { Menu, type MenuItemConstructorOptions } from 'electron';

export type MenuOptions = {
  /** DevTools are for development builds only. */
  isPackaged: boolean;
  isMac: boolean;
  onChangeServer: () => void;
};

/** The application menu: the usual roles (and so their shortcuts), plus Server > Change server URL…. */
export function appMenuTemplate({ isPackaged, isMac, onChangeServer }: MenuOptions): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    { role: 'forceReload' },
    ...(isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(isMac ? [{ role: 'appMenu' } as const] : []),
    { label: '&File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: '&Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: '&View', submenu: view },
    { label: '&Server', submenu: [{ label: 'Change server URL…', accelerator: 'CmdOrCtrl+Shift+S', click: onChangeServer }] },
    { role: 'windowMenu' },
  ];
}

export function installAppMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(options)));
}
