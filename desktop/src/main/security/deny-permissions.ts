import type { Session } from 'electron';

/** The panel needs no camera, notifications API, geolocation or anything else: every request is refused. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
