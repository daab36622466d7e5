/** The checks a proof file passes with nothing but hashing: no network, no server. */
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { verifyReservesProof } from '@stakedesk/shared/reserves/verify';
import { coveragePercent } from '@stakedesk/shared/treasury';
import { failed, passed, type Check } from './check.js';
import { lines, percent } from './lines.js';
import { isPublishedSnapshot } from './snapshot-format.js';

/** What the reserves listed add up to, in raw units. */
export const heldBy = (balances: readonly string[]): bigint => balances.reduce((sum, balance) => sum + BigInt(balance), 0n);

/** The snapshot's coverage recomputed from `held` raw units (shared/src/treasury.ts's rule): its own, or why not. */
export function coverageCheck(held: bigint, snapshot: ReservesSnapshot, passedText: string): Check {
  const computed = coveragePercent(held.toString(), snapshot.totalLiabilities);
  if (computed === snapshot.coveragePercent) return passed(passedText);
  return failed(
    msg('reservesCoverageMismatch', {
      reserves: held.toString(),
      computed: percent(computed),
      published: percent(snapshot.coveragePercent),
    }),
  );
}

/**
 * The snapshot's format, that the proof is for it (and for `wallet` when given), the proof itself
 * (leaf, path, root, total), and the coverage the snapshot states from the balances it lists.
 * The snapshot comes back when it is in the published format, for the checks on chain.
 */
export function checkProofFile(
  file: { snapshot: unknown; proof: object },
  wallet?: string,
): { checks: Check[]; snapshot?: ReservesSnapshot } {
  const { snapshot } = file;
  if (!isPublishedSnapshot(snapshot)) return { checks: [failed(msg('reservesSnapshotMalformed'))] };
  const checks = [passed(lines.snapshot(snapshot))];
  // Read as it came: verifyReservesProof checks every field of it, and refuses one in another format.
  const proof = file.proof as Partial<ReservesProof>;
  if (typeof proof.snapshotId === 'number')
    checks.push(
      proof.snapshotId === snapshot.id
        ? passed(lines.sameSnapshot(snapshot.id))
        : failed(msg('reservesProofOtherSnapshot', { proofSnapshot: proof.snapshotId, snapshot: snapshot.id })),
    );
  if (wallet !== undefined && typeof proof.wallet === 'string')
    checks.push(
      proof.wallet === wallet
        ? passed(lines.sameWallet(wallet))
        : failed(msg('reservesProofOtherWallet', { proofWallet: proof.wallet, wallet })),
    );
  const verdict = verifyReservesProof(proof as ReservesProof, snapshot.root, snapshot.totalLiabilities);
  if (verdict.ok) checks.push(passed(lines.leaf(String(proof.wallet), verdict.liability, snapshot.decimals)), passed(lines.root(snapshot)));
  else checks.push(failed(verdict.reason));
  const held = heldBy(snapshot.reserves.map((reserve) => reserve.balance));
  checks.push(coverageCheck(held, snapshot, lines.listedCoverage(snapshot.reserves.length, held, snapshot)));
  return { checks, snapshot };
}
