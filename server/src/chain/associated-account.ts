import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { type PublicKey } from '@solana/web3.js';

/** Addresses remembered: a few thousand holders' accounts of one mint. */
const REMEMBERED = 10_000;
const known = new Map<string, PublicKey>();

/**
 * The owner's associated token account of a mint under the mint's own token program. Deriving it
 * searches program addresses off the ed25519 curve (milliseconds of pure-JS curve arithmetic), and
 * the same holders are paid again and again, so each address is derived once.
 */
export function associatedTokenAccount(mint: PublicKey, owner: PublicKey, programId: PublicKey): PublicKey {
  const key = `${mint.toBase58()}:${owner.toBase58()}:${programId.toBase58()}`;
  const found = known.get(key);
  if (found) return found;
  const address = getAssociatedTokenAddressSync(mint, owner, true, programId);
  if (known.size >= REMEMBERED) known.delete(known.keys().next().value!);
  known.set(key, address);
  return address;
}
