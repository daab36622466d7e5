import { createEnableRequiredMemoTransfersInstruction, createReallocateInstruction, ExtensionType } from '@solana/spl-token';
import { Keypair, PublicKey, Transaction, TransactionInstruction, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type MintOptions, type TestChain } from '@stakedesk/test-support/test-chain';
import { associatedTokenAccount } from '../chain/associated-account.js';
import { MEMO_PROGRAM_ID } from '../chain/memo.js';
import { SolanaChain } from '../chain/solana-chain.js';
import { readAnchorPlan } from './anchor-plan.js';
import { anchorTransaction, readAnchor, type AnchoredSnapshot } from './anchor-transaction.js';

const ROOT = 'ab'.repeat(32);
const MINTS: Record<string, MintOptions> = {
  classic: {},
  'token-2022 metadata': { metadata: { name: 'Chain Token', symbol: 'CHN', uri: 'https://example.com/chn.json' } },
  'token-2022 1% fee': { transferFee: { basisPoints: 100, maximumFee: 10n ** 15n } },
};

let chain: TestChain;
let solana: SolanaChain;

beforeAll(async () => {
  chain = await startTestChain();
  solana = new SolanaChain(async () => chain.url, 3_000);
});
afterAll(() => chain.close());

/** A wallet with SOL for fees and `raw` units of `mint`; its associated account holds them. */
async function holding(mint: Awaited<ReturnType<TestChain['createMint']>>, raw: bigint): Promise<Keypair> {
  const wallet = Keypair.generate();
  await chain.airdrop(wallet.publicKey, 1_000_000_000);
  await chain.mintTo(mint, wallet.publicKey, raw);
  return wallet;
}

/** Signs the anchor the server would build for `snapshot` with `signer`, lands it, and reads it back as the server does. */
async function anchor(snapshot: AnchoredSnapshot, signer: Keypair) {
  const transaction = anchorTransaction(await readAnchorPlan(solana, snapshot, signer.publicKey));
  transaction.partialSign(signer);
  const signature = await chain.sendTransaction(transaction);
  const landed = (await solana.landedTransaction(signature))!;
  return { landed, reading: readAnchor(landed, snapshot) };
}

const memoTexts = (wire: Uint8Array) => {
  const message = VersionedTransaction.deserialize(wire).message;
  return message.compiledInstructions
    .filter((instruction) => message.staticAccountKeys[instruction.programIdIndex]!.equals(MEMO_PROGRAM_ID))
    .map((instruction) => Buffer.from(instruction.data).toString('utf8'));
};

describe.each(Object.keys(MINTS))('the anchor of a snapshot in a %s mint', (kind) => {
  it('lands with the root in its memo, and its balances are the reserve accounts’ balances at its slot', async () => {
    const mint = await chain.createMint(6, undefined, MINTS[kind]);
    const staking = await holding(mint, 5_000_000n);
    const earlier = await holding(mint, 1_234_567n);
    const hot = await holding(mint, 42n);
    const programId = new PublicKey((await solana.mint(mint.toBase58()))!.programId);
    const account = (wallet: Keypair) => associatedTokenAccount(mint, wallet.publicKey, programId).toBase58();
    const snapshot: AnchoredSnapshot = {
      root: ROOT,
      mint: mint.toBase58(),
      reserves: [staking, earlier, hot].map((wallet) => ({ wallet: wallet.publicKey.toBase58(), tokenAccount: account(wallet) })),
    };

    const { landed, reading } = await anchor(snapshot, hot);

    expect(landed.failed).toBe(false);
    expect(memoTexts(landed.wire)).toEqual([ROOT]);
    expect(reading).toEqual({
      slot: landed.slot,
      reserves: [
        { wallet: staking.publicKey.toBase58(), tokenAccount: account(staking), balance: '5000000' },
        { wallet: earlier.publicKey.toBase58(), tokenAccount: account(earlier), balance: '1234567' },
        { wallet: hot.publicKey.toBase58(), tokenAccount: account(hot), balance: '42' },
      ],
    });
    // A transfer of 0 moves nothing and pays no fee: every balance is what it was.
    for (const wallet of [staking, earlier, hot]) {
      expect(String(chain.tokenBalance(mint, wallet.publicKey))).toBe(
        reading!.reserves.find((r) => r.tokenAccount === account(wallet))!.balance,
      );
    }
  });
});

describe('reading a landed transaction as a snapshot’s anchor', () => {
  it('anchors a lone reserve account with a transfer to itself, and refuses another root, a wallet outside the reserves and a failed one', async () => {
    const mint = await chain.createMint(6);
    const staking = await holding(mint, 7_000n);
    const tokenAccount = associatedTokenAccount(mint, staking.publicKey, (await chain.connection.getAccountInfo(mint))!.owner).toBase58();
    const snapshot: AnchoredSnapshot = {
      root: ROOT,
      mint: mint.toBase58(),
      reserves: [{ wallet: staking.publicKey.toBase58(), tokenAccount }],
    };

    const { landed, reading } = await anchor(snapshot, staking);

    expect(reading).toEqual({ slot: landed.slot, reserves: [{ wallet: staking.publicKey.toBase58(), tokenAccount, balance: '7000' }] });
    expect(readAnchor(landed, { ...snapshot, root: 'cd'.repeat(32) })).toBeNull();
    expect(readAnchor(landed, { ...snapshot, reserves: [{ wallet: Keypair.generate().publicKey.toBase58(), tokenAccount }] })).toBeNull();
    expect(readAnchor({ ...landed, failed: true }, snapshot)).toBeNull();
  });

  it('refuses to build an anchor for a wallet that holds no reserve account', async () => {
    const mint = await chain.createMint(6);
    const staking = await holding(mint, 7_000n);
    const tokenAccount = associatedTokenAccount(mint, staking.publicKey, (await chain.connection.getAccountInfo(mint))!.owner).toBase58();
    const snapshot: AnchoredSnapshot = {
      root: ROOT,
      mint: mint.toBase58(),
      reserves: [{ wallet: staking.publicKey.toBase58(), tokenAccount }],
    };

    await expect(readAnchorPlan(solana, snapshot, Keypair.generate().publicKey)).rejects.toMatchObject({
      status: 409,
      coded: { code: 'reservesAnchorSignerHoldsNothing' },
    });
  });
});

describe('an anchor carries one memo, the root (DESIGN 15)', () => {
  const MEMO_V1 = new PublicKey('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo');

  /** A classic mint whose staking and hot wallets hold reserves, and the snapshot of them. */
  async function reserves(options: MintOptions = {}) {
    const mint = await chain.createMint(6, undefined, options);
    const [staking, hot] = [await holding(mint, 9_000n), await holding(mint, 1_000n)];
    const programId = new PublicKey((await solana.mint(mint.toBase58()))!.programId);
    const account = (wallet: Keypair) => associatedTokenAccount(mint, wallet.publicKey, programId);
    const snapshot: AnchoredSnapshot = {
      root: ROOT,
      mint: mint.toBase58(),
      reserves: [staking, hot].map((wallet) => ({ wallet: wallet.publicKey.toBase58(), tokenAccount: account(wallet).toBase58() })),
    };
    return { mint, staking, hot, programId, account, snapshot };
  }

  it('does not read a landed transaction with a second memo as the anchor, whatever the second says and whichever program wrote it', async () => {
    const { hot, snapshot } = await reserves();
    for (const second of [
      new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from('ef'.repeat(32)) }),
      new TransactionInstruction({ programId: MEMO_V1, keys: [], data: Buffer.from('ef'.repeat(32)) }),
      new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(ROOT) }),
    ]) {
      const transaction = anchorTransaction(await readAnchorPlan(solana, snapshot, hot.publicKey)).add(second);
      transaction.partialSign(hot);
      const landed = (await solana.landedTransaction(await chain.sendTransaction(transaction)))!;
      expect(landed.failed).toBe(false);
      expect(readAnchor(landed, snapshot)).toBeNull();
    }
  });

  it('does not read an anchor against a snapshot that lists a reserve account twice', async () => {
    const { hot, snapshot } = await reserves();
    const { landed, reading } = await anchor(snapshot, hot);
    expect(reading).not.toBeNull();
    expect(readAnchor(landed, { ...snapshot, reserves: [...snapshot.reserves, snapshot.reserves[1]!] })).toBeNull();
  });

  it('lands with its one memo when a reserve account requires memos, and is refused for two such accounts', async () => {
    const { mint, staking, hot, programId, account, snapshot } = await reserves({
      metadata: { name: 'M', symbol: 'M', uri: 'https://example.com/m.json' },
    });
    const requireMemos = async (owner: Keypair) =>
      chain.sendTransaction(
        new Transaction({ feePayer: owner.publicKey }).add(
          createReallocateInstruction(account(owner), owner.publicKey, [ExtensionType.MemoTransfer], owner.publicKey, [], programId),
          createEnableRequiredMemoTransfersInstruction(account(owner), owner.publicKey, [], programId),
        ),
        [owner],
      );
    await requireMemos(staking);
    const { landed, reading } = await anchor(snapshot, hot);
    expect(landed.failed).toBe(false);
    expect(memoTexts(landed.wire)).toEqual([ROOT]);
    expect(reading?.reserves.map((reserve) => reserve.balance)).toEqual(['9000', '1000']);

    // A third reserve account requiring memos: the one memo cannot precede both transfers.
    const earlier = await holding(mint, 5n);
    await requireMemos(earlier);
    const three = {
      ...snapshot,
      reserves: [...snapshot.reserves, { wallet: earlier.publicKey.toBase58(), tokenAccount: account(earlier).toBase58() }],
    };
    await expect(readAnchorPlan(solana, three, hot.publicKey)).rejects.toMatchObject({
      status: 409,
      coded: { code: 'reservesAnchorMemoAccounts', params: { accounts: `${account(staking).toBase58()}, ${account(earlier).toBase58()}` } },
    });
  });
});
