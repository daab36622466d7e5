import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import { toHex } from '@stakedesk/shared/reserves/bytes';
import type { ReserveAccount, ReservesProofFile, ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { buildReservesTree, type ReservesLeafInput } from '@stakedesk/shared/reserves/tree';
import { coveragePercent } from '@stakedesk/shared/treasury';

export const DECIMALS = 6;

/** A wallet address made of one repeated byte. */
export const walletOf = (byte: number): string => new PublicKey(new Uint8Array(32).fill(byte)).toBase58();

/** Holders 1..count, each owing `n` and a half tokens, salted as the server salts them (32 bytes each). */
export const holders = (count: number): ReservesLeafInput[] =>
  Array.from({ length: count }, (_, i) => ({
    wallet: walletOf(i + 1),
    liability: BigInt(i + 1) * 10n ** BigInt(DECIMALS) + 500_000n,
    salt: randomBytes(32),
  }));

type Published = {
  id: number;
  /** ISO 8601; a fixed day unless given (a snapshot anchored on the test chain is taken now). */
  takenAt?: string;
  leaves: ReservesLeafInput[];
  reserves: ReserveAccount[];
  mint?: string;
  slot?: number;
  anchorSignature?: string | null;
};

/** A snapshot as the server publishes it, from a tree built with the shared buildReservesTree, and a proof of each holder in it. */
export function publish({
  id,
  takenAt = '2026-11-26T12:00:00.000Z',
  leaves,
  reserves,
  mint = walletOf(200),
  slot = 1234,
  anchorSignature = null,
}: Published) {
  const tree = buildReservesTree(leaves, id);
  const totalLiabilities = tree.root.sum.toString();
  const held = reserves.reduce((sum, reserve) => sum + BigInt(reserve.balance), 0n);
  const snapshot: ReservesSnapshot = {
    id,
    takenAt,
    slot,
    root: toHex(tree.root.hash),
    totalLiabilities,
    leafCount: tree.leafCount,
    reserves,
    coveragePercent: coveragePercent(held.toString(), totalLiabilities),
    anchorSignature,
    mint,
    decimals: DECIMALS,
  };
  const fileOf = (wallet: string): ReservesProofFile => ({ snapshot: structuredClone(snapshot), proof: tree.proofOf(wallet)! });
  return { snapshot, tree, fileOf };
}
