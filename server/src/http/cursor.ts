import type { Request, Response } from 'express';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { invalidCursor, type Keyset } from '../sql/page.js';
import { badRequest } from '../errors.js';

/** What a cursor was made for: the list, its sort and order, its search and filter. Another list refuses it. */
export type CursorScope = Record<string, string | undefined>;

const MAX_CURSOR_LENGTH = 1000;

/** The opaque cursor of the page after `at`. */
export function encodeCursor(scope: CursorScope, at: Keyset): string {
  return Buffer.from(JSON.stringify({ scope: canonical(scope), value: at.value, id: at.id })).toString('base64url');
}

/** The keyset a cursor names; 400 when it is malformed or made for another list, sort, order, search or filter. */
export function decodeCursor(raw: string, scope: CursorScope): Keyset {
  if (raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalidCursor();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof decoded !== 'object' || decoded === null) throw invalidCursor();
  const { scope: madeFor, value, id } = decoded as Record<string, unknown>;
  if (madeFor !== canonical(scope)) throw invalidCursor();
  if (!(typeof value === 'string' || value === null) || (typeof value === 'string' && value.length > 200)) throw invalidCursor();
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw invalidCursor();
  return { value, id };
}

/** ?cursor= of a list request: undefined on a first page; 400 with an offset beside it (one way of paging at a time). */
export function readCursor(req: Request, scope: CursorScope): Keyset | undefined {
  const raw = req.query.cursor;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw === '') throw invalidCursor();
  const offset = req.query.offset;
  if (offset !== undefined && offset !== '0') {
    const message = msg('cursorWithOffset');
    throw badRequest(message, { offset: message });
  }
  return decodeCursor(raw, scope);
}

/** X-Next-Cursor on every page but the last. */
export function sendNextCursor(res: Response, scope: CursorScope, next: Keyset | undefined): void {
  if (next) res.set('X-Next-Cursor', encodeCursor(scope, next));
}

const canonical = (scope: CursorScope) =>
  JSON.stringify(
    Object.keys(scope)
      .sort()
      .map((key) => [key, scope[key] ?? '']),
  );
