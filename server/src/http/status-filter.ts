import type { Request } from 'express';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { badRequest } from '../errors.js';

/** Reads `?status=a,b` against the allowed values; absent means every status. */
export function readStatusFilter<S extends string>(req: Request, allowed: readonly S[]): S[] | undefined {
  const raw = req.query.status;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(msg('invalidStatusFilter'), { status: msg('invalidStatusFilter') });
  const values = raw.split(',');
  const unknown = values.find((value) => !(allowed as readonly string[]).includes(value));
  if (unknown !== undefined) {
    const message = msg('unknownStatus', { value: unknown.slice(0, 40), allowed: allowed.join(', ') });
    throw badRequest(message, { status: message });
  }
  return values as S[];
}
