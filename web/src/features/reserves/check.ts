import { msg } from '@stakedesk/shared/i18n/catalogue';
import { fromRawAmount } from '@stakedesk/shared/money';
import { coveragePercent, shownCoverage } from '@stakedesk/shared/treasury';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import type { ReservesProofFile, ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { verifyReservesProof, type ReservesProofCheck } from '@stakedesk/shared/reserves/verify';

/**
 * The dashboard's check of the holder's own proof: the shared verifier against the published root
 * and total, and first that the proof is this wallet's in this snapshot (a valid proof of another
 * holder's leaf would pass the verifier while this wallet's liability was left out).
 */
export function checkOwnProof(snapshot: ReservesSnapshot, proof: unknown, wallet: string): ReservesProofCheck {
  const claimed = (proof ?? {}) as Partial<ReservesProof>;
  if (typeof proof === 'object' && proof !== null && (claimed.wallet !== wallet || claimed.snapshotId !== snapshot.id))
    return { ok: false, reason: msg('reservesProofNotYours') };
  return verifyReservesProof(proof as ReservesProof, snapshot.root, snapshot.totalLiabilities);
}

/** Raw units of the snapshot's mint as a decimal string of tokens. */
export const tokensOf = (raw: string | bigint, snapshot: Pick<ReservesSnapshot, 'decimals'>): string =>
  fromRawAmount(BigInt(raw), snapshot.decimals);

/** Every reserve account's balance added up, in raw units. */
export const reservesTotal = (snapshot: Pick<ReservesSnapshot, 'reserves'>): bigint =>
  snapshot.reserves.reduce((sum, account) => sum + BigInt(account.balance), 0n);

/**
 * What the listed reserves cover of the total, worked out here by the server's own rule rather than
 * taken from the snapshot's word: the percent shown is the one its published figures make.
 */
export const coverageOf = (snapshot: Pick<ReservesSnapshot, 'reserves' | 'totalLiabilities'>): string | null =>
  coveragePercent(reservesTotal(snapshot).toString(), snapshot.totalLiabilities);

/** A coverage percent as the holder pages show it, in the reader's number format: ">999%" past that, as the panel shows it. */
export function coverageShown(percent: string, formatPercent: (rate: string) => string): string {
  const shown = shownCoverage(percent);
  return `${shown.beyond ? '>' : ''}${formatPercent(shown.percent)}`;
}

/** What `npx stakedesk-verify` reads, as the file the dashboard saves: the snapshot, the proof and the holder's records. */
export const proofFileJson = (file: ReservesProofFile): string => `${JSON.stringify(file, null, 2)}\n`;

export const proofFileName = (snapshot: ReservesSnapshot, wallet: string): string =>
  `stakedesk-reserves-proof-${snapshot.id}-${wallet}.json`;
