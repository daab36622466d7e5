import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, type PublicKey, type Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { en } from '../../i18n/en.js';
import { sendStakeDeposit, type SigningWallet } from './token-transfer.js';

let chain: TestChain;
let connection: Connection;

beforeAll(async () => {
  chain = await startTestChain();
  connection = new Connection(chain.url, 'confirmed');
});
afterAll(() => chain.close());

/** Stands in for Phantom (no browser wallet runs in Node): signs with the key and sends through the RPC. */
function walletOf(keypair: Keypair, behaviour: Partial<SigningWallet> = {}): SigningWallet {
  return {
    publicKey: keypair.publicKey,
    async signAndSendTransaction(transaction: Transaction) {
      transaction.sign(keypair);
      return { signature: await connection.sendRawTransaction(transaction.serialize()) };
    },
    ...behaviour,
  };
}

async function setUp(decimals: number, { stakingAccount = true } = {}) {
  const mint = await chain.createMint(decimals);
  const holder = Keypair.generate();
  const staking = Keypair.generate();
  await chain.airdrop(holder.publicKey, 1_000_000_000);
  await chain.mintTo(mint, holder.publicKey, 5_000n * 10n ** BigInt(decimals));
  if (stakingAccount) await chain.createTokenAccount(mint, staking.publicKey);
  const request = (wallet: SigningWallet, amount = '1500') => ({
    connection,
    wallet,
    mint: mint.toBase58(),
    stakingWallet: staking.publicKey.toBase58(),
    amount,
    confirmTimeoutMs: 5_000,
  });
  return { mint, holder, staking, request };
}

const balanceOf = async (mint: PublicKey, owner: PublicKey) =>
  (await connection.getTokenAccountBalance(getAssociatedTokenAddressSync(mint, owner))).value.amount;

describe('sendStakeDeposit', () => {
  it.each([6, 9, 0])(
    'moves exactly amount x 10^decimals with transferChecked (%i decimals) and returns the confirmed signature',
    async (decimals) => {
      const { mint, holder, staking, request } = await setUp(decimals);
      const signature = await sendStakeDeposit(request(walletOf(holder)));
      expect(await balanceOf(mint, staking.publicKey)).toBe((1500n * 10n ** BigInt(decimals)).toString());
      const parsed = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
      expect(parsed?.meta?.err).toBeNull();
      const instruction = parsed!.transaction.message.instructions[0] as { parsed?: { type: string } };
      expect(instruction.parsed?.type).toBe('transferChecked');
    },
  );

  it("refuses when the staking wallet is the holder's own wallet", async () => {
    const { holder, request } = await setUp(6);
    const sameWallet = { ...request(walletOf(holder)), stakingWallet: holder.publicKey.toBase58() };
    await expect(sendStakeDeposit(sameWallet)).rejects.toMatchObject({ code: 'sameWallet', message: en['transfer.sameWallet'] });
  });

  it('refuses when the staking wallet has no account for the token, and sends nothing', async () => {
    const { mint, holder, staking, request } = await setUp(6, { stakingAccount: false });
    await expect(sendStakeDeposit(request(walletOf(holder)))).rejects.toMatchObject({
      code: 'noDestinationAccount',
      detail: staking.publicKey.toBase58(),
    });
    expect(await balanceOf(mint, holder.publicKey)).toBe('5000000000');
  });

  it('says the user rejected the transaction when the wallet answers code 4001', async () => {
    const { holder, request } = await setUp(6);
    const rejecting = walletOf(holder, {
      signAndSendTransaction: async () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      },
    });
    await expect(sendStakeDeposit(request(rejecting))).rejects.toMatchObject({ code: 'rejected', message: en['transfer.rejected'] });
  });

  it('fails when the wallet returns no transaction id', async () => {
    const { holder, request } = await setUp(6);
    const silent = walletOf(holder, { signAndSendTransaction: async () => ({}) });
    await expect(sendStakeDeposit(request(silent))).rejects.toThrow('Transaction failed - no transaction ID received.');
  });

  it('refuses without a connected wallet, and with too small a balance', async () => {
    const { holder, request } = await setUp(6);
    await expect(sendStakeDeposit(request({ ...walletOf(holder), publicKey: null }))).rejects.toMatchObject({ code: 'walletNotConnected' });
    await expect(sendStakeDeposit(request(walletOf(holder), '5001'))).rejects.toMatchObject({ code: 'insufficientBalance' });
  });

  it('reports a transaction that failed on chain', async () => {
    const { mint, holder, staking, request } = await setUp(6);
    // The wallet sends something else than it was asked to, which fails on chain (more than the balance).
    const failing = walletOf(holder, {
      signAndSendTransaction: async () => ({
        signature: await chain.transfer({
          mint,
          from: holder,
          to: staking.publicKey,
          rawAmount: 10n ** 12n,
          decimals: 6,
          allowFailure: true,
        }),
      }),
    });
    await expect(sendStakeDeposit(request(failing))).rejects.toMatchObject({
      code: 'failedOnChain',
      message: expect.stringMatching(/^Transaction failed on the blockchain: /),
    });
  });
});
