import type { Request, Response } from 'express';
import { paginationSchema, walletPageSchema } from '@stakedesk/shared/schemas';
import { parse } from './validate.js';

export type Page = { limit: number; offset: number };

export function readPage(req: Request): Page {
  const { limit, offset } = parse(paginationSchema, { limit: req.query.limit, offset: req.query.offset });
  return { limit, offset };
}

/** ?limit=&offset= of a holder's own list (1000 by default). */
export function readWalletPage(req: Request): Page {
  const { limit, offset } = parse(walletPageSchema, { limit: req.query.limit, offset: req.query.offset });
  return { limit, offset };
}

/**
 * The total of a list given one page of it: the page itself tells when it holds everything
 * (first page, not full), so only a holder with more than a page pays for a count.
 */
export async function totalOf(page: Page, rows: number, count: () => Promise<number>): Promise<number> {
  return page.offset === 0 && rows < page.limit ? rows : count();
}

/** Sends one page of a list with the total in X-Total-Count. */
export function sendPage<T>(res: Response, page: { rows: T[]; total: number }): void {
  res.set('X-Total-Count', String(page.total)).json(page.rows);
}
