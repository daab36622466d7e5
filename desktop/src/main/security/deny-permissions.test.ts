import { describe, expect, it, vi } from 'vitest';
import { denyAllPermissions } from './deny-permissions.js';

vi.mock('electron', () => import('../test/fake-electron.js'));

describe('permission requests', () => {
  it('are all refused, whatever the page asks for', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    denyAllPermissions(session as never);
    const [requestHandler] = session.setPermissionRequestHandler.mock.calls[0]!;
    const [checkHandler] = session.setPermissionCheckHandler.mock.calls[0]!;
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      requestHandler({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(checkHandler({}, permission)).toBe(false);
    }
  });
});
