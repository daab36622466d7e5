/**
 * `--rpc`: the shared check against the chain (DESIGN 15), the one the dashboard runs, through the
 * endpoint given: the anchor transaction, the reserve accounts' balances at it, and the proven
 * liability against the records in the file and the wallet's deposits on chain. A line each.
 */
import { checkReservesOnChain, type ReservesChainCheck } from '@stakedesk/shared/reserves/chain-check';
import type { ReservesFinding } from '@stakedesk/shared/reserves/findings';
import type { ReservesHolderRecords } from '@stakedesk/shared/reserves/holder-records';
import { jsonRpcAt } from '@stakedesk/shared/reserves/json-rpc';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { failed, incomplete, note, passed, type Check } from './check.js';
import { lines } from './lines.js';

/** What a check that passed says, from what the check read. */
function passedLine(finding: ReservesFinding, result: ReservesChainCheck, snapshot: ReservesSnapshot): string | null {
  const { anchor, deposits } = result;
  switch (finding.check) {
    case 'snapshot':
      return null; // said by the proof's checks
    case 'anchor':
      return lines.anchorFinalized(anchor!.signature);
    case 'memo':
      return lines.memo(snapshot.root);
    case 'signer':
      return lines.signer(anchor!.signer!);
    case 'slot':
      return lines.slot(anchor!.slot);
    case 'takenAt':
      return lines.takenAt(anchor!.blockTime!, snapshot.takenAt);
    case 'reserve':
      return lines.balance(finding.reserve!, snapshot.decimals);
    case 'coverage':
      return lines.chainCoverage(result.reservesOnChain!, snapshot);
    case 'records':
      return lines.records(result.owedByRecords!, snapshot);
    case 'deposits':
      return lines.deposits(deposits!);
  }
}

/** Throws ChainUnreadable when the endpoint cannot be asked or does not answer in the jsonParsed form. */
export async function checkOnChain(
  snapshot: ReservesSnapshot,
  proof: ReservesProof,
  rpcUrl: string,
  { records, maxTransactions }: { records?: unknown; maxTransactions?: number },
): Promise<Check[]> {
  const result = await checkReservesOnChain({
    snapshot,
    proof,
    rpc: jsonRpcAt(rpcUrl, fetch),
    // Checked for its form by the check itself: records in another form are said, not compared.
    records: records as ReservesHolderRecords | undefined,
    maxTransactions,
  });
  const checks: Check[] = [];
  for (const finding of result.findings) {
    if (finding.status === 'failed') checks.push(failed(finding.reason!));
    else if (finding.status === 'incomplete') checks.push(incomplete(finding.reason!));
    else {
      const line = passedLine(finding, result, snapshot);
      if (line) checks.push(passed(line));
    }
    if (finding.check === 'deposits' && records === undefined) checks.push(note(lines.noRecords));
  }
  return checks;
}
