import type { Request } from 'express';
import type { QueryOf } from '@stakedesk/shared/route-queries';
import { readCursor, type CursorScope } from './cursor.js';
import { parseQuery } from './validate.js';
import type { Keyset } from '../sql/page.js';

/** The admin lists a caller sorts, searches and filters. */
type AdminListRoute = 'GET /api/admin/stakes' | 'GET /api/admin/withdrawals';

/**
 * An admin list request, read with the route's query schema: ?limit=&offset=&sort=&order=&q=, and its
 * ?cursor=, which must have been made for the same list, sort, order, search and status filter
 * (`scope`), which the next page's cursor is made for in turn. The status filter is read apart.
 */
export function readCursorListQuery<R extends AdminListRoute>(
  req: Request,
  route: R,
  list: string,
): { query: QueryOf<R>; after?: Keyset; scope: CursorScope } {
  const query = parseQuery(route, req);
  const status = typeof req.query.status === 'string' ? req.query.status : undefined;
  const scope: CursorScope = { list, sort: query.sort, order: query.order, q: query.q, status };
  return { query, after: readCursor(req, scope), scope };
}
