import type { IpcMainInvokeEvent } from 'electron';
import { APP_ORIGIN } from '../../shared/app-origin.js';

export class UntrustedSender extends Error {
  override name = 'UntrustedSender';
}

/** Only the app's own page may call: not a subframe or a page that navigation let in by mistake. */
export function assertTrustedSender(event: IpcMainInvokeEvent): void {
  const url = event.senderFrame?.url ?? '';
  if (url !== APP_ORIGIN && !url.startsWith(`${APP_ORIGIN}/`)) throw new UntrustedSender(`IPC from an untrusted page: ${url || 'unknown'}`);
}
