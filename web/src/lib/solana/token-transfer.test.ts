import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Connection, Keypair, Transaction, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { grossUp } from '@stakedesk/shared/transfer-fee';
import { signAndSendServerTransaction, type SigningWallet } from './token-transfer.js';
import { transferErrorsEn } from './transfer-errors.js';

let chain: TestChain;
let connection: Connection;

beforeAll(async () => {
  chain = await startTestChain();
  connection = new Connection(chain.url, 'confirmed');
});
afterAll(() => chain.close());

const DECIMALS = 6;
const tokens = (whole: number | bigint) => BigInt(whole) * 10n ** BigInt(DECIMALS);
const FEE = { basisPoints: 100, maximumFee: tokens(1_000_000) };

/** Stands in for Phantom (no browser wallet runs in Node): signs what it is given with the key and sends it through the RPC. */
function walletOf(keypair: Keypair, behaviour: Partial<SigningWallet> = {}): SigningWallet & { signed: Transaction[] } {
  const signed: Transaction[] = [];
  return {
    publicKey: keypair.publicKey,
    signed,
    async signAndSendTransaction(transaction: Transaction) {
      transaction.partialSign(keypair);
      signed.push(transaction);
      return { signature: await connection.sendRawTransaction(transaction.serialize()) };
    },
    ...behaviour,
  };
}

/**
 * A holder with 5,000 tokens of a classic or a Token-2022 1%-fee mint, and the deposit the server
 * would answer for `whole` tokens: unsigned, the holder its fee payer, transferChecked with the
 * mint's program into the staking wallet's associated account (created in the same transaction),
 * a reference listed read-only, the fee grossed up. Built here because the web's tests reach no
 * server code; the server's own tests check the transaction it builds.
 */
async function setUp(kind: 'classic' | 'token-2022 1% fee') {
  const programId = kind === 'classic' ? TOKEN_PROGRAM_ID : TOKEN_2022_PROGRAM_ID;
  const mint = await chain.createMint(DECIMALS, undefined, kind === 'classic' ? {} : { transferFee: FEE });
  const holder = Keypair.generate();
  const staking = Keypair.generate();
  await chain.airdrop(holder.publicKey, 1_000_000_000);
  await chain.mintTo(mint, holder.publicKey, tokens(5_000));
  const accountOf = (owner: PublicKey) => getAssociatedTokenAddressSync(mint, owner, true, programId);
  const deposit = (whole: number, { feePayer = holder.publicKey } = {}) => {
    const sent = grossUp(tokens(whole), kind === 'classic' ? null : FEE);
    const transfer = createTransferCheckedInstruction(
      accountOf(holder.publicKey),
      mint,
      accountOf(staking.publicKey),
      holder.publicKey,
      sent,
      DECIMALS,
      [],
      programId,
    );
    transfer.keys.push({ pubkey: Keypair.generate().publicKey, isSigner: false, isWritable: false });
    const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
    const transaction = new Transaction({ feePayer, blockhash, lastValidBlockHeight }).add(
      createAssociatedTokenAccountIdempotentInstruction(holder.publicKey, accountOf(staking.publicKey), staking.publicKey, mint, programId),
      transfer,
    );
    const base64 = Buffer.from(transaction.serialize({ requireAllSignatures: false, verifySignatures: false })).toString('base64');
    return { base64, lastValidBlockHeight, sent };
  };
  const balanceOf = (owner: PublicKey) => chain.tokenAmountAt(accountOf(owner));
  return { holder, staking, deposit, balanceOf };
}

const request = (wallet: SigningWallet, { base64, lastValidBlockHeight }: { base64: string; lastValidBlockHeight: number }) => ({
  connection,
  wallet,
  transaction: base64,
  lastValidBlockHeight,
  confirmTimeoutMs: 5_000,
});

describe('signAndSendServerTransaction', () => {
  it.each(['classic', 'token-2022 1% fee'] as const)(
    'the wallet signs and sends exactly the transaction it was given (%s mint); the staking wallet receives the stake',
    async (kind) => {
      const { holder, staking, deposit, balanceOf } = await setUp(kind);
      const built = deposit(1_000);
      const wallet = walletOf(holder);
      const sentSignatures: string[] = [];
      const signature = await signAndSendServerTransaction({ ...request(wallet, built), onSent: (s) => sentSignatures.push(s) });

      expect(sentSignatures).toEqual([signature]);
      // Byte for byte the server's message: nothing added, dropped or reordered before the wallet signed.
      expect(Buffer.from(wallet.signed[0]!.serializeMessage())).toEqual(
        Buffer.from(Transaction.from(Buffer.from(built.base64, 'base64')).serializeMessage()),
      );
      const parsed = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
      expect(parsed?.meta?.err).toBeNull();
      expect(balanceOf(staking.publicKey)).toBe(tokens(1_000));
      expect(balanceOf(holder.publicKey)).toBe(tokens(5_000) - built.sent);
      expect(built.sent).toBe(kind === 'classic' ? tokens(1_000) : 1_010_101_011n);
    },
  );

  it('says the user rejected the transaction when the wallet answers code 4001, and nothing moves', async () => {
    const { holder, deposit, balanceOf } = await setUp('classic');
    const rejecting = walletOf(holder, {
      signAndSendTransaction: async () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      },
    });
    await expect(signAndSendServerTransaction(request(rejecting, deposit(1_000)))).rejects.toMatchObject({
      code: 'rejected',
      message: transferErrorsEn['transfer.rejected'],
    });
    expect(balanceOf(holder.publicKey)).toBe(tokens(5_000));
  });

  it('fails when the wallet returns no transaction id', async () => {
    const { holder, deposit } = await setUp('classic');
    const silent = walletOf(holder, { signAndSendTransaction: async () => ({}) });
    await expect(signAndSendServerTransaction(request(silent, deposit(1_000)))).rejects.toMatchObject({
      code: 'noSignature',
      message: 'Transaction failed - no transaction ID received.',
    });
  });

  it('asks no wallet that is not the one the transaction was built for', async () => {
    const { holder, deposit } = await setUp('classic');
    const built = deposit(1_000);
    const other = walletOf(Keypair.generate());
    await expect(signAndSendServerTransaction(request(other, built))).rejects.toMatchObject({ code: 'walletNotConnected' });
    await expect(signAndSendServerTransaction(request({ ...walletOf(holder), publicKey: null }, built))).rejects.toMatchObject({
      code: 'walletNotConnected',
    });
    expect(other.signed).toEqual([]);
  });

  it('reports a transaction that landed and failed on chain (more than the balance), after telling its signature', async () => {
    const { holder, deposit, balanceOf } = await setUp('token-2022 1% fee');
    const built = deposit(6_000);
    // A wallet that skips preflight, so the chain itself refuses the transfer.
    const unchecked = walletOf(holder, {
      async signAndSendTransaction(transaction: Transaction) {
        transaction.partialSign(holder);
        return { signature: await connection.sendRawTransaction(transaction.serialize(), { skipPreflight: true }) };
      },
    });
    const told: string[] = [];
    await expect(signAndSendServerTransaction({ ...request(unchecked, built), onSent: (s) => told.push(s) })).rejects.toMatchObject({
      code: 'failedOnChain',
      message: expect.stringMatching(/^Transaction failed on the blockchain: /),
    });
    expect(told).toHaveLength(1);
    expect(balanceOf(holder.publicKey)).toBe(tokens(5_000));
  });

  it('gives up once the blockhash is dead and the transaction never landed', async () => {
    const { holder, deposit } = await setUp('classic');
    const built = deposit(1_000);
    // A wallet that says it sent the transaction but never did.
    const lost = walletOf(holder, {
      signAndSendTransaction: async () => ({ signature: '1111111111111111111111111111111111111111111111111111111111111111' }),
    });
    chain.advanceSlots(200);
    await expect(signAndSendServerTransaction(request(lost, built))).rejects.toMatchObject({
      code: 'notConfirmed',
      detail: 'block height exceeded',
    });
  });
});
