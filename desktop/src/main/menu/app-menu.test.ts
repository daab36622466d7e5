import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { appMenuTemplate } from './app-menu.js';

vi.mock('electron', () => import('../test/fake-electron.js'));

const submenu = (template: MenuItemConstructorOptions[], label: string) =>
  (template.find((item) => item.label === label)?.submenu ?? []) as MenuItemConstructorOptions[];
const roles = (items: MenuItemConstructorOptions[]) => items.map((item) => item.role).filter(Boolean);

describe('the application menu', () => {
  const options = { isPackaged: true, isMac: false, onChangeServer: vi.fn() };

  it('has the usual edit commands (and so their shortcuts)', () => {
    expect(roles(submenu(appMenuTemplate(options), '&Edit'))).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']);
  });

  it('has reload and zoom in View, and DevTools only in a development build', () => {
    const packaged = roles(submenu(appMenuTemplate(options), '&View'));
    expect(packaged).toEqual(expect.arrayContaining(['reload', 'forceReload', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']));
    expect(packaged).not.toContain('toggleDevTools');
    expect(roles(submenu(appMenuTemplate({ ...options, isPackaged: false }), '&View'))).toContain('toggleDevTools');
  });

  it('has a window menu, and the app menu on macOS', () => {
    expect(roles(appMenuTemplate(options))).toEqual(['windowMenu']);
    expect(roles(appMenuTemplate({ ...options, isMac: true }))).toEqual(['appMenu', 'windowMenu']);
  });

  it('has Server > Change server URL…, which asks for the setup screen', () => {
    const onChangeServer = vi.fn();
    const [change] = submenu(appMenuTemplate({ ...options, onChangeServer }), '&Server');
    expect(change!.label).toBe('Change server URL…');
    (change!.click as () => void)();
    expect(onChangeServer).toHaveBeenCalledOnce();
  });
});
