import type { AdminClient } from '../api/admin-client.js';

/** How long Logout waits for the server before forgetting the token anyway. */
const REVOKE_WAIT_MS = 5_000;

/**
 * Asks the server to revoke this token (POST /api/admin/me/logout), so a copy of it taken from
 * this browser or laptop is worthless from now on. Never throws and never waits longer than
 * REVOKE_WAIT_MS: the panel forgets the token whatever the server says, down or not.
 */
export async function revokeOnServer(client: AdminClient): Promise<void> {
  const call = client.send('POST', '/api/admin/me/logout', undefined, { stepUp: false, endSessionOn401: false }).catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([call, new Promise((resolve) => (timer = setTimeout(resolve, REVOKE_WAIT_MS)))]);
  clearTimeout(timer);
}
