import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Notification, resetFakeElectron } from '../test/fake-electron.js';
import { showNotice } from './notice.js';

vi.mock('electron', () => import('../test/fake-electron.js'));

describe('the native notification', () => {
  beforeEach(resetFakeElectron);

  it('shows a native notification with the given title and body; a click brings the window forward', () => {
    const showWindow = vi.fn();
    showNotice({ title: 'New withdrawal request', body: '7xKX…AsU requested 1,050 SDT' }, showWindow);
    expect(Notification.shown).toHaveLength(1);
    expect(Notification.shown[0]!.options).toEqual({ title: 'New withdrawal request', body: '7xKX…AsU requested 1,050 SDT' });
    Notification.shown[0]!.emit('click');
    expect(showWindow).toHaveBeenCalledOnce();
  });

  it('shows nothing where the system has no notifications', () => {
    Notification.isSupported.mockReturnValue(false);
    showNotice({ title: 'New withdrawal request', body: '' }, vi.fn());
    expect(Notification.shown).toHaveLength(0);
  });
});
