import { PublicKey, TransactionInstruction } from '@solana/web3.js';

/** SPL Memo (v2). */
export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/**
 * A memo signed by no one. Token-2022's MemoTransfer requires one right before each transfer into
 * an account that asks for it; a payout also names itself with one, so each payout's message is its own.
 */
export const memoInstruction = (text: string): TransactionInstruction =>
  new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(text, 'utf8') });
