import type { Request, Response } from 'express';
import { paginationSchema } from '@stakedesk/shared/schemas';
import { parse } from './validate.js';

export type Page = { limit: number; offset: number };

export function readPage(req: Request): Page {
  const { limit, offset } = parse(paginationSchema, { limit: req.query.limit, offset: req.query.offset });
  return { limit, offset };
}

/** Sends one page of a list with the total in X-Total-Count. */
export function sendPage<T>(res: Response, page: { rows: T[]; total: number }): void {
  res.set('X-Total-Count', String(page.total)).json(page.rows);
}
