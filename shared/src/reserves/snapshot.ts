/** A published snapshot (DESIGN 14: GET /api/reserves and /api/reserves/{id}) and the file the standalone verifier reads. */
import type { ReservesHolderRecords } from './holder-records.js';
import type { ReservesProof } from './proof.js';

/** One token account whose balance counts in the reserves. */
export type ReserveAccount = {
  /** The owner (base58): the staking wallet, an earlier staking wallet that still owes, or the hot wallet. */
  wallet: string;
  tokenAccount: string;
  /** Raw units, a decimal string. */
  balance: string;
};

export type ReservesSnapshot = {
  id: number;
  /** ISO 8601. */
  takenAt: string;
  /** The slot the reserves' balances were read at (the anchor transaction's slot once anchored). */
  slot: number;
  /** Lowercase hex, 32 bytes: the root of the Merkle sum tree of liabilities. */
  root: string;
  /** Raw units, a decimal string: the root's sum. */
  totalLiabilities: string;
  leafCount: number;
  reserves: ReserveAccount[];
  /** Reserves over liabilities, percent with two decimals; null when nothing is owed. */
  coveragePercent: string | null;
  /** The Memo transaction that published `root` on chain; null until it lands. */
  anchorSignature: string | null;
  /** The mint the liabilities and reserves are counted in, and its decimals (to show raw units as tokens). */
  mint: string;
  decimals: number;
};

/**
 * What `stakedesk-verify <file>` reads: a snapshot as published, one holder's proof in it, and
 * (the dashboard's download includes them) the holder's records at the time of the download, which
 * the check against the chain compares the proven liability with (holder-records.ts).
 */
export type ReservesProofFile = { snapshot: ReservesSnapshot; proof: ReservesProof; records?: ReservesHolderRecords };

/** The anchor's memo text: the root alone, lowercase hex, so anyone reading the chain can compare it. */
export const anchorMemoText = (root: string): string => root;
