import { app, Menu, nativeImage, Tray } from 'electron';
import { TRAY_ICON_DATA_URL } from './tray-icon.js';

export type PendingIndicator = { setCount(count: number): void };

const PRODUCT = 'Stakedesk Admin';

export function pendingTooltip(count: number): string {
  if (count === 0) return `${PRODUCT}: no pending withdrawals`;
  return `${PRODUCT}: ${count} pending withdrawal${count === 1 ? '' : 's'}`;
}

/**
 * The tray icon and the dock/launcher badge show how many withdrawals wait to be paid.
 * setTitle shows the number beside the icon on macOS; setBadgeCount works on macOS and on Linux
 * desktops with Unity launcher support, and is a no-op elsewhere.
 */
export function createPendingIndicator(showWindow: () => void): PendingIndicator {
  const tray = new Tray(nativeImage.createFromDataURL(TRAY_ICON_DATA_URL));
  tray.setContextMenu(Menu.buildFromTemplate([{ label: `Show ${PRODUCT}`, click: showWindow }, { type: 'separator' }, { role: 'quit' }]));
  tray.on('click', showWindow);
  const indicator: PendingIndicator = {
    setCount(count) {
      tray.setToolTip(pendingTooltip(count));
      tray.setTitle(count > 0 ? String(count) : '');
      app.setBadgeCount(count);
    },
  };
  indicator.setCount(0);
  return indicator;
}
