import type { TokenBalance } from '@solana/web3.js';

export type TokenMovement = {
  /** Net change of the mint's raw amount per owner wallet (token accounts summed by owner). */
  byOwner: Map<string, bigint>;
  /** A token account of the mint was reassigned to another owner within the transaction. */
  ownerChanged: boolean;
  /** Other mints moved in the transaction. */
  otherMints: Set<string>;
};

/**
 * What a transaction did to balances of `mint`, measured as exchanges do: from the pre- and
 * post-transaction token balances, by owner, never from the instructions.
 */
export function tokenMovement(pre: TokenBalance[], post: TokenBalance[], mint: string): TokenMovement {
  const before = new Map(pre.filter((b) => b.mint === mint).map((b) => [b.accountIndex, b]));
  const after = new Map(post.filter((b) => b.mint === mint).map((b) => [b.accountIndex, b]));
  const byOwner = new Map<string, bigint>();
  let ownerChanged = false;
  const add = (owner: string | undefined, delta: bigint) => {
    if (!owner || delta === 0n) return;
    byOwner.set(owner, (byOwner.get(owner) ?? 0n) + delta);
  };
  for (const index of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(index);
    const is = after.get(index);
    if (was && is && was.owner !== is.owner) ownerChanged = true;
    // An owner change is refused anyway; counting old and new owners separately keeps it visible.
    add(was?.owner, -BigInt(was?.uiTokenAmount.amount ?? '0'));
    add(is?.owner, BigInt(is?.uiTokenAmount.amount ?? '0'));
  }
  const otherMints = new Set([...pre, ...post].map((b) => b.mint).filter((m) => m !== mint));
  return { byOwner, ownerChanged, otherMints };
}
