import type { Request } from 'express';
import type { AdminListQuery } from '@stakedesk/shared/schemas';
import { readCursor, type CursorScope } from './cursor.js';
import type { Keyset } from '../sql/page.js';

/**
 * An admin list request: its ?limit=&offset=&sort=&order=&q= as the route's query schema parsed them
 * (status is read apart), and its ?cursor=, which must have been made for the same list, sort, order,
 * search and status filter (`scope`), which the next page's cursor is made for in turn.
 */
export function readCursorListQuery<Q extends AdminListQuery<string>>(
  req: Request,
  query: Q,
  list: string,
): { query: Q; after?: Keyset; scope: CursorScope } {
  const status = typeof req.query.status === 'string' ? req.query.status : undefined;
  const scope: CursorScope = { list, sort: query.sort, order: query.order, q: query.q, status };
  return { query, after: readCursor(req, scope), scope };
}
