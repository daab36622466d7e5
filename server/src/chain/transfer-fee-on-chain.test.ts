import { getAccount, getAssociatedTokenAddressSync, getTransferFeeAmount, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { grossUp, transferFeeOn } from '@stakedesk/shared/transfer-fee';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The shared transfer-fee rules against the Token-2022 program itself: a transfer of grossUp(owed)
 * delivers exactly `owed`, and the program withholds exactly transferFeeOn(sent).
 */
let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
}, 60_000);
afterAll(() => chain.close());

describe('transfer fees as the Token-2022 program takes them', () => {
  it('grossUp delivers exactly what is owed; transferFeeOn is what the program withholds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          basisPoints: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(1, 100, 250, 9_999, 10_000)),
          maximumFee: fc.oneof(fc.bigInt({ min: 1n, max: 2n ** 40n }), fc.constantFrom(1n, 7n, 2n ** 63n)),
        }),
        fc.oneof(fc.bigInt({ min: 1n, max: 1_000n }), fc.bigInt({ min: 1n, max: 2n ** 40n })),
        async (fee, owed) => {
          const mint = await chain.createMint(6, undefined, { transferFee: fee });
          const sender = Keypair.generate();
          const holder = Keypair.generate();
          await chain.airdrop(sender.publicKey, LAMPORTS_PER_SOL);
          const sent = grossUp(owed, fee);
          await chain.mintTo(mint, sender.publicKey, sent);
          await chain.transfer({ mint, from: sender, to: holder.publicKey, rawAmount: sent, decimals: 6, createDestinationAccount: true });
          expect(chain.tokenBalance(mint, holder.publicKey)).toBe(owed);
          const address = getAssociatedTokenAddressSync(mint, holder.publicKey, false, TOKEN_2022_PROGRAM_ID);
          const account = await getAccount(chain.connection, address, 'confirmed', TOKEN_2022_PROGRAM_ID);
          expect(getTransferFeeAmount(account)?.withheldAmount).toBe(transferFeeOn(sent, fee));
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
