import { createInitializeMint2Instruction, getMintLen, TOKEN_2022_PROGRAM_ID, type ExtensionType } from '@solana/spl-token';
import { Keypair, SystemProgram, Transaction, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import type { TestChain } from '@stakedesk/test-support/test-chain';

/** Mints the extension cases make and may freeze: a fixed authority, so a case can name it. */
export const MINT_AUTHORITY = Keypair.generate();

/**
 * A Token-2022 mint made by the real program on the test chain with `extensions`, each set up by
 * `initialize` before the mint itself (as the program requires), 9 decimals.
 */
export async function token2022MintWith(
  chain: TestChain,
  extensions: ExtensionType[],
  initialize: (mint: PublicKey) => TransactionInstruction[],
): Promise<PublicKey> {
  const mint = Keypair.generate();
  const space = getMintLen(extensions);
  const lamports = await chain.connection.getMinimumBalanceForRentExemption(space);
  const transaction = new Transaction().add(
    SystemProgram.createAccount({
      fromPubkey: chain.payer.publicKey,
      newAccountPubkey: mint.publicKey,
      space,
      lamports,
      programId: TOKEN_2022_PROGRAM_ID,
    }),
    ...initialize(mint.publicKey),
    createInitializeMint2Instruction(mint.publicKey, 9, MINT_AUTHORITY.publicKey, MINT_AUTHORITY.publicKey, TOKEN_2022_PROGRAM_ID),
  );
  await chain.sendTransaction(transaction, [chain.payer, mint]);
  return mint.publicKey;
}
