/** What a holder's browser reports when their proof of reserves does not check (POST /api/reserves/{id}/check-failures). */
import { MESSAGE_CODES, type MessageCode } from '../i18n/catalogue.js';
import { en } from '../i18n/en.js';

/**
 * The codes the holder's check against the chain gives (chain-check.ts), parameters or not: a
 * report carries the code alone, which says which check failed.
 */
export const RESERVES_CHAIN_CHECK_CODES = [
  'reservesSnapshotMalformed',
  'reservesReserveListedTwice',
  'reservesAnchorMissing',
  'reservesAnchorNotFound',
  'reservesAnchorNotFinalized',
  'reservesAnchorFailed',
  'reservesAnchorMemoCount',
  'reservesAnchorMemoMismatch',
  'reservesAnchorNotSignedByReserve',
  'reservesAnchorSlotMismatch',
  'reservesAnchorNoTime',
  'reservesTakenAfterAnchor',
  'reservesAnchorLate',
  'reservesAnchorBalanceMissing',
  'reservesAnchorAccountMismatch',
  'reservesAnchorBalanceMismatch',
  'reservesCoverageMismatch',
  'reservesRecordsMalformed',
  'reservesBelowRecords',
  'reservesBelowDeposits',
  'reservesDepositsNeedRecords',
  'reservesDepositsUnsure',
  'reservesHistoryTooLong',
] as const satisfies readonly MessageCode[];

/** The codes a report may carry: the verifier's refusals, the chain check's, and the other reserves messages without parameters (a wallet left out, say). */
export const RESERVES_CHECK_FAILURE_CODES: readonly MessageCode[] = MESSAGE_CODES.filter(
  (code) =>
    code.startsWith('reserves') &&
    (!(en[code] as string).includes('{') || (RESERVES_CHAIN_CHECK_CODES as readonly MessageCode[]).includes(code)),
);

export type ReservesCheckFailure = { code: MessageCode };
