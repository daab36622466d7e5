/** What a holder's browser reports when their proof of reserves does not check (POST /api/reserves/{id}/check-failures). */
import { MESSAGE_CODES, type MessageCode } from '../i18n/catalogue.js';
import { en } from '../i18n/en.js';

/** The codes a report may carry: the verifier's refusals and the other reserves messages without parameters (a wallet left out, say). */
export const RESERVES_CHECK_FAILURE_CODES: readonly MessageCode[] = MESSAGE_CODES.filter(
  (code) => code.startsWith('reserves') && !(en[code] as string).includes('{'),
);

export type ReservesCheckFailure = { code: MessageCode };
