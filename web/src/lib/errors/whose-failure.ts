import { ApiError } from '../api-client.js';

/**
 * A request that got no answer at all, our API's or a piece of the app loaded late (each browser
 * words a failed dynamic import its own way; Vite's preload helper words a stylesheet's). Kept
 * apart from error-words.ts so that what every page shows (a failed read, a piece that could not
 * load) needs only this.
 */
const NO_ANSWER =
  /failed to fetch|networkerror|network request failed|load failed|fetch failed|ECONNREFUSED|dynamically imported module|importing a module script failed|unable to preload css/i;

export function isUnanswered(error: unknown): boolean {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return NO_ANSWER.test(text);
}

/**
 * Whose failure an unanswered request is: the holder's, when the device says it is offline;
 * otherwise ours (the holder's connection works, our server did not answer).
 */
export const unansweredKind = (online = globalThis.navigator?.onLine): 'offline' | 'network' => (online === false ? 'offline' : 'network');

/** Whose failure a read or a load is, where that can be told: ours (no answer, or a 5xx) or the device's (offline). */
export function whoseFailure(error: unknown): 'network' | 'offline' | 'server' | undefined {
  if (error instanceof ApiError) return error.status >= 500 ? 'server' : undefined;
  return isUnanswered(error) ? unansweredKind() : undefined;
}
