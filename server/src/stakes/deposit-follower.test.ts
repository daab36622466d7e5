import { createTransferCheckedInstruction, getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { AddressLookupTableProgram, type Keypair, PublicKey, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositIntent, UnrecordedDeposit } from '@stakedesk/shared/api-types';
import { DEPOSIT_INTENT_GRACE_MS } from '@stakedesk/shared/constants';
import type { TestChain } from '@stakedesk/test-support/test-chain';
import { SolanaChain } from '../chain/solana-chain.js';
import { createLogger } from '../logger.js';
import { DECIMALS, startChainStakingServer, tokens, type ChainStakingServer, type Staker } from '../test/chain-staking-server.js';
import type { TestServer } from '../test/test-server.js';
import { followDeposits } from './deposit-follower.js';
import { outflowExplainers } from '../outflow-explainers.js';

// Deposits found by following the staking wallet's token account (DESIGN 12), here of a Token-2022
// mint: the server reads the mint's own program and never assumes the classic one.
let world: ChainStakingServer;
let chain: TestChain;
let api: TestServer;
let mint: PublicKey;
let stakingWallet: Keypair;
const logger = createLogger('silent');

beforeAll(async () => {
  world = await startChainStakingServer({ mintKind: 'token-2022 metadata' });
  ({ chain, api, mint, stakingWallet } = world);
}, 60_000);
afterAll(() => world.close());

const makeIntent = async (staker: Staker) =>
  (
    await api.request<DepositIntent>(
      'POST',
      '/api/stakes/intents',
      { planId: world.plan.id, amount: '1000', walletAddress: staker.wallet },
      { as: staker.wallet },
    )
  ).body;

/** transferChecked under Token-2022 to the staking wallet, with the reference as an extra read-only account. */
function transfer(from: Keypair, raw: bigint, reference?: string): Promise<string> {
  const instruction = createTransferCheckedInstruction(
    getAssociatedTokenAddressSync(mint, from.publicKey, false, TOKEN_2022_PROGRAM_ID),
    mint,
    getAssociatedTokenAddressSync(mint, stakingWallet.publicKey, false, TOKEN_2022_PROGRAM_ID),
    from.publicKey,
    raw,
    DECIMALS,
    [],
    TOKEN_2022_PROGRAM_ID,
  );
  if (reference) instruction.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  const transaction = new Transaction().add(instruction);
  transaction.feePayer = from.publicKey;
  return chain.sendTransaction(transaction, [from]);
}

async function stakeTxOf(intentId: number): Promise<string | undefined> {
  const [rows] = await api.db.query(
    'SELECT s.tx_id FROM deposit_intents i LEFT JOIN stakes s ON s.id = i.stake_id WHERE i.id = :intentId',
    { replacements: { intentId } },
  );
  return (rows as { tx_id: string | null }[])[0]?.tx_id ?? undefined;
}

async function stakesWithTx(txId: string): Promise<number> {
  const [rows] = await api.db.query('SELECT count(*)::int AS n FROM stakes WHERE tx_id = :txId', { replacements: { txId } });
  return (rows as { n: number }[])[0]!.n;
}

/** The JSON-RPC methods the test chain answered while `work` ran: counted where the requests arrive. */
async function rpcCallsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const from = chain.requests.length;
  await work();
  return chain.requests.slice(from).map((request) => request.method);
}

/** The server's client of the chain as a freshly started instance has it: nothing remembered. */
const freshInstance = () => new SolanaChain(async () => chain.url, 3_000);

describe('deposits found by the server alone on a Token-2022 mint', () => {
  it('records the transfer of an intent with the browser gone', async () => {
    const staker = await world.fundedHolder();
    const intent = await makeIntent(staker);
    const txId = await transfer(staker.keypair, tokens(1000), intent.reference);
    expect(await api.followDeposits()).toBe(1);
    expect(await stakeTxOf(intent.id)).toBe(txId);
  });

  it("still records the holder's transfer after 20 transactions that list its reference (and 20 more after)", async () => {
    const staker = await world.fundedHolder();
    const spammer = await world.fundedHolder();
    const intent = await makeIntent(staker);
    // Dust to the staking wallet naming the reference: each is fetched and refused, none hides the deposit.
    for (let i = 0; i < 20; i++) await transfer(spammer.keypair, 1n, intent.reference);
    const txId = await transfer(staker.keypair, tokens(1000), intent.reference);
    for (let i = 0; i < 20; i++) await transfer(spammer.keypair, 1n, intent.reference);
    expect(await api.followDeposits()).toBe(1);
    expect(await stakeTxOf(intent.id)).toBe(txId);
  });
});

describe('a version 0 transaction', () => {
  it('is matched by a reference it loads from an address lookup table', async () => {
    const staker = await world.fundedHolder();
    const intent = await makeIntent(staker);
    const stakingAccount = getAssociatedTokenAddressSync(mint, stakingWallet.publicKey, false, TOKEN_2022_PROGRAM_ID);
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: chain.payer.publicKey,
      payer: chain.payer.publicKey,
      recentSlot: await chain.connection.getSlot(),
    });
    const extend = AddressLookupTableProgram.extendLookupTable({
      authority: chain.payer.publicKey,
      payer: chain.payer.publicKey,
      lookupTable: table,
      addresses: [stakingAccount, new PublicKey(intent.reference)],
    });
    await chain.sendTransaction(new Transaction().add(create, extend), [chain.payer]);
    // Addresses added to a table are usable from the next slot on.
    chain.advanceSlots(1);
    const lookupTable = (await chain.connection.getAddressLookupTable(table)).value!;
    const instruction = createTransferCheckedInstruction(
      getAssociatedTokenAddressSync(mint, staker.keypair.publicKey, false, TOKEN_2022_PROGRAM_ID),
      mint,
      stakingAccount,
      staker.keypair.publicKey,
      tokens(1000),
      DECIMALS,
      [],
      TOKEN_2022_PROGRAM_ID,
    );
    instruction.keys.push({ pubkey: new PublicKey(intent.reference), isSigner: false, isWritable: false });
    const message = new TransactionMessage({
      payerKey: staker.keypair.publicKey,
      recentBlockhash: chain.latestBlockhash().blockhash,
      instructions: [instruction],
    }).compileToV0Message([lookupTable]);
    expect(message.staticAccountKeys.map((key) => key.toBase58())).not.toContain(intent.reference);
    const txId = await chain.sendTransaction(new VersionedTransaction(message), [staker.keypair]);
    expect(await api.followDeposits()).toBe(1);
    expect(await stakeTxOf(intent.id)).toBe(txId);
  });
});

describe('the cost of a round', () => {
  it('is the same RPC calls with 1 and with 10,000 open intents, idle and with a deposit', async () => {
    const first = await world.fundedHolder();
    // Warm: the mint's decimals are read once per process.
    await transfer(first.keypair, tokens(1000), (await makeIntent(first)).reference);
    await api.followDeposits();

    await api.db.query("UPDATE deposit_intents SET expires_at = now() - interval '1 day' WHERE stake_id IS NULL");
    const one = await world.fundedHolder();
    const oneIntent = await makeIntent(one);
    const idleWithOne = await rpcCallsDuring(() => api.followDeposits());
    await transfer(one.keypair, tokens(1000), oneIntent.reference);
    const depositWithOne = await rpcCallsDuring(() => api.followDeposits());
    expect(await stakeTxOf(oneIntent.id)).toBeDefined();

    await api.db.query(
      `INSERT INTO deposit_intents (reference, wallet_address, amount, plan_id, plan_name, yield_rate, duration_days,
         min_stake_amount, early_penalty_rate, token_contract, staking_wallet, expires_at)
       SELECT 'seeded' || n, 'wallet' || n, 1000, :planId, 'Seeded', 10, 30, 100, 20, :mint, :stakingWallet, now() + interval '15 minutes'
       FROM generate_series(1, 10000) AS n`,
      { replacements: { planId: world.plan.id, mint: mint.toBase58(), stakingWallet: stakingWallet.publicKey.toBase58() } },
    );
    const many = await world.fundedHolder();
    const manyIntent = await makeIntent(many);
    const idleWithMany = await rpcCallsDuring(() => api.followDeposits());
    await transfer(many.keypair, tokens(1000), manyIntent.reference);
    const depositWithMany = await rpcCallsDuring(() => api.followDeposits());
    expect(await stakeTxOf(manyIntent.id)).toBeDefined();

    expect(idleWithOne).toEqual(['getSignaturesForAddress']);
    expect(idleWithMany).toEqual(idleWithOne);
    expect(depositWithOne).toEqual(['getSignaturesForAddress', 'getTransaction']);
    expect(depositWithMany).toEqual(depositWithOne);
    await api.db.query("DELETE FROM deposit_intents WHERE reference LIKE 'seeded%'");
  });
});

describe('several instances and restarts', () => {
  it('a restarted instance resumes from the cursor in the database: each transaction is fetched once', async () => {
    const staker = await world.fundedHolder();
    const intent = await makeIntent(staker);
    const earlier = await transfer(staker.keypair, 1n); // lands while nothing follows; not a deposit
    const txId = await transfer(staker.keypair, tokens(1000), intent.reference);
    const calls = chain.requests.length;
    expect(await followDeposits(api.db, freshInstance(), logger, outflowExplainers)).toBe(1);
    expect(await followDeposits(api.db, freshInstance(), logger, outflowExplainers)).toBe(0);
    const fetched = chain.requests.slice(calls).filter((request) => request.method === 'getTransaction');
    expect(fetched.map((request) => request.params[0])).toEqual([earlier, txId]);
    expect(await stakeTxOf(intent.id)).toBe(txId);
  });

  it('two instances following at once record each deposit once and fetch each transaction once', async () => {
    const intents: { id: number; txId: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const staker = await world.fundedHolder();
      const intent = await makeIntent(staker);
      intents.push({ id: intent.id, txId: await transfer(staker.keypair, tokens(1000), intent.reference) });
    }
    const calls = chain.requests.length;
    const recorded = await Promise.all(
      [freshInstance(), freshInstance()].map((instance) => followDeposits(api.db, instance, logger, outflowExplainers)),
    );
    expect(recorded[0]! + recorded[1]!).toBe(3);
    for (const { id, txId } of intents) {
      expect(await stakeTxOf(id)).toBe(txId);
      expect(await stakesWithTx(txId)).toBe(1);
    }
    const fetched = chain.requests.slice(calls).filter((request) => request.method === 'getTransaction');
    expect(fetched.map((request) => request.params[0]).sort()).toEqual(intents.map((intent) => intent.txId).sort());
  });

  it('an unreachable RPC ends the round without moving the cursor; the next round records the deposit', async () => {
    const staker = await world.fundedHolder();
    const intent = await makeIntent(staker);
    const txId = await transfer(staker.keypair, tokens(1000), intent.reference);
    const cursors = async () => (await api.db.query('SELECT address, last_signature FROM deposit_cursors ORDER BY address'))[0];
    const before = await cursors();
    // Lists the history, then fails to fetch the transaction, as a provider that drops out mid-round.
    const failing: typeof fetch = async (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('"getTransaction"')) throw new Error('connection reset');
      return fetch(input, init);
    };
    expect(await followDeposits(api.db, new SolanaChain(async () => chain.url, 3_000, failing), logger, outflowExplainers)).toBe(0);
    expect(await cursors()).toEqual(before);
    expect(await stakeTxOf(intent.id)).toBeUndefined();
    expect(await api.followDeposits()).toBe(1);
    expect(await stakeTxOf(intent.id)).toBe(txId);
  });
});

describe('an intent past its expiry plus the grace', () => {
  it('is no longer matched: its late transfer shows on the reconciliation page and is not recorded by itself', async () => {
    const staker = await world.fundedHolder();
    const intent = await makeIntent(staker);
    await api.db.query(`UPDATE deposit_intents SET expires_at = now() - make_interval(secs => :seconds) WHERE id = :id`, {
      replacements: { id: intent.id, seconds: DEPOSIT_INTENT_GRACE_MS / 1000 + 60 },
    });
    const txId = await transfer(staker.keypair, tokens(1000), intent.reference);
    expect(await api.followDeposits()).toBe(0);
    expect(await stakeTxOf(intent.id)).toBeUndefined();
    const unrecorded = await api.request<UnrecordedDeposit[]>('GET', '/api/admin/reconciliation?limit=50', undefined, world.token);
    expect(unrecorded.body).toContainEqual(expect.objectContaining({ txId, sender: staker.wallet, amount: '1000' }));
  });
});

describe('a server that meets the staking wallet for the first time (just upgraded, say)', () => {
  it('starts its cursor before the oldest intent still watched: a transfer that landed before its first round is recorded', async () => {
    await api.db.query('DELETE FROM deposit_cursors');
    const staker = await world.fundedHolder();
    const intent = await makeIntent(staker);
    const txId = await transfer(staker.keypair, tokens(1000), intent.reference);
    expect(await followDeposits(api.db, freshInstance(), logger, outflowExplainers)).toBe(1);
    expect(await stakeTxOf(intent.id)).toBe(txId);
  });

  it('with no intent watched, starts at the newest transaction: the history before it is not read', async () => {
    await api.db.query("UPDATE deposit_intents SET expires_at = now() - interval '1 day' WHERE stake_id IS NULL");
    await api.db.query('DELETE FROM deposit_cursors');
    const staker = await world.fundedHolder();
    await transfer(staker.keypair, 1n);
    const methods = await rpcCallsDuring(() => followDeposits(api.db, freshInstance(), logger, outflowExplainers));
    expect(methods.filter((method) => method === 'getTransaction')).toEqual([]);
    const [cursor] = (await api.db.query('SELECT last_signature FROM deposit_cursors'))[0] as { last_signature: string }[];
    const [newest] = await chain.connection.getSignaturesForAddress(
      getAssociatedTokenAddressSync(mint, stakingWallet.publicKey, false, TOKEN_2022_PROGRAM_ID),
      { limit: 1 },
    );
    expect(cursor!.last_signature).toBe(newest!.signature);
  });
});
