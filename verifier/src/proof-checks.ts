/** The checks a proof file passes with nothing but hashing: no network, no server. */
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { coverageFinding } from '@stakedesk/shared/reserves/anchor-check';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import { publishedSnapshotProblem } from '@stakedesk/shared/reserves/published';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { verifyReservesProof } from '@stakedesk/shared/reserves/verify';
import { failed, passed, type Check } from './check.js';
import { lines } from './lines.js';

/**
 * The snapshot's form (each reserve account listed once), that the proof is for it (and for
 * `wallet` when given), the proof itself (leaf, path, root, total), and the coverage the snapshot
 * states from the balances it lists. The snapshot and the verified proof come back for the checks
 * on chain: the snapshot when it is in the published form, the proof when it verified.
 */
export function checkProofFile(
  file: { snapshot: unknown; proof: object },
  wallet?: string,
): { checks: Check[]; snapshot?: ReservesSnapshot; proof?: ReservesProof } {
  const { snapshot } = file;
  const problem = publishedSnapshotProblem(snapshot);
  if (problem) return { checks: [failed(problem)] };
  const published = snapshot as ReservesSnapshot;
  const checks = [passed(lines.snapshot(published))];
  // Read as it came: verifyReservesProof checks every field of it, and refuses one in another format.
  const proof = file.proof as Partial<ReservesProof>;
  if (typeof proof.snapshotId === 'number')
    checks.push(
      proof.snapshotId === published.id
        ? passed(lines.sameSnapshot(published.id))
        : failed(msg('reservesProofOtherSnapshot', { proofSnapshot: proof.snapshotId, snapshot: published.id })),
    );
  if (wallet !== undefined && typeof proof.wallet === 'string')
    checks.push(
      proof.wallet === wallet
        ? passed(lines.sameWallet(wallet))
        : failed(msg('reservesProofOtherWallet', { proofWallet: proof.wallet, wallet })),
    );
  const verdict = verifyReservesProof(proof as ReservesProof, published.root, published.totalLiabilities);
  if (verdict.ok)
    checks.push(passed(lines.leaf(String(proof.wallet), verdict.liability, published.decimals)), passed(lines.root(published)));
  else checks.push(failed(verdict.reason));
  const held = published.reserves.reduce((sum, reserve) => sum + BigInt(reserve.balance), 0n);
  const coverage = coverageFinding(held, published);
  checks.push(coverage.reason ? failed(coverage.reason) : passed(lines.listedCoverage(published.reserves.length, held, published)));
  return { checks, snapshot: published, proof: verdict.ok ? (proof as ReservesProof) : undefined };
}
