import {
  AccountLayout,
  AuthorityType,
  createAssociatedTokenAccountIdempotentInstruction,
  createMint,
  createSetAuthorityInstruction,
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
  getOrCreateAssociatedTokenAccount,
  getTransferFeeConfig,
  mintTo,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import {
  AddressLookupTableProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  type PublicKey,
  SendTransactionError,
  sendAndConfirmTransaction,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type Connection,
  type ParsedTransactionWithMeta,
  type TokenBalance,
  type TransactionInstruction,
} from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from './test-chain.js';

const DECIMALS = 6;
const ONE_TOKEN = 10n ** BigInt(DECIMALS);

let chain: TestChain;
let connection: Connection;
let mint: PublicKey;
let holder: Keypair;
let holderAccount: PublicKey;

/** What the server measures: the change in tokens of `mint` held by accounts `owner` owns. */
function tokenDelta(transaction: ParsedTransactionWithMeta, owner: PublicKey, tokenMint: PublicKey): bigint {
  const total = (balances: TokenBalance[] | null | undefined) =>
    (balances ?? [])
      .filter((balance) => balance.owner === owner.toBase58() && balance.mint === tokenMint.toBase58())
      .reduce((sum, balance) => sum + BigInt(balance.uiTokenAmount.amount), 0n);
  return total(transaction.meta?.postTokenBalances) - total(transaction.meta?.preTokenBalances);
}

async function parsedTransaction(signature: string): Promise<ParsedTransactionWithMeta> {
  const transaction = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  if (!transaction) throw new Error(`transaction ${signature} not found`);
  return transaction;
}

async function fundedWallet(sol = 1): Promise<Keypair> {
  const wallet = Keypair.generate();
  await chain.airdrop(wallet.publicKey, sol * LAMPORTS_PER_SOL);
  return wallet;
}

/** A holder's transfer to a wallet, creating the wallet's token account if needed (paid by the holder). */
function transferChecked(from: Keypair, to: PublicKey, rawAmount: bigint): TransactionInstruction[] {
  const destination = getAssociatedTokenAddressSync(mint, to);
  return [
    createAssociatedTokenAccountIdempotentInstruction(from.publicKey, destination, to, mint),
    createTransferCheckedInstruction(
      getAssociatedTokenAddressSync(mint, from.publicKey),
      mint,
      destination,
      from.publicKey,
      rawAmount,
      DECIMALS,
    ),
  ];
}

async function rpc(body: string): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const response = await fetch(chain.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

beforeAll(async () => {
  chain = await startTestChain();
  connection = chain.connection;
  holder = await fundedWallet(2);
  // Set up with the spl-token client itself, through RPC.
  mint = await createMint(connection, chain.payer, chain.payer.publicKey, null, DECIMALS);
  holderAccount = (await getOrCreateAssociatedTokenAccount(connection, chain.payer, mint, holder.publicKey)).address;
  await mintTo(connection, chain.payer, mint, holderAccount, chain.payer, 10_000n * ONE_TOKEN);
});

afterAll(async () => {
  await chain?.close();
});

describe('test chain over JSON-RPC', () => {
  it('serves on a port pair: HTTP on the url, WebSocket on the next port', async () => {
    const port = Number(new URL(chain.url).port);
    expect(chain.url).toBe(`http://127.0.0.1:${port}`);
    expect(chain.wsUrl).toBe(`ws://127.0.0.1:${port + 1}`);

    const probe = await startTestChain();
    const freePort = Number(new URL(probe.url).port);
    await probe.close();
    const fixed = await startTestChain({ port: freePort });
    try {
      expect(fixed.url).toBe(`http://127.0.0.1:${freePort}`);
      expect(await fixed.connection.getBalance(fixed.payer.publicKey)).toBe(1000 * LAMPORTS_PER_SOL);
    } finally {
      await fixed.close();
    }
  });

  it('answers the basic queries web3.js validates strictly', async () => {
    const latest = await connection.getLatestBlockhash();
    const height = await connection.getBlockHeight();
    expect(latest.lastValidBlockHeight - height).toBeGreaterThanOrEqual(149);
    expect(latest.lastValidBlockHeight - height).toBeLessThanOrEqual(150);
    expect(await connection.getSlot()).toBeGreaterThanOrEqual(height);
    expect(await connection.isBlockhashValid(latest.blockhash)).toMatchObject({ value: true });
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await connection.getGenesisHash()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
  });

  it('expires blockhashes after 150 blocks and drops transactions that use them', async () => {
    const other = await startTestChain();
    try {
      const { blockhash } = await other.connection.getLatestBlockhash();
      other.advanceSlots(151);
      expect(await other.connection.isBlockhashValid(blockhash)).toMatchObject({ value: false });

      const stale = new Transaction({ feePayer: other.payer.publicKey, blockhash, lastValidBlockHeight: 0 }).add(
        SystemProgram.transfer({ fromPubkey: other.payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
      );
      stale.sign(other.payer);
      await expect(other.connection.sendRawTransaction(stale.serialize())).rejects.toThrow(/Blockhash not found/);
      const signature = await other.connection.sendRawTransaction(stale.serialize(), { skipPreflight: true });
      expect((await other.connection.getSignatureStatus(signature)).value).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('stands still while its clock is frozen: blocks pass only when told, then with time again from there', async () => {
    chain.freezeClock(true);
    try {
      const height = chain.blockHeight();
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(chain.blockHeight()).toBe(height);
      chain.advanceSlots(3);
      expect(await connection.getBlockHeight('finalized')).toBe(height + 3);
    } finally {
      chain.freezeClock(false);
    }
    const resumed = chain.blockHeight();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(chain.blockHeight()).toBeGreaterThanOrEqual(resumed + 2);
  });

  it('shows a mint with 6 decimals in getAccountInfo, jsonParsed and base64', async () => {
    const parsed = await connection.getParsedAccountInfo(mint);
    expect(parsed.value?.owner.equals(TOKEN_PROGRAM_ID)).toBe(true);
    expect(parsed.value?.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: 6,
          freezeAuthority: null,
          isInitialized: true,
          mintAuthority: chain.payer.publicKey.toBase58(),
          supply: (10_000n * ONE_TOKEN).toString(),
        },
      },
      space: 82,
    });
    const decoded = await getMint(connection, mint);
    expect(decoded.decimals).toBe(6);
    expect(decoded.supply).toBe(10_000n * ONE_TOKEN);

    const [mintInfo, missing] = await connection.getMultipleAccountsInfo([mint, Keypair.generate().publicKey]);
    expect(mintInfo?.data.length).toBe(82);
    expect(missing).toBeNull();
  });

  it('records a transferChecked with pre/post token balances by owner and mint', async () => {
    const staking = Keypair.generate();
    const transaction = new Transaction().add(...transferChecked(holder, staking.publicKey, 250n * ONE_TOKEN));
    const signature = await sendAndConfirmTransaction(connection, transaction, [holder]);

    const confirmed = await parsedTransaction(signature);
    expect(confirmed.meta?.err).toBeNull();
    expect(confirmed.meta?.fee).toBe(5000);
    expect(confirmed.version).toBe('legacy');
    expect(tokenDelta(confirmed, staking.publicKey, mint)).toBe(250_000_000n);
    expect(tokenDelta(confirmed, holder.publicKey, mint)).toBe(-250_000_000n);

    // The destination account was created in this transaction: it has a post balance only.
    const stakingAccount = getAssociatedTokenAddressSync(mint, staking.publicKey);
    const keys = confirmed.transaction.message.accountKeys;
    const stakingIndex = keys.findIndex((key) => key.pubkey.equals(stakingAccount));
    expect(keys[0]).toMatchObject({ signer: true, writable: true, source: 'transaction' });
    expect(confirmed.meta?.preTokenBalances?.some((balance) => balance.accountIndex === stakingIndex)).toBe(false);
    expect(confirmed.meta?.postTokenBalances).toContainEqual({
      accountIndex: stakingIndex,
      mint: mint.toBase58(),
      owner: staking.publicKey.toBase58(),
      programId: TOKEN_PROGRAM_ID.toBase58(),
      uiTokenAmount: { amount: '250000000', decimals: 6, uiAmount: 250, uiAmountString: '250' },
    });

    const [createInstruction, transferInstruction] = confirmed.transaction.message.instructions;
    expect(createInstruction).toMatchObject({ program: 'spl-associated-token-account', parsed: { type: 'createIdempotent' } });
    expect(transferInstruction).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'transferChecked',
        info: {
          authority: holder.publicKey.toBase58(),
          destination: stakingAccount.toBase58(),
          mint: mint.toBase58(),
          source: holderAccount.toBase58(),
          tokenAmount: { amount: '250000000', decimals: 6, uiAmount: 250, uiAmountString: '250' },
        },
      },
    });
    // The account creation's CPIs into the token and system programs are recorded too.
    expect(confirmed.meta?.innerInstructions?.[0]?.index).toBe(0);
    expect(confirmed.meta?.logMessages?.at(-1)).toBe(`Program ${TOKEN_PROGRAM_ID.toBase58()} success`);
  });

  it('confirms sendAndConfirmTransaction over the WebSocket', async () => {
    const recipient = Keypair.generate();
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(...transferChecked(holder, recipient.publicKey, ONE_TOKEN)),
      [holder],
    );

    const subscribed = chain.requests.some(
      (request) => request.transport === 'ws' && request.method === 'signatureSubscribe' && request.params[0] === signature,
    );
    expect(subscribed).toBe(true);
    const status = await connection.getSignatureStatus(signature);
    expect(status.value).toMatchObject({ err: null, confirmations: null, confirmationStatus: 'finalized' });
  });

  it('notifies signature subscribers once the transaction is processed, or at once if it already was', async () => {
    const recipient = Keypair.generate();
    const transaction = new Transaction({ feePayer: holder.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      ...transferChecked(holder, recipient.publicKey, ONE_TOKEN),
    );
    transaction.sign(holder);
    const signature = transaction.signatures[0]?.signature;
    if (!signature) throw new Error('unsigned');
    const expected = bs58.encode(signature);

    const pending = new Promise<{ err: unknown; slot: number }>((resolve) => {
      connection.onSignature(expected, (result, context) => resolve({ err: result.err, slot: context.slot }), 'confirmed');
    });
    await expect.poll(() => chain.requests.some((request) => request.transport === 'ws' && request.params[0] === expected)).toBe(true);
    await connection.sendRawTransaction(transaction.serialize());
    const notified = await pending;
    expect(notified.err).toBeNull();
    expect(notified.slot).toBe((await connection.getSignatureStatus(expected)).value?.slot);

    const again = await new Promise<unknown>((resolve) => {
      connection.onSignature(expected, (result) => resolve(result.err), 'confirmed');
    });
    expect(again).toBeNull();
  });

  it('keeps slot subscriptions, notified as slots pass', async () => {
    const slots: number[] = [];
    const subscription = connection.onSlotChange((info) => slots.push(info.slot));
    await expect.poll(() => chain.requests.some((request) => request.method === 'slotSubscribe')).toBe(true);
    await chain.airdrop(Keypair.generate().publicKey, LAMPORTS_PER_SOL);
    await expect.poll(() => slots.length).toBeGreaterThan(0);
    await connection.removeSlotChangeListener(subscription);
  });

  it('records a failed transfer with its error and unchanged token balances', async () => {
    const staking = Keypair.generate();
    const balance = chain.tokenBalance(mint, holder.publicKey);
    const tooMuch = new Transaction().add(...transferChecked(holder, staking.publicKey, balance + 1n));

    // With preflight the RPC refuses it, as mainnet does.
    const refusal = await sendAndConfirmTransaction(connection, tooMuch, [holder]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SendTransactionError);
    expect((refusal as SendTransactionError).message).toContain('custom program error: 0x1');
    expect((refusal as SendTransactionError).logs).toContain('Program log: Error: insufficient funds');

    // Without preflight it lands, fails, and costs the fee.
    const signature = await connection.sendTransaction(
      new Transaction().add(...transferChecked(holder, staking.publicKey, balance + 1n)),
      [holder],
      {
        skipPreflight: true,
      },
    );
    const statuses = await connection.getSignatureStatuses([signature]);
    expect(statuses.value[0]).toMatchObject({
      err: { InstructionError: [1, { Custom: 1 }] },
      confirmationStatus: 'finalized',
      confirmations: null,
    });

    const failed = await parsedTransaction(signature);
    expect(failed.meta?.err).toEqual({ InstructionError: [1, { Custom: 1 }] });
    expect(failed.meta?.preTokenBalances).toEqual(failed.meta?.postTokenBalances);
    expect(tokenDelta(failed, holder.publicKey, mint)).toBe(0n);
    expect(chain.tokenBalance(mint, holder.publicKey)).toBe(balance);
    expect((failed.meta?.preBalances[0] ?? 0) - (failed.meta?.postBalances[0] ?? 0)).toBe(5000);
  });

  it('processes a v0 transaction and returns it with version 0, only to clients that accept it', async () => {
    const staking = Keypair.generate();
    const latest = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: holder.publicKey,
      recentBlockhash: latest.blockhash,
      instructions: transferChecked(holder, staking.publicKey, 40n * ONE_TOKEN),
    }).compileToV0Message();
    const transaction = new VersionedTransaction(message);
    transaction.sign([holder]);
    const signature = await connection.sendTransaction(transaction);
    const confirmation = await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
    expect(confirmation.value.err).toBeNull();

    const confirmed = await parsedTransaction(signature);
    expect(confirmed.version).toBe(0);
    expect(confirmed.transaction.message.addressTableLookups).toEqual([]);
    expect(tokenDelta(confirmed, staking.publicKey, mint)).toBe(40n * ONE_TOKEN);

    const raw = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(raw?.version).toBe(0);
    expect(raw?.transaction.message.staticAccountKeys[0]?.equals(holder.publicKey)).toBe(true);
    expect(raw?.meta?.loadedAddresses).toEqual({ writable: [], readonly: [] });

    const refused = await connection.getParsedTransaction(signature, { commitment: 'confirmed' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: -32015 });
    expect((refused as Error).message).toContain('Transaction version (0) is not supported by the requesting client');
  });

  it('resolves address lookup tables in v0 transactions', async () => {
    const staking = Keypair.generate();
    const stakingAccount = getAssociatedTokenAddressSync(mint, staking.publicKey);
    await chain.createTokenAccount(mint, staking.publicKey);
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: chain.payer.publicKey,
      payer: chain.payer.publicKey,
      recentSlot: await connection.getSlot(),
    });
    const extend = AddressLookupTableProgram.extendLookupTable({
      authority: chain.payer.publicKey,
      payer: chain.payer.publicKey,
      lookupTable: table,
      addresses: [stakingAccount],
    });
    const extended = await sendAndConfirmTransaction(connection, new Transaction().add(create, extend), [chain.payer]);
    // As on mainnet, addresses added to a table are usable from the next slot on.
    const extendedSlot = (await connection.getSignatureStatus(extended)).value?.slot ?? 0;
    await expect.poll(() => connection.getSlot(), { interval: 100 }).toBeGreaterThan(extendedSlot);
    const lookupTable = (await connection.getAddressLookupTable(table)).value;
    if (!lookupTable) throw new Error('lookup table missing');

    const latest = await connection.getLatestBlockhash();
    const transaction = new VersionedTransaction(
      new TransactionMessage({
        payerKey: holder.publicKey,
        recentBlockhash: latest.blockhash,
        instructions: [createTransferCheckedInstruction(holderAccount, mint, stakingAccount, holder.publicKey, 5n * ONE_TOKEN, DECIMALS)],
      }).compileToV0Message([lookupTable]),
    );
    transaction.sign([holder]);
    const signature = await connection.sendTransaction(transaction);
    await connection.confirmTransaction({ signature, ...latest }, 'confirmed');

    const raw = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(raw?.meta?.loadedAddresses?.writable.map((key) => key.toBase58())).toEqual([stakingAccount.toBase58()]);
    const confirmed = await parsedTransaction(signature);
    expect(confirmed.transaction.message.accountKeys.at(-1)).toMatchObject({ source: 'lookupTable', writable: true, signer: false });
    expect(tokenDelta(confirmed, staking.publicKey, mint)).toBe(5n * ONE_TOKEN);
    const history = await connection.getSignaturesForAddress(stakingAccount);
    expect(history[0]?.signature).toBe(signature);
  });

  it('backdates a landed transaction over RPC: its block time in getTransaction and the history, refusing what never landed', async () => {
    const staking = Keypair.generate();
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(...transferChecked(holder, staking.publicKey, ONE_TOKEN)),
      [holder],
    );
    const landedAt = (await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!.blockTime!;
    const backdate = (params: unknown[]) =>
      fetch(chain.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'stakedeskTest_backdate', params }),
      }).then((response) => response.json());

    expect(await backdate([signature, 61])).toEqual({ jsonrpc: '2.0', id: 1, result: null });
    expect((await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))!.blockTime).toBe(landedAt - 61);
    const [listed] = await connection.getSignaturesForAddress(getAssociatedTokenAddressSync(mint, staking.publicKey));
    expect(listed).toMatchObject({ signature, blockTime: landedAt - 61 });

    expect(await backdate([bs58.encode(new Uint8Array(64).fill(7)), 61])).toMatchObject({ error: { code: -32602 } });
    expect(await backdate([signature, -1])).toMatchObject({ error: { code: -32602 } });
  });

  it('lists a token account history newest first with limit, before and until', async () => {
    const staking = Keypair.generate();
    const stakingAccount = getAssociatedTokenAddressSync(mint, staking.publicKey);
    const first = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(...transferChecked(holder, staking.publicKey, ONE_TOKEN)),
      [holder],
    );
    const second = await chain.transfer({ mint, from: holder, to: staking.publicKey, rawAmount: 2n * ONE_TOKEN, decimals: DECIMALS });
    const third = await chain.transfer({ mint, from: holder, to: staking.publicKey, rawAmount: 3n * ONE_TOKEN, decimals: DECIMALS });

    const all = await connection.getSignaturesForAddress(stakingAccount, undefined, 'confirmed');
    expect(all.map((entry) => entry.signature)).toEqual([third, second, first]);
    expect(all[0]).toEqual({
      signature: third,
      slot: expect.any(Number),
      err: null,
      memo: null,
      blockTime: expect.any(Number),
      confirmationStatus: 'finalized',
    });
    expect(all[0]!.slot).toBeGreaterThan(all[1]!.slot);

    expect((await connection.getSignaturesForAddress(stakingAccount, { limit: 2 })).map((entry) => entry.signature)).toEqual([
      third,
      second,
    ]);
    expect((await connection.getSignaturesForAddress(stakingAccount, { before: second })).map((entry) => entry.signature)).toEqual([first]);
    expect((await connection.getSignaturesForAddress(stakingAccount, { until: first })).map((entry) => entry.signature)).toEqual([
      third,
      second,
    ]);

    // web3.js fetches several transactions in one JSON-RPC batch.
    const fetched = await connection.getParsedTransactions([first, third], { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(fetched.map((transaction) => transaction && tokenDelta(transaction, staking.publicKey, mint))).toEqual([
      ONE_TOKEN,
      3n * ONE_TOKEN,
    ]);
  });

  it('finds associated token accounts with getTokenAccountsByOwner, raw and parsed', async () => {
    const byMint = await connection.getTokenAccountsByOwner(holder.publicKey, { mint });
    expect(byMint.value.map((entry) => entry.pubkey.toBase58())).toEqual([holderAccount.toBase58()]);
    const decoded = AccountLayout.decode(byMint.value[0]!.account.data);
    expect(decoded.owner.equals(holder.publicKey)).toBe(true);
    expect(decoded.amount).toBe(chain.tokenBalance(mint, holder.publicKey));

    const parsed = await connection.getParsedTokenAccountsByOwner(holder.publicKey, { programId: TOKEN_PROGRAM_ID });
    expect(parsed.value).toHaveLength(1);
    expect(parsed.value[0]?.account.data.parsed).toMatchObject({
      type: 'account',
      info: { mint: mint.toBase58(), owner: holder.publicKey.toBase58(), state: 'initialized', isNative: false },
    });
    const balance = await connection.getTokenAccountBalance(holderAccount);
    expect(balance.value.amount).toBe(chain.tokenBalance(mint, holder.publicKey).toString());
    expect(balance.value.decimals).toBe(6);

    expect((await connection.getTokenAccountsByOwner(Keypair.generate().publicKey, { mint })).value).toEqual([]);
  });

  it('shows the old owner in pre and the new owner in post when ownership changes in the transfer', async () => {
    const seller = await fundedWallet();
    const buyer = Keypair.generate();
    const staking = Keypair.generate();
    const sellerAccount = getAssociatedTokenAddressSync(mint, seller.publicKey);
    await chain.transfer({
      mint,
      from: holder,
      to: seller.publicKey,
      rawAmount: 500n * ONE_TOKEN,
      decimals: DECIMALS,
      createDestinationAccount: true,
    });

    const transaction = new Transaction().add(
      ...transferChecked(seller, staking.publicKey, 100n * ONE_TOKEN),
      createSetAuthorityInstruction(sellerAccount, seller.publicKey, AuthorityType.AccountOwner, buyer.publicKey),
    );
    const signature = await sendAndConfirmTransaction(connection, transaction, [seller]);

    const confirmed = await parsedTransaction(signature);
    const sellerIndex = confirmed.transaction.message.accountKeys.findIndex((key) => key.pubkey.equals(sellerAccount));
    const pre = confirmed.meta?.preTokenBalances?.find((balance) => balance.accountIndex === sellerIndex);
    const post = confirmed.meta?.postTokenBalances?.find((balance) => balance.accountIndex === sellerIndex);
    expect(pre).toMatchObject({ owner: seller.publicKey.toBase58(), uiTokenAmount: { amount: '500000000' } });
    expect(post).toMatchObject({ owner: buyer.publicKey.toBase58(), uiTokenAmount: { amount: '400000000' } });
    expect(tokenDelta(confirmed, staking.publicKey, mint)).toBe(100n * ONE_TOKEN);
    // getTokenAccountsByOwner follows the account to its new owner.
    const owned = async (owner: Keypair) =>
      (await connection.getTokenAccountsByOwner(owner.publicKey, { mint })).value.map((entry) => entry.pubkey.toBase58());
    expect(await owned(buyer)).toEqual([sellerAccount.toBase58()]);
    expect(await owned(seller)).toEqual([]);
    expect(confirmed.transaction.message.instructions[2]).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'setAuthority',
        info: {
          account: sellerAccount.toBase58(),
          authority: seller.publicKey.toBase58(),
          authorityType: 'accountOwner',
          newAuthority: buyer.publicKey.toBase58(),
        },
      },
    });
  });

  it('makes Token-2022 mints with a transfer fee: the receiver gets the amount less the fee, the rest withheld', async () => {
    const feeMint = await chain.createMint(DECIMALS, undefined, { transferFee: { basisPoints: 100, maximumFee: 5n * ONE_TOKEN } });
    expect((await connection.getAccountInfo(feeMint))?.owner.toBase58()).toBe(TOKEN_2022_PROGRAM_ID.toBase58());
    const sender = await fundedWallet();
    const receiver = Keypair.generate();
    await chain.mintTo(feeMint, sender.publicKey, 10_000n * ONE_TOKEN);
    const send = (whole: bigint) =>
      chain.transfer({
        mint: feeMint,
        from: sender,
        to: receiver.publicKey,
        rawAmount: whole * ONE_TOKEN,
        decimals: DECIMALS,
        createDestinationAccount: true,
      });
    await send(100n); // 1% of 100: 1 token
    expect(chain.tokenBalance(feeMint, receiver.publicKey)).toBe(99n * ONE_TOKEN);
    await send(1_000n); // 1% of 1000 is 10, capped at 5
    expect(chain.tokenBalance(feeMint, receiver.publicKey)).toBe((99n + 995n) * ONE_TOKEN);
    const fees = getTransferFeeConfig(await getMint(connection, feeMint, 'confirmed', TOKEN_2022_PROGRAM_ID));
    expect(fees?.newerTransferFee).toMatchObject({ transferFeeBasisPoints: 100, maximumFee: 5n * ONE_TOKEN });
  });

  it('freezes the token accounts of a freezable mint: a transfer from one then fails on chain', async () => {
    const coldMint = await chain.createMint(DECIMALS, undefined, { freezable: true });
    const owner = await fundedWallet();
    await chain.mintTo(coldMint, owner.publicKey, 10n * ONE_TOKEN);
    await chain.freezeAccount(coldMint, owner.publicKey);
    const account = await getAccount(connection, getAssociatedTokenAddressSync(coldMint, owner.publicKey), 'confirmed');
    expect(account.isFrozen).toBe(true);
    await expect(
      chain.transfer({
        mint: coldMint,
        from: owner,
        to: Keypair.generate().publicKey,
        rawAmount: ONE_TOKEN,
        decimals: DECIMALS,
        createDestinationAccount: true,
      }),
    ).rejects.toThrow(/frozen/i);
  });

  it('pays out airdrops that getBalance then shows', async () => {
    const wallet = Keypair.generate();
    const latest = await connection.getLatestBlockhash();
    const signature = await connection.requestAirdrop(wallet.publicKey, 3 * LAMPORTS_PER_SOL);
    await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
    expect(await connection.getBalance(wallet.publicKey)).toBe(3 * LAMPORTS_PER_SOL);

    await chain.airdrop(wallet.publicKey, 1n);
    expect(await connection.getBalance(wallet.publicKey)).toBe(3 * LAMPORTS_PER_SOL + 1);
    expect(await connection.getBalance(Keypair.generate().publicKey)).toBe(0);
    expect(await connection.getAccountInfo(Keypair.generate().publicKey)).toBeNull();
  });

  it('simulates without changing state', async () => {
    const staking = Keypair.generate();
    const latest = await connection.getLatestBlockhash();
    const transaction = new VersionedTransaction(
      new TransactionMessage({
        payerKey: holder.publicKey,
        recentBlockhash: latest.blockhash,
        instructions: transferChecked(holder, staking.publicKey, ONE_TOKEN),
      }).compileToV0Message(),
    );
    transaction.sign([holder]);
    const before = chain.tokenBalance(mint, holder.publicKey);
    const simulation = await connection.simulateTransaction(transaction, { sigVerify: true });
    expect(simulation.value.err).toBeNull();
    expect(simulation.value.logs?.at(-1)).toBe(`Program ${TOKEN_PROGRAM_ID.toBase58()} success`);
    expect(simulation.value.unitsConsumed).toBeGreaterThan(0);
    expect(chain.tokenBalance(mint, holder.publicKey)).toBe(before);
  });

  it('keeps failed helper transactions in history, as the chain does', async () => {
    const staking = Keypair.generate();
    const signature = await chain.transfer({
      mint,
      from: holder,
      to: staking.publicKey,
      rawAmount: 10n ** 15n,
      decimals: DECIMALS,
      createDestinationAccount: true,
      allowFailure: true,
    });
    const failed = await parsedTransaction(signature);
    expect(failed.meta?.err).toEqual({ InstructionError: [1, { Custom: 1 }] });
    await expect(
      chain.transfer({
        mint,
        from: holder,
        to: staking.publicKey,
        rawAmount: 10n ** 15n,
        decimals: DECIMALS,
        createDestinationAccount: true,
      }),
    ).rejects.toThrow(/custom program error: 0x1/);

    const sent = await chain.sendTransaction(new Transaction().add(...transferChecked(holder, staking.publicKey, 10n ** 15n)), [holder]);
    expect((await connection.getSignatureStatus(sent)).value?.err).toEqual({ InstructionError: [1, { Custom: 1 }] });
  });

  it('lands many failed transfers at once, listed with their error newest first, pages of at most 1000 bounded exclusively', async () => {
    const staking = Keypair.generate();
    const stakingAccount = getAssociatedTokenAddressSync(mint, staking.publicKey);
    const deposit = await chain.transfer({
      mint,
      from: holder,
      to: staking.publicKey,
      rawAmount: ONE_TOKEN,
      decimals: DECIMALS,
      createDestinationAccount: true,
    });
    const failed = await chain.failedTransfers({ mint, to: staking.publicKey, count: 1_200 });
    expect(new Set(failed).size).toBe(1_200);
    expect(chain.tokenBalance(mint, staking.publicKey)).toBe(ONE_TOKEN);

    const newest = await connection.getSignaturesForAddress(stakingAccount, { limit: 1000 });
    expect(newest.map((entry) => entry.signature)).toEqual(failed.slice(200).reverse());
    expect(newest[0]!.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    const older = await connection.getSignaturesForAddress(stakingAccount, { limit: 1000, before: newest.at(-1)!.signature });
    expect(older.map((entry) => entry.signature)).toEqual([...failed.slice(0, 200).reverse(), deposit]);
    expect(older.at(-1)!.err).toBeNull();
    const between = await connection.getSignaturesForAddress(stakingAccount, { before: failed[3], until: deposit });
    expect(between.map((entry) => entry.signature)).toEqual([failed[2], failed[1], failed[0]]);
    await expect(
      rpc(
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSignaturesForAddress', params: [stakingAccount.toBase58(), { limit: 1001 }] }),
      ),
    ).resolves.toMatchObject({
      error: { code: -32602, message: 'Invalid limit; max 1000' },
    });
  }, 60_000);

  it('answers JSON-RPC errors (unknown method, malformed request, bad JSON), base58 sends and batches', async () => {
    expect(await rpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getNoSuchThing', params: [] }))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found' },
    });
    expect((await rpc(JSON.stringify({ id: 2, method: 'getSlot' }))).error?.code).toBe(-32600);
    expect((await rpc('{"jsonrpc":"2.0",')).error?.code).toBe(-32700);
    expect((await rpc(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not-a-key'] }))).error?.code).toBe(-32602);

    // sendTransaction takes base58 by default; sending the same transaction again fails preflight.
    const transfer = new Transaction({ feePayer: chain.payer.publicKey, ...chain.latestBlockhash() }).add(
      SystemProgram.transfer({ fromPubkey: chain.payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL }),
    );
    transfer.sign(chain.payer);
    const send = JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'sendTransaction', params: [bs58.encode(transfer.serialize())] });
    expect((await rpc(send)).result).toBe(bs58.encode(transfer.signature ?? new Uint8Array()));
    expect((await rpc(send)).error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: This transaction has already been processed',
    });

    const batch = (await rpc(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'getSlot' },
        { jsonrpc: '2.0', id: 'b', method: 'getNoSuchThing' },
      ]),
    )) as unknown as { id: string; result?: number; error?: { code: number } }[];
    expect(batch.map((response) => response.id)).toEqual(['a', 'b']);
    expect(batch[0]?.result).toBe(await connection.getSlot());
    expect(batch[1]?.error?.code).toBe(-32601);
  });
});
