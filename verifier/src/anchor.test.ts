import {
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import { anchorMemoText } from '@stakedesk/shared/reserves/snapshot';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, scratchFolder, verify, writeJson } from './test/cli.js';
import { DECIMALS, holders, publish } from './test/snapshot.js';

const MEMO_V2 = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const folder = await scratchFolder();
let chain: TestChain;

beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(() => chain?.close());

/** A mint of `programId` whose reserves are the staking wallet's 9 tokens and the hot wallet's 1. */
async function reserves(programId = TOKEN_PROGRAM_ID) {
  const mint = await chain.createMint(DECIMALS, undefined, { programId });
  const [staking, hot] = [Keypair.generate(), Keypair.generate()];
  await chain.airdrop(hot.publicKey, LAMPORTS_PER_SOL);
  await chain.mintTo(mint, staking.publicKey, 9_000_000n);
  await chain.mintTo(mint, hot.publicKey, 1_000_000n);
  const accountOf = (owner: Keypair) => getAssociatedTokenAddressSync(mint, owner.publicKey, true, programId);
  const listed = [staking, hot].map((owner) => ({
    wallet: owner.publicKey.toBase58(),
    tokenAccount: accountOf(owner).toBase58(),
    balance: chain.tokenAmountAt(accountOf(owner)).toString(),
  }));
  /** The anchor as DESIGN 14 builds it: the hot wallet's signed memo (or memos, as an operator could), then a transfer of 0 to the other reserve account. */
  const anchor = async (memo: string | string[], { signer = hot, decimals = DECIMALS } = {}) => {
    const transaction = new Transaction({ feePayer: signer.publicKey }).add(
      ...[memo].flat().map(
        (text) =>
          new TransactionInstruction({
            programId: MEMO_V2,
            keys: [{ pubkey: signer.publicKey, isSigner: true, isWritable: false }],
            data: Buffer.from(text, 'utf8'),
          }),
      ),
      ...(signer === hot
        ? [createTransferCheckedInstruction(accountOf(hot), mint, accountOf(staking), hot.publicKey, 0n, decimals, [], programId)]
        : []),
    );
    const signature = await chain.sendTransaction(transaction, [signer]);
    const landed = await chain.connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    return { signature, slot: landed!.slot };
  };
  /** A holder who deposited `raw` units to the staking wallet's account (a stake as the app makes it), and its record. */
  const depositor = async (raw: bigint) => {
    const holder = Keypair.generate();
    await chain.airdrop(holder.publicKey, LAMPORTS_PER_SOL);
    await chain.mintTo(mint, holder.publicKey, raw);
    const txId = await chain.sendTransaction(
      new Transaction({ feePayer: holder.publicKey }).add(
        createTransferCheckedInstruction(accountOf(holder), mint, accountOf(staking), holder.publicKey, raw, DECIMALS, [], programId),
      ),
      [holder],
    );
    listed[0]!.balance = chain.tokenAmountAt(accountOf(staking)).toString();
    return { holder, txId };
  };
  return { mint: mint.toBase58(), listed, anchor, depositor, stranger: Keypair.generate() };
}

/** A snapshot of these reserves taken now, anchored by `send` (given the root), and a holder's proof file of it. */
async function anchoredFile(
  chainReserves: Awaited<ReturnType<typeof reserves>>,
  send: (root: string) => Promise<{ signature: string; slot: number }>,
  listed = chainReserves.listed,
) {
  const { snapshot, fileOf } = publish({
    id: 21,
    takenAt: new Date().toISOString(),
    leaves: holders(3),
    reserves: listed,
    mint: chainReserves.mint,
  });
  const { signature, slot } = await send(snapshot.root);
  Object.assign(snapshot, { anchorSignature: signature, slot });
  return { file: fileOf(holders(3)[0]!.wallet), signature, slot };
}

const failures = (lines: string[]) => lines.filter((line) => line.startsWith('✗'));
const NO_DEPOSITS =
  '✓ On chain (0 transactions read), your deposits of 0 raw units less the 0 paid back to you and your penalties of 0 are no more than the snapshot counts for you';
const NO_RECORDS = '- The file holds no records of your stakes: your liability was compared with the chain only';

describe('stakedesk-verify --rpc', () => {
  it.each([
    ['SPL Token', TOKEN_PROGRAM_ID],
    ['Token-2022', TOKEN_2022_PROGRAM_ID],
  ])('passes a snapshot anchored as DESIGN 14 says (%s)', async (_, programId) => {
    const onChain = await reserves(programId);
    const { file, signature, slot } = await anchoredFile(onChain, (root) => onChain.anchor(anchorMemoText(root)));
    const [staking, hot] = onChain.listed as [(typeof onChain.listed)[0], (typeof onChain.listed)[0]];

    const result = await verify(await writeJson(folder, file), '--rpc', chain.url);
    expect(result.code).toBe(0);
    // 1.5 + 2.5 + 3.5 = 7.5 tokens owed, 10 held.
    expect(result.lines.slice(-10)).toEqual([
      `✓ The anchor transaction ${signature} is finalized and succeeded on chain`,
      `✓ Its one memo is the snapshot's root ${file.snapshot.root}`,
      `✓ It is signed by the reserve wallet ${hot.wallet}`,
      `✓ It landed at slot ${slot}, the snapshot's slot`,
      expect.stringMatching(new RegExp(`^✓ It landed at \\S+, after the snapshot was taken \\(${file.snapshot.takenAt}\\)$`)),
      `✓ After it, the reserve token account ${staking.tokenAccount} of ${staking.wallet} held 9000000 raw units (9 tokens), as the snapshot lists`,
      `✓ After it, the reserve token account ${hot.tokenAccount} of ${hot.wallet} held 1000000 raw units (1 token), as the snapshot lists`,
      '✓ On chain the reserves held 10000000 raw units (10 tokens): 133.33% of liabilities, as the snapshot says',
      NO_DEPOSITS,
      NO_RECORDS,
    ]);
    expect(failures(result.lines)).toEqual([]);
  });

  it('fails an anchor whose memo is another root', async () => {
    const onChain = await reserves();
    const { file } = await anchoredFile(onChain, () => onChain.anchor('ef'.repeat(32)));
    const result = await verify(await writeJson(folder, file), '--rpc', chain.url);
    expect(result.code).toBe(1);
    expect(failures(result.lines)).toEqual(["✗ The anchor transaction's memo is not the snapshot's root"]);
  });

  it('fails an anchor carrying two memos, the real root and a fake one, in either order', async () => {
    const onChain = await reserves();
    for (const memos of [(root: string) => [root, 'ef'.repeat(32)], (root: string) => ['ef'.repeat(32), root]]) {
      const { file } = await anchoredFile(onChain, (root) => onChain.anchor(memos(root)));
      const result = await verify(await writeJson(folder, file), '--rpc', chain.url);
      expect(result.code).toBe(1);
      expect(failures(result.lines)).toEqual(['✗ The anchor transaction carries 2 memos: it must carry exactly one, the root']);
    }
  });

  it('fails a snapshot listing a reserve account twice, its coverage worked out with it twice, with the file alone or with --rpc', async () => {
    const onChain = await reserves();
    const [, hot] = onChain.listed as [(typeof onChain.listed)[0], (typeof onChain.listed)[0]];
    const { file } = await anchoredFile(onChain, (root) => onChain.anchor(anchorMemoText(root)), [...onChain.listed, hot]);
    // 11 tokens listed for 7.5 owed: the coverage the snapshot states is what that list makes.
    expect(file.snapshot.coveragePercent).toBe('146.66');
    for (const args of [[], ['--rpc', chain.url]]) {
      const result = await verify(await writeJson(folder, file), ...args);
      expect(result.code).toBe(1);
      expect(result.lines).toEqual([
        `✗ The snapshot lists the reserve token account ${hot.tokenAccount} more than once, so its balance would count twice`,
      ]);
    }
  });

  it("fails a leaf shrunk to 1 raw unit: against the holder's records in the file and against their deposit on chain", async () => {
    const onChain = await reserves();
    const { holder, txId } = await onChain.depositor(400_000_000n);
    const wallet = holder.publicKey.toBase58();
    const deposited = (await chain.connection.getTransaction(txId, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }))!
      .blockTime!;
    // The snapshot is taken a minute after the deposit (a deposit in the last minute may not be in it yet), and anchored after it.
    const takenAt = new Date((deposited + 61) * 1000).toISOString();
    while (Math.floor(Date.now() / 1000) <= deposited) await new Promise((resolve) => setTimeout(resolve, 100));
    const stake = {
      id: 1,
      amount: '400',
      rewardAmount: '40',
      status: 'active' as const,
      createdAt: new Date(deposited * 1000).toISOString(),
      txId,
      restakedFromId: null,
      tokenContract: onChain.mint,
      stakingWallet: onChain.listed[0]!.wallet,
    };
    const { snapshot, fileOf } = publish({
      id: 23,
      takenAt,
      leaves: [...holders(2), { wallet, liability: 1n, salt: new Uint8Array(32).fill(9) }],
      reserves: onChain.listed,
      mint: onChain.mint,
    });
    const { signature, slot } = await onChain.anchor(anchorMemoText(snapshot.root));
    const file = { ...fileOf(wallet), records: { stakes: [stake], withdrawals: [] } };
    Object.assign(file.snapshot, { anchorSignature: signature, slot });

    const result = await verify(await writeJson(folder, file), '--rpc', chain.url, '--wallet', wallet);
    expect(result.code).toBe(1);
    expect(failures(result.lines)).toEqual([
      '✗ The snapshot counts 1 raw units for you, less than the 440000000 raw units your stakes and pending withdrawals came to when it was taken',
      '✗ The snapshot counts 1 raw units for you, less than the 400000000 raw units your deposits on chain came to when it was taken, after what you were paid back and your penalties',
    ]);
  });

  it('fails a snapshot that lists a balance the anchor does not show', async () => {
    const onChain = await reserves();
    const [staking, hot] = onChain.listed as [(typeof onChain.listed)[0], (typeof onChain.listed)[0]];
    const inflated = [{ ...staking, balance: '9000001' }, hot];
    const { file } = await anchoredFile(onChain, (root) => onChain.anchor(anchorMemoText(root)), inflated);
    const result = await verify(await writeJson(folder, file), '--rpc', chain.url);
    expect(result.code).toBe(1);
    expect(failures(result.lines)).toEqual([
      `✗ The reserve token account ${staking.tokenAccount} held 9000000 raw units after the anchor, not the 9000001 the snapshot lists`,
    ]);
  });

  it('fails a snapshot whose slot or coverage is not the anchor’s', async () => {
    const onChain = await reserves();
    const { file, slot } = await anchoredFile(onChain, (root) => onChain.anchor(anchorMemoText(root)));
    file.snapshot.slot = slot - 1;
    file.snapshot.coveragePercent = '140';
    const result = await verify(await writeJson(folder, file), '--rpc', chain.url);
    expect(result.code).toBe(1);
    expect(failures(result.lines)).toEqual([
      '✗ Reserves of 10000000 raw units cover 133.33% of liabilities, not the 140% the snapshot says',
      `✗ The anchor transaction landed at slot ${slot}, not at the snapshot's slot ${slot - 1}`,
      '✗ Reserves of 10000000 raw units cover 133.33% of liabilities, not the 140% the snapshot says',
    ]);
  });

  it('fails an anchor signed by a wallet outside the reserves, and one that failed on chain', async () => {
    const onChain = await reserves();
    await chain.airdrop(onChain.stranger.publicKey, LAMPORTS_PER_SOL);
    const stranger = await anchoredFile(onChain, (root) => onChain.anchor(anchorMemoText(root), { signer: onChain.stranger }));
    const strangerResult = await verify(await writeJson(folder, stranger.file), '--rpc', chain.url);
    expect(strangerResult.code).toBe(1);
    expect(failures(strangerResult.lines)).toEqual([
      '✗ No wallet of the reserves signed the anchor transaction',
      ...onChain.listed.map(
        ({ tokenAccount }) => `✗ The anchor transaction shows no balance for the reserve token account ${tokenAccount}`,
      ),
      '✗ Reserves of 0 raw units cover 0% of liabilities, not the 133.33% the snapshot says',
    ]);

    // transferChecked with the wrong decimals: the program refuses it, and the whole transaction fails.
    const refused = await anchoredFile(onChain, (root) => onChain.anchor(anchorMemoText(root), { decimals: DECIMALS + 1 }));
    const refusedResult = await verify(await writeJson(folder, refused.file), '--rpc', chain.url);
    expect(refusedResult.code).toBe(1);
    expect(failures(refusedResult.lines)).toContain('✗ The anchor transaction failed on chain');
  });

  it('fails a snapshot not anchored yet, or anchored by a transaction the chain does not have', async () => {
    const onChain = await reserves();
    const { snapshot, fileOf } = publish({ id: 22, leaves: holders(2), reserves: onChain.listed, mint: onChain.mint });
    const file = fileOf(holders(2)[1]!.wallet);
    const notYet = await verify(await writeJson(folder, file), '--rpc', chain.url);
    expect(notYet.code).toBe(1);
    expect(failures(notYet.lines)).toEqual(['✗ The snapshot is not anchored on chain yet']);
    expect(notYet.lines.slice(-3)).toEqual(['✗ The snapshot is not anchored on chain yet', NO_DEPOSITS, NO_RECORDS]);

    const unknown = '5'.repeat(87);
    file.snapshot.anchorSignature = unknown;
    const missing = await verify(await writeJson(folder, file), '--rpc', chain.url);
    expect(missing.code).toBe(1);
    expect(failures(missing.lines)).toEqual([`✗ The anchor transaction ${unknown} is not on chain`]);
    expect(snapshot.anchorSignature).toBeNull();
  });

  it('says so, with exit code 2, when the RPC endpoint cannot be read', async () => {
    const onChain = await reserves();
    const { file } = await anchoredFile(onChain, (root) => onChain.anchor(anchorMemoText(root)));
    const closed = await closedPort();
    const result = await verify(await writeJson(folder, file), '--rpc', `http://127.0.0.1:${closed}`);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`Cannot read the chain from http://127.0.0.1:${closed}: connect ECONNREFUSED 127.0.0.1:${closed}\n`);
  });
});
