import { MESSAGE_CODES, type Catalogue, type MessageCode } from '@stakedesk/shared/i18n/catalogue';

/**
 * The server's messages (shared/src/i18n) inside each client catalogue, under `server.<code>`:
 * the apps translate a server error by its code, never by its English text (server-messages.ts).
 */
export type ServerMessageKey = `server.${MessageCode}`;

export function serverMessages(catalogue: Catalogue): Record<ServerMessageKey, string> {
  return Object.fromEntries(MESSAGE_CODES.map((code) => [`server.${code}`, catalogue[code]])) as Record<ServerMessageKey, string>;
}
