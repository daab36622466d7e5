import type { Request } from 'express';
import type { Schema } from 'yup';
import type { AdminListQuery } from '@stakedesk/shared/schemas';
import { readCursor, type CursorScope } from './cursor.js';
import { parse } from './validate.js';
import type { Keyset } from '../sql/page.js';

/** Reads ?limit=&offset=&sort=&order=&q= of an admin list (status is read apart). */
export function readListQuery<F extends string>(req: Request, schema: Schema<AdminListQuery<F>>): AdminListQuery<F> {
  const { limit, offset, sort, order, q } = req.query;
  return parse(schema, { limit, offset, sort, order, q });
}

/**
 * An admin list request with its ?cursor=: the cursor must have been made for the same list, sort,
 * order, search and status filter (`scope`), which the next page's cursor is made for in turn.
 */
export function readCursorListQuery<F extends string>(
  req: Request,
  list: string,
  schema: Schema<AdminListQuery<F>>,
): { query: AdminListQuery<F>; after?: Keyset; scope: CursorScope } {
  const query = readListQuery(req, schema);
  const status = typeof req.query.status === 'string' ? req.query.status : undefined;
  const scope: CursorScope = { list, sort: query.sort, order: query.order, q: query.q, status };
  return { query, after: readCursor(req, scope), scope };
}
