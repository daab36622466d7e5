import { msg } from '@stakedesk/shared/i18n/catalogue';
import { badRequest } from '../errors.js';

/** A page asked by number: at most `limit` rows after the first `offset`. */
export type Page = { limit: number; offset: number };

/** Where a page ended: the sort value of its last row (as PostgreSQL prints it, so nothing is rounded) and its id. */
export type Keyset = { value: string | null; id: number };

/** Where a page of a list ordered by a date ended. */
export type DatedKeyset = { value: string; id: number };

/**
 * The page of a list fetched one row past its limit: that row only says another page follows.
 * `keyOf` names where the page's last row sits in the list's order.
 */
export function trimToPage<T>(fetched: T[], limit: number, keyOf: (row: T) => Keyset): { rows: T[]; next?: Keyset } {
  if (fetched.length <= limit) return { rows: fetched };
  const rows = fetched.slice(0, limit);
  return { rows, next: keyOf(rows.at(-1)!) };
}

export const invalidCursor = () => badRequest(msg('invalidCursor'), { cursor: msg('invalidCursor') });
