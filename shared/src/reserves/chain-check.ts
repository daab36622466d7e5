/**
 * The holder's check of a proof of reserves against the chain (DESIGN 15), run by the dashboard in
 * the browser and by `stakedesk-verify --rpc`, through an endpoint the operator does not run:
 * - the snapshot lists each reserve token account once;
 * - its anchor transaction (anchor-check.ts) is on chain, finalized, succeeded, carries exactly one
 *   Memo, the root, is signed by a reserve wallet, landed at the snapshot's slot, and shows each
 *   reserve account's balance, in the snapshot's mint, as listed; those balances make its coverage;
 * - the proven liability is not less than what the holder's own records imply at `takenAt`
 *   (holder-records.ts), nor than their deposits on chain less what was paid back
 *   (holder-deposits.ts).
 * Each miss is its own finding with its own code; `status` is failed when one failed, incomplete
 * when one could not be judged (not finalized yet, history past the reading limit, no records to
 * weigh a shortfall): never a pass.
 */
import { msg } from '../i18n/catalogue.js';
import { checkAnchor, type AnchorCheck } from './anchor-check.js';
import { failed, incomplete, overallStatus, passed, type ReservesCheckStatus, type ReservesFinding } from './findings.js';
import { readHolderDeposits, type DepositsReading } from './holder-deposits.js';
import { isHolderRecords, owedByRecordsAt, type ReservesHolderRecords } from './holder-records.js';
import type { JsonRpc } from './json-rpc.js';
import type { ReservesProof } from './proof.js';
import { publishedSnapshotProblem } from './published.js';
import type { ReservesSnapshot } from './snapshot.js';

export type ReservesChainCheckInput = {
  /** The snapshot as published (GET /api/reserves/{id}). */
  snapshot: ReservesSnapshot;
  /** The holder's proof in it, already checked by verifyReservesProof: its wallet and liability are what is compared. */
  proof: Pick<ReservesProof, 'wallet' | 'liability'>;
  /** The holder's endpoint (settings' holderRpcUrl, or --rpc): never the operator's /api/rpc. */
  rpc: JsonRpc;
  /** The holder's records (a proof file's `records`); without them the liability is compared with the chain only. */
  records?: ReservesHolderRecords;
  /** At most this many transactions of the holder's history are read (DEFAULT_MAX_TRANSACTIONS). */
  maxTransactions?: number;
  /** When the check runs (ms since the epoch; now unless given). */
  now?: number;
};

export type ReservesChainCheck = {
  status: ReservesCheckStatus;
  /** Every check, in the order above. */
  findings: ReservesFinding[];
  /** What the result is about: the first failed finding, else the first incomplete one; null when every check passed. */
  failure: ReservesFinding | null;
  /** The anchor as the chain has it, and the reserve wallet that signed it; null when there is none to read. */
  anchor: AnchorCheck['anchor'];
  /** What the reserve accounts held after the anchor, in raw units. */
  reservesOnChain: bigint | null;
  /** The proof's liability, raw units. */
  liability: bigint;
  /** What the records imply was owed at takenAt (raw units); null without records. */
  owedByRecords: bigint | null;
  deposits: DepositsReading | null;
};

function depositsFinding(deposits: DepositsReading, hasRecords: boolean, liability: bigint): ReservesFinding {
  const amounts = { liability: liability.toString(), owed: deposits.owed.toString() };
  if (deposits.owed > liability) {
    if (!hasRecords) return incomplete('deposits', msg('reservesDepositsNeedRecords', amounts));
    if (!deposits.sure) return incomplete('deposits', msg('reservesDepositsUnsure', amounts));
    return failed('deposits', msg('reservesBelowDeposits', amounts));
  }
  if (!deposits.complete)
    return incomplete('deposits', msg('reservesHistoryTooLong', { count: deposits.transactionsRead, slot: deposits.sinceSlot ?? 0 }));
  return passed('deposits');
}

/** Throws ChainUnreadable when the endpoint cannot be read: that is no finding about the operator. */
export async function checkReservesOnChain({
  snapshot,
  proof,
  rpc,
  records,
  maxTransactions,
  now,
}: ReservesChainCheckInput): Promise<ReservesChainCheck> {
  const liability = BigInt(proof.liability);
  const problem = publishedSnapshotProblem(snapshot);
  if (problem) {
    const finding = failed('snapshot', problem);
    return {
      status: 'failed',
      findings: [finding],
      failure: finding,
      anchor: null,
      reservesOnChain: null,
      liability,
      owedByRecords: null,
      deposits: null,
    };
  }
  const findings: ReservesFinding[] = [passed('snapshot')];
  const { findings: anchorFindings, anchor, reservesOnChain } = await checkAnchor(rpc, snapshot, now);
  findings.push(...anchorFindings);

  // Records in another form (a hand-edited file) are not compared: said, and the chain compared as without them.
  let owedByRecords: bigint | null = null;
  let compared: ReservesHolderRecords | undefined;
  if (records !== undefined && !isHolderRecords(records)) findings.push(incomplete('records', msg('reservesRecordsMalformed')));
  else if (records !== undefined) {
    compared = records;
    owedByRecords = owedByRecordsAt(records, snapshot);
    const amounts = { liability: liability.toString(), owed: owedByRecords.toString() };
    findings.push(owedByRecords > liability ? failed('records', msg('reservesBelowRecords', amounts)) : passed('records'));
  }
  const deposits = await readHolderDeposits({ rpc, wallet: proof.wallet, snapshot, records: compared, maxTransactions });
  findings.push(depositsFinding(deposits, compared !== undefined, liability));

  const status = overallStatus(findings);
  const failure = findings.find((f) => f.status === 'failed') ?? findings.find((f) => f.status === 'incomplete') ?? null;
  return { status, findings, failure, anchor, reservesOnChain, liability, owedByRecords, deposits };
}
