/** A holder's proof as DESIGN 14 publishes it (GET /api/reserves/{id}/proof/{wallet}). */

/** One step up from the leaf: the sibling's hash and sum, and on which side of the path it sits. */
export type ReservesProofStep = {
  /** Lowercase hex, 32 bytes. */
  hash: string;
  /** Decimal string of raw units. */
  sum: string;
  side: 'left' | 'right';
};

export type ReservesProof = {
  snapshotId: number;
  /** Base58 public key. */
  wallet: string;
  /** Lowercase hex, 32 bytes. */
  salt: string;
  /** Decimal string of raw units. */
  liability: string;
  /** From the leaf up to (not including) the root. */
  path: ReservesProofStep[];
};
