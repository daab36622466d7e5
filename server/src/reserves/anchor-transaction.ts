import { createTransferCheckedInstruction } from '@solana/spl-token';
import { PACKET_DATA_SIZE, Transaction, VersionedTransaction, type PublicKey } from '@solana/web3.js';
import { MEMO_PROGRAMS } from '@stakedesk/shared/reserves/chain-transaction';
import { repeatedReserveAccount } from '@stakedesk/shared/reserves/published';
import { type ReserveAccount, anchorMemoText } from '@stakedesk/shared/reserves/snapshot';
import type { LandedTransaction } from '../chain/chain.js';
import { signedMemoInstruction } from '../chain/memo.js';

/** Everything an anchor transaction is made of; the server reads each part itself. */
export type AnchorPlan = {
  /** A reserve wallet: fee payer, the memo's signer and the transfers' authority. */
  signer: PublicKey;
  /** The signer's token account of the mint the zero transfers leave. */
  source: PublicKey;
  /** Every other reserve token account (Token-2022's MemoTransfer flagged: such a transfer must follow a memo; at most one may). */
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
 * balance at the slot it lands in. A transfer of 0 moves nothing and pays no transfer fee. The
 * memo is the transaction's only one (DESIGN 15: a holder refuses an anchor with two): the one
 * account that requires a memo before a transfer into it (Token-2022's MemoTransfer) goes first,
 * right after it; the plan refuses more than one such account.
 */
export function anchorTransaction(plan: AnchorPlan): Transaction {
  const { signer, source, mint, programId, decimals } = plan;
  const destinations = plan.destinations.length > 0 ? plan.destinations : [{ tokenAccount: source, memoRequired: false }];
  const memoFirst = [...destinations].sort((a, b) => Number(b.memoRequired) - Number(a.memoRequired));
  return new Transaction({ feePayer: signer, blockhash: plan.blockhash, lastValidBlockHeight: plan.lastValidBlockHeight }).add(
    signedMemoInstruction(anchorMemoText(plan.root), signer),
    ...memoFirst.map(({ tokenAccount }) =>
      createTransferCheckedInstruction(source, mint, tokenAccount, signer, 0n, decimals, [], programId),
    ),
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
 * succeeded, its one memo (of either Memo program) is the root, signed by a reserve wallet that
 * signed the transaction, and its token balances after it name every reserve account of the mint,
 * listed once, held by the wallet the snapshot records. Null when it is not that anchor.
 */
export function readAnchor(landed: LandedTransaction, snapshot: AnchoredSnapshot): AnchorReading | null {
  if (landed.failed || repeatedReserveAccount(snapshot.reserves) !== undefined) return null;
  const message = VersionedTransaction.deserialize(landed.wire).message;
  const keys = message.staticAccountKeys.map((key) => key.toBase58());
  const signers = new Set(keys.slice(0, message.header.numRequiredSignatures));
  const reserveWallets = new Set(snapshot.reserves.map((reserve) => reserve.wallet));
  const memos = message.compiledInstructions.filter((instruction) => MEMO_PROGRAMS.has(keys[instruction.programIdIndex]!));
  const [memo] = memos;
  if (memos.length !== 1 || !Buffer.from(memo!.data).equals(Buffer.from(anchorMemoText(snapshot.root), 'utf8'))) return null;
  if (!memo!.accountKeyIndexes.some((index) => signers.has(keys[index]!) && reserveWallets.has(keys[index]!))) return null;
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
