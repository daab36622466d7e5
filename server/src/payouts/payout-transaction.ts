import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction } from '@solana/spl-token';
import { PACKET_DATA_SIZE, Transaction, type PublicKey } from '@solana/web3.js';
import { memoInstruction } from '../chain/memo.js';

export type PayoutRecipientPlan = {
  wallet: PublicKey;
  /** The wallet's associated token account of the mint, under the mint's own program. */
  tokenAccount: PublicKey;
  /** Raw units the holder must receive. */
  raw: bigint;
  /** Raw units sent: `raw` plus the mint's transfer fee, grossed up as the program rounds it. */
  sent: bigint;
  createsAccount: boolean;
  /** Token-2022's MemoTransfer on the holder's account: the transfer must follow a memo. */
  memoRequired: boolean;
};

/** Everything a payout transaction is made of; the server reads each part itself. */
export type PayoutPlan = {
  payer: PublicKey;
  source: PublicKey;
  mint: PublicKey;
  programId: PublicKey;
  decimals: number;
  blockhash: string;
  lastValidBlockHeight: number;
  memo: string;
  recipients: PayoutRecipientPlan[];
};

export const payoutMemo = (payoutId: number) => `Stakedesk payout ${payoutId}`;

/**
 * The payout transaction, unsigned: the missing token accounts created (idempotent, rent paid by
 * the payer), one transferChecked per withdrawal with the mint's program and decimals (the memo
 * right before it where the holder's account requires one), then the memo. The payer is the only
 * signer and pays the fee.
 */
export function payoutTransaction(plan: PayoutPlan): Transaction {
  const { payer, source, mint, programId, decimals } = plan;
  const creations = plan.recipients
    .filter((recipient) => recipient.createsAccount)
    .map((recipient) =>
      createAssociatedTokenAccountIdempotentInstruction(payer, recipient.tokenAccount, recipient.wallet, mint, programId),
    );
  const transfers = plan.recipients.flatMap((recipient) => [
    ...(recipient.memoRequired ? [memoInstruction(plan.memo)] : []),
    createTransferCheckedInstruction(source, mint, recipient.tokenAccount, payer, recipient.sent, decimals, [], programId),
  ]);
  return new Transaction({ feePayer: payer, blockhash: plan.blockhash, lastValidBlockHeight: plan.lastValidBlockHeight }).add(
    ...creations,
    ...transfers,
    memoInstruction(plan.memo),
  );
}

/** The exact bytes the payer signs. */
export const messageOf = (transaction: Transaction): Uint8Array => new Uint8Array(transaction.serializeMessage());

/** Bytes on the wire once signed: the signatures and the message. */
export function signedSize(transaction: Transaction): number {
  const message = transaction.compileMessage();
  return 1 + 64 * message.header.numRequiredSignatures + message.serialize().length;
}

/** How many of the plan's recipients, from the first, fit one transaction (Solana's 1232 bytes). */
export function recipientsThatFit(plan: PayoutPlan): number {
  let fit = 0;
  while (
    fit < plan.recipients.length &&
    signedSize(payoutTransaction({ ...plan, recipients: plan.recipients.slice(0, fit + 1) })) <= PACKET_DATA_SIZE
  ) {
    fit += 1;
  }
  return fit;
}
