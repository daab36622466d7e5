import type { Request, Response } from 'express';
import { type DatedKeyset, type Keyset, type Page, invalidCursor } from '../sql/page.js';
import { readCursor, sendNextCursor, type CursorScope } from './cursor.js';

/**
 * The page of an admin list ordered by one fixed order: ?limit=&offset= as the route's query schema
 * parsed them, and its ?cursor=; `filter` is what else the cursor is bound to.
 */
export function readCursorPage(
  req: Request,
  { limit, offset }: Page,
  list: string,
  filter?: string,
): { page: Page; after?: Keyset; scope: CursorScope } {
  const scope: CursorScope = { list, filter };
  return { page: { limit, offset }, after: readCursor(req, scope), scope };
}

/** ?cursor= of a holder's own list: made for that list, wallet and table (`group`), refused (400) for any other. */
export function readWalletCursor(req: Request, list: string, wallet: string, group?: string): { after?: DatedKeyset; scope: CursorScope } {
  const scope: CursorScope = { list, wallet, group };
  const after = readCursor(req, scope);
  // These lists are ordered by a date that is never empty.
  if (after && after.value === null) throw invalidCursor();
  return { after: after as DatedKeyset | undefined, scope };
}

/**
 * Sends a page of a holder's list, its JSON text written by PostgreSQL: X-Next-Cursor when more
 * rows follow, X-Total-Count when the page was asked by offset (SPEC's clients; the dashboard reads
 * its counts from the summary). Then as res.json sends what it serialised (type, length, ETag, 304).
 */
export function sendWalletPage(res: Response, page: { body: string; next?: Keyset; total?: number }, scope: CursorScope): void {
  sendNextCursor(res, scope, page.next);
  if (page.total !== undefined) res.set('X-Total-Count', String(page.total));
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  res.send(page.body);
}

/**
 * Sends one page of a list with the total in X-Total-Count (and X-Total-Count-Estimated: true
 * when it is an estimate), and, on a list paged by cursor, X-Next-Cursor unless it is the last page.
 */
export function sendPage<T>(res: Response, page: { rows: T[]; total: number; estimated?: true; next?: Keyset }, scope?: CursorScope): void {
  if (scope) sendNextCursor(res, scope, page.next);
  if (page.estimated) res.set('X-Total-Count-Estimated', 'true');
  res.set('X-Total-Count', String(page.total)).json(page.rows);
}
