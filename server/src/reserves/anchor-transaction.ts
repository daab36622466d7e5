import { createTransferCheckedInstruction } from '@solana/spl-token';
import { PACKET_DATA_SIZE, Transaction, VersionedTransaction, type PublicKey } from '@solana/web3.js';
import { type ReserveAccount, anchorMemoText } from '@stakedesk/shared/reserves/snapshot';
import type { LandedTransaction } from '../chain/chain.js';
import { MEMO_PROGRAM_ID, memoInstruction, signedMemoInstruction } from '../chain/memo.js';

/** Everything an anchor transaction is made of; the server reads each part itself. */
export type AnchorPlan = {
  /** A reserve wallet: fee payer, the memo's signer and the transfers' authority. */
  signer: PublicKey;
  /** The signer's token account of the mint the zero transfers leave. */
  source: PublicKey;
  /** Every other reserve token account (Token-2022's MemoTransfer flagged: such a transfer must follow a memo). */
  destinations: { tokenAccount: PublicKey; memoRequired: boolean }[];
  mint: PublicKey;
  programId: PublicKey;
  decimals: number;
  blockhash: string;
  lastValidBlockHeight: number;
  root: string;
};

/**
 * The anchor of a snapshot (DESIGN 14), unsigned: a Memo v2 carrying the root and signed by the
 * signer, then a transferChecked of 0 from the signer's account to each other reserve account
 * (to itself when it is the only one), so the transaction's token balances carry every reserve
 * balance at the slot it lands in. A transfer of 0 moves nothing and pays no transfer fee.
 */
export function anchorTransaction(plan: AnchorPlan): Transaction {
  const { signer, source, mint, programId, decimals } = plan;
  const text = anchorMemoText(plan.root);
  const destinations = plan.destinations.length > 0 ? plan.destinations : [{ tokenAccount: source, memoRequired: false }];
  const transfers = destinations.flatMap(({ tokenAccount, memoRequired }) => [
    ...(memoRequired ? [memoInstruction(text)] : []),
    createTransferCheckedInstruction(source, mint, tokenAccount, signer, 0n, decimals, [], programId),
  ]);
  return new Transaction({ feePayer: signer, blockhash: plan.blockhash, lastValidBlockHeight: plan.lastValidBlockHeight }).add(
    signedMemoInstruction(text, signer),
    ...transfers,
  );
}

/** Whether the signed anchor fits one transaction (Solana's 1232 bytes). */
export function anchorFits(transaction: Transaction): boolean {
  const message = transaction.compileMessage();
  return 1 + 64 * message.header.numRequiredSignatures + message.serialize().length <= PACKET_DATA_SIZE;
}

/** What a landed anchor proves: the reserves' balances at its slot. */
export type AnchorReading = { slot: number; reserves: ReserveAccount[] };

/** The snapshot an anchor is read against: its root, its mint and the reserve accounts it counts. */
export type AnchoredSnapshot = { root: string; mint: string; reserves: Pick<ReserveAccount, 'wallet' | 'tokenAccount'>[] };

/**
 * Reads a landed transaction as the anchor of `snapshot`, from the server's own copy of it: it
 * succeeded, a memo carries the root and is signed by a reserve wallet that signed the
 * transaction, and its token balances after it name every reserve account of the mint, held by
 * the wallet the snapshot records. Null when it is not that anchor.
 */
export function readAnchor(landed: LandedTransaction, snapshot: AnchoredSnapshot): AnchorReading | null {
  if (landed.failed) return null;
  const message = VersionedTransaction.deserialize(landed.wire).message;
  const keys = message.staticAccountKeys.map((key) => key.toBase58());
  const signers = new Set(keys.slice(0, message.header.numRequiredSignatures));
  const reserveWallets = new Set(snapshot.reserves.map((reserve) => reserve.wallet));
  const text = Buffer.from(anchorMemoText(snapshot.root), 'utf8');
  const memos = message.compiledInstructions.filter((instruction) => keys[instruction.programIdIndex] === MEMO_PROGRAM_ID.toBase58());
  const signedByReserve = memos.some(
    (memo) =>
      Buffer.from(memo.data).equals(text) &&
      memo.accountKeyIndexes.some((index) => signers.has(keys[index]!) && reserveWallets.has(keys[index]!)),
  );
  if (!signedByReserve) return null;
  const balances = new Map(
    landed.postTokenBalances
      .filter((balance) => balance.mint === snapshot.mint)
      .map((balance) => [landed.accountKeys[balance.accountIndex], balance] as const),
  );
  const reserves: ReserveAccount[] = [];
  for (const { wallet, tokenAccount } of snapshot.reserves) {
    const balance = balances.get(tokenAccount);
    if (!balance || balance.owner !== wallet) return null;
    reserves.push({ wallet, tokenAccount, balance: balance.amount.toString() });
  }
  return { slot: landed.slot, reserves };
}
