import type { Request } from 'express';
import { MESSAGES, unknownStatusMessage } from '@stakedesk/shared/messages';
import { badRequest } from './errors.js';

/** Reads `?status=a,b` against the allowed values; absent means every status. */
export function readStatusFilter<S extends string>(req: Request, allowed: readonly S[]): S[] | undefined {
  const raw = req.query.status;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(MESSAGES.invalidStatusFilter, { status: MESSAGES.invalidStatusFilter });
  const values = raw.split(',');
  const unknown = values.find((value) => !(allowed as readonly string[]).includes(value));
  if (unknown !== undefined) {
    const message = unknownStatusMessage(unknown, allowed);
    throw badRequest(message, { status: message });
  }
  return values as S[];
}
