import { PublicKey, TransactionInstruction } from '@solana/web3.js';

/** SPL Memo (v2). */
export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/**
 * A memo signed by no one. Token-2022's MemoTransfer requires one right before each transfer into
 * an account that asks for it; a payout also names itself with one, so each payout's message is its own.
 */
export const memoInstruction = (text: string): TransactionInstruction =>
  new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(text, 'utf8') });

/** A memo that names `signer` as its signer: Memo v2 fails unless that key signed the transaction. */
export const signedMemoInstruction = (text: string, signer: PublicKey): TransactionInstruction =>
  new TransactionInstruction({
    programId: MEMO_PROGRAM_ID,
    keys: [{ pubkey: signer, isSigner: true, isWritable: false }],
    data: Buffer.from(text, 'utf8'),
  });
