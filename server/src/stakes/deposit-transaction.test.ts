import {
  createEnableRequiredMemoTransfersInstruction,
  createReallocateInstruction,
  createTransferCheckedInstruction,
  ExtensionType,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, Transaction } from '@solana/web3.js';
import type { CreatedDepositIntent, Stake, UnrecordedDeposit } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { MEMO_PROGRAM_ID } from '../chain/memo.js';
import { MINT_KINDS, startChainStakingServer, tokens, type ChainStakingServer, type Staker } from '../test/chain-staking-server.js';
import { newHolder, STEP_UP } from '../test/test-server.js';

/**
 * The deposit the server builds (DESIGN 12), signed as it is by the holder's key as a wallet does,
 * sent to the real token programs: for a classic mint, a Token-2022 mint with metadata only, and a
 * Token-2022 mint with a 1% transfer fee.
 */
describe.each(MINT_KINDS)('a deposit the server builds: %s mint', (mintKind) => {
  let world: ChainStakingServer;
  const withFee = mintKind === 'token-2022 1% fee';
  const programId = mintKind === 'classic' ? TOKEN_PROGRAM_ID : TOKEN_2022_PROGRAM_ID;
  // 1000 tokens arrive; with the fee the holder sends the least amount that leaves exactly that: ceil(1000 / 0.99) in raw units.
  const [sendAmount, feeAmount] = withFee ? ['1010.101011', '10.101011'] : ['1000', '0'];

  beforeAll(async () => {
    world = await startChainStakingServer({ mintKind });
  }, 60_000);
  afterAll(() => world.close());

  const intentFor = (staker: Staker, amount = '1000') =>
    world.api.request<CreatedDepositIntent>(
      'POST',
      '/api/stakes/intents',
      { planId: world.plan.id, amount, walletAddress: staker.wallet },
      { as: staker.wallet },
    );
  const intentCount = async () =>
    (await world.api.db.query<{ count: number }>('SELECT count(*)::int AS count FROM deposit_intents', { type: QueryTypes.SELECT }))[0]!
      .count;

  /** What a wallet does with the server's transaction: sign it as it is, and send it. */
  const signAndSend = (intent: CreatedDepositIntent, staker: Staker) => {
    const transaction = Transaction.from(Buffer.from(intent.transaction, 'base64'));
    return world.chain.sendTransaction(transaction, [staker.keypair]);
  };

  const saveSettings = (changes: Record<string, string>) =>
    world.api.request(
      'PUT',
      '/api/admin/settings',
      {
        tokenName: 'Chain Token',
        tokenSymbol: 'CHN',
        tokenContract: world.mint.toBase58(),
        stakingWallet: world.stakingWallet.publicKey.toBase58(),
        ...STEP_UP,
        ...changes,
      },
      world.token,
    );

  const holderAccount = (staker: Staker) => getAssociatedTokenAddressSync(world.mint, staker.keypair.publicKey, false, programId);
  const stakingBalance = () => world.chain.tokenBalance(world.mint, world.stakingWallet.publicKey);

  it('answers an unsigned transaction for the wallet: one transferChecked of stake plus fee with the mint program, listing the reference', async () => {
    const staker = await world.fundedHolder();
    const created = await intentFor(staker);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sendAmount, feeAmount, tokenContract: world.mint.toBase58() });
    const transaction = Transaction.from(Buffer.from(created.body.transaction, 'base64'));
    expect(transaction.feePayer!.toBase58()).toBe(staker.wallet);
    expect(transaction.signatures.map((s) => [s.publicKey.toBase58(), s.signature])).toEqual([[staker.wallet, null]]);
    expect(transaction.instructions.map((i) => i.programId.toBase58())).toEqual([programId.toBase58()]);
    const [transfer] = transaction.instructions;
    expect(transfer!.keys[0]!.pubkey.equals(holderAccount(staker))).toBe(true);
    expect(transfer!.keys.at(-1)).toMatchObject({ isSigner: false, isWritable: false });
    expect(transfer!.keys.at(-1)!.pubkey.toBase58()).toBe(created.body.reference);
  });

  it('signed as it is and sent, it lands: the staking wallet receives exactly the stake, the holder pays the stake and the fee, and the stake is recorded', async () => {
    const staker = await world.fundedHolder(5_000);
    const before = stakingBalance();
    const { body: intent } = await intentFor(staker);
    const txId = await signAndSend(intent, staker);
    expect(stakingBalance() - before).toBe(tokens(1000));
    expect(world.chain.tokenAmountAt(holderAccount(staker))).toBe(tokens(5_000) - (withFee ? 1_010_101_011n : tokens(1000)));
    const recorded = await world.api.request<Stake>(
      'POST',
      '/api/stakes',
      { planId: world.plan.id, walletAddress: staker.wallet, txId, amount: '1000', status: 'active' },
      { as: staker.wallet },
    );
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ amount: '1000', txId, walletAddress: staker.wallet });
  });

  it('refuses before anything is signed: a wallet with none of the token, one without enough for the stake and its fee; no intent is kept', async () => {
    const intentsBefore = await intentCount();
    const empty = newHolder();
    await world.api.signIn(empty);
    const none = await intentFor({ holder: empty, keypair: Keypair.fromSecretKey(empty.secretKey), wallet: empty.wallet });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'depositNoTokens', message: 'Your wallet holds no CHN' });

    const short = await world.fundedHolder(1005);
    const tooLittle = await intentFor(short);
    if (withFee) {
      expect(tooLittle.status).toBe(400);
      expect(tooLittle.body).toMatchObject({
        code: 'depositInsufficientBalance',
        message: 'Your wallet holds 1005 CHN; this stake needs 1010.101011 CHN',
      });
    } else {
      expect(tooLittle.status).toBe(201);
    }
    expect(await intentCount()).toBe(intentsBefore + (withFee ? 0 : 1));
  });

  it('a transfer nothing records shows on the reconciliation page, with what the staking wallet received and who sent it', async () => {
    const staker = await world.fundedHolder();
    const txId = await world.chain.transfer({
      mint: world.mint,
      from: staker.keypair,
      to: world.stakingWallet.publicKey,
      rawAmount: tokens(300),
      decimals: 6,
    });
    const listed = await world.api.request<UnrecordedDeposit[]>('GET', '/api/admin/reconciliation?limit=50', undefined, world.token);
    expect(listed.body).toContainEqual(expect.objectContaining({ txId, sender: staker.wallet, amount: withFee ? '297' : '300' }));
  });

  it("a contract saved before the mint was read: the first intent reads it and keeps it in the settings, audited as the system's", async () => {
    await world.api.db.query(
      "UPDATE settings SET token_program = NULL, token_decimals = NULL, token_extensions = '[]', transfer_fee = NULL",
    );
    // An admin's save of another field drops every cached copy of the settings, as after an upgrade.
    expect((await saveSettings({})).status).toBe(200);
    expect((await world.api.request('GET', '/api/settings')).body.tokenProgram).toBeNull();
    const staker = await world.fundedHolder();
    expect((await intentFor(staker)).status).toBe(201);
    const shown = await world.api.request('GET', '/api/settings');
    expect(shown.body).toMatchObject({
      tokenProgram: programId.toBase58(),
      tokenDecimals: 6,
      transferFee: withFee ? { basisPoints: 100, maximumFee: tokens(1_000_000).toString() } : null,
    });
    const [entry] = (
      await world.api.request<{ action: string; adminUsername: string | null }[]>(
        'GET',
        '/api/admin/audit-log?limit=1',
        undefined,
        world.token,
      )
    ).body;
    expect(entry).toMatchObject({ action: 'settings.mint_read' });
  });

  it("a staking wallet with no account of the token takes no deposit, in the specification's words; nothing is kept", async () => {
    const empty = Keypair.generate().publicKey.toBase58();
    const setWallet = (stakingWallet: string) => saveSettings({ stakingWallet });
    expect((await setWallet(empty)).status).toBe(200);
    try {
      const staker = await world.fundedHolder();
      const refused = await intentFor(staker);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({
        code: 'stakingAccountMissing',
        message: `The destination wallet ${empty} has no account for this token. The P2P transfer cannot proceed.`,
      });
    } finally {
      await setWallet(world.stakingWallet.publicKey.toBase58());
    }
  });

  if (withFee) {
    it("a transfer without the fee on top delivers less than the stake and is refused; the holder's own word changes nothing", async () => {
      const staker = await world.fundedHolder();
      const { body: intent } = await intentFor(staker);
      const shortTransfer = createTransferCheckedInstruction(
        holderAccount(staker),
        world.mint,
        getAssociatedTokenAddressSync(world.mint, world.stakingWallet.publicKey, false, programId),
        staker.keypair.publicKey,
        tokens(1000),
        6,
        [],
        programId,
      );
      shortTransfer.keys.push({
        pubkey: Transaction.from(Buffer.from(intent.transaction, 'base64')).instructions[0]!.keys.at(-1)!.pubkey,
        isSigner: false,
        isWritable: false,
      });
      const txId = await world.chain.sendTransaction(new Transaction({ feePayer: staker.keypair.publicKey }).add(shortTransfer), [
        staker.keypair,
      ]);
      const refused = await world.api.request(
        'POST',
        '/api/stakes',
        { planId: world.plan.id, walletAddress: staker.wallet, txId, amount: '1000', status: 'active' },
        { as: staker.wallet },
      );
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('The staking wallet received 990 tokens, not 1000');
    });
  }

  if (mintKind !== 'classic') {
    it('a staking account that requires memos: the transaction carries one right before the transfer, and lands', async () => {
      const stakingAccount = getAssociatedTokenAddressSync(world.mint, world.stakingWallet.publicKey, false, programId);
      const owner = world.stakingWallet;
      await world.chain.sendTransaction(
        new Transaction({ feePayer: owner.publicKey }).add(
          createReallocateInstruction(stakingAccount, owner.publicKey, [ExtensionType.MemoTransfer], owner.publicKey, [], programId),
          createEnableRequiredMemoTransfersInstruction(stakingAccount, owner.publicKey, [], programId),
        ),
        [owner],
      );
      const staker = await world.fundedHolder();
      const { body: intent } = await intentFor(staker);
      const transaction = Transaction.from(Buffer.from(intent.transaction, 'base64'));
      expect(transaction.instructions.map((i) => i.programId.toBase58())).toEqual([MEMO_PROGRAM_ID.toBase58(), programId.toBase58()]);
      expect(transaction.instructions[0]!.data.toString()).toBe(`Stakedesk deposit ${intent.id}`);
      const before = stakingBalance();
      await signAndSend(intent, staker);
      expect(stakingBalance() - before).toBe(tokens(1000));
    });
  }
});
