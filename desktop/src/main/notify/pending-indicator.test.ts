import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app, nativeImage, resetFakeElectron, Tray } from '../test/fake-electron.js';
import { createPendingIndicator } from './pending-indicator.js';

vi.mock('electron', () => import('../test/fake-electron.js'));

describe('the pending-withdrawals tray icon and badge', () => {
  beforeEach(resetFakeElectron);

  it('starts with a tray icon that says nothing is pending', () => {
    createPendingIndicator(vi.fn());
    const [tray] = Tray.created;
    expect(nativeImage.createFromDataURL).toHaveBeenCalledWith(expect.stringMatching(/^data:image\/png;base64,/));
    expect(tray!.toolTip).toBe('Stakedesk Admin: no pending withdrawals');
    expect(tray!.title).toBe('');
    expect(app.badgeCount).toBe(0);
  });

  it('shows the count in the tooltip, the tray title and the badge', () => {
    const indicator = createPendingIndicator(vi.fn());
    const [tray] = Tray.created;
    indicator.setCount(3);
    expect(tray!.toolTip).toBe('Stakedesk Admin: 3 pending withdrawals');
    expect(tray!.title).toBe('3');
    expect(app.badgeCount).toBe(3);
    indicator.setCount(1);
    expect(tray!.toolTip).toBe('Stakedesk Admin: 1 pending withdrawal');
    indicator.setCount(0);
    expect(tray!.title).toBe('');
    expect(app.badgeCount).toBe(0);
  });

  it('brings the window forward when the tray icon is clicked', () => {
    const showWindow = vi.fn();
    createPendingIndicator(showWindow);
    Tray.created[0]!.emit('click');
    expect(showWindow).toHaveBeenCalledOnce();
  });
});
