/** One check of a holder's proof of reserves against the chain, and how it ended (DESIGN 15). */
import type { CodedMessage } from '../i18n/catalogue.js';
import type { ReserveAccount } from './snapshot.js';

/** passed; failed: the chain or the records contradict the snapshot; incomplete: it could not be judged (yet), which is no pass. */
export type ReservesCheckStatus = 'passed' | 'failed' | 'incomplete';

/**
 * Which check: `snapshot` (its form, each reserve account listed once), the anchor transaction
 * (`anchor`: on chain, finalized and succeeded; `memo`: exactly one, the root; `signer`: a reserve
 * wallet; `slot`: the snapshot's; `takenAt`: a time the anchor can vouch for), each `reserve`
 * account's balance at the anchor, the `coverage` those balances make, and the proven liability
 * against the holder's `records` and their `deposits` on chain.
 */
export type ReservesCheckName =
  'snapshot' | 'anchor' | 'memo' | 'signer' | 'slot' | 'takenAt' | 'reserve' | 'coverage' | 'records' | 'deposits';

export type ReservesFinding = {
  check: ReservesCheckName;
  status: ReservesCheckStatus;
  /** Why, when it did not pass: a coded message of the shared catalogue. */
  reason?: CodedMessage;
  /** The reserve account a `reserve` finding is about. */
  reserve?: ReserveAccount;
};

export const passed = (check: ReservesCheckName, reserve?: ReserveAccount): ReservesFinding =>
  reserve ? { check, status: 'passed', reserve } : { check, status: 'passed' };
export const failed = (check: ReservesCheckName, reason: CodedMessage): ReservesFinding => ({ check, status: 'failed', reason });
export const incomplete = (check: ReservesCheckName, reason: CodedMessage): ReservesFinding => ({ check, status: 'incomplete', reason });

/** Failed if any failed; else incomplete if any could not be judged; else passed. */
export function overallStatus(findings: readonly ReservesFinding[]): ReservesCheckStatus {
  if (findings.some((finding) => finding.status === 'failed')) return 'failed';
  return findings.some((finding) => finding.status === 'incomplete') ? 'incomplete' : 'passed';
}
