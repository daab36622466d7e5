import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreatedDepositIntent,
  DemoStakingWallet,
  DemoTokensGiven,
  PublicSettings,
  Stake,
  StakingPlan,
} from '@stakedesk/shared/api-types';
import { DEMO_LAMPORTS_GIVEN, DEMO_TOKENS_GIVEN } from '@stakedesk/shared/demo';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { SolanaChain } from '../chain/solana-chain.js';
import { createPlan } from '../test/fixtures.js';
import { newHolder, startTestServer, STEP_UP, type TestServer } from '../test/test-server.js';

/** A server in demo mode (DESIGN 16) on the test chain: the faucet is the demo mints' authority. */
const DECIMALS = 6;
const raw = (whole: bigint) => whole * 10n ** BigInt(DECIMALS);
let chain: TestChain;
let api: TestServer;
let token: string;
const faucet = Keypair.generate();
const stakingWallet = Keypair.generate();
let mint: string;

beforeAll(async () => {
  chain = await startTestChain();
  await chain.airdrop(faucet.publicKey, 1000 * 1_000_000_000);
  await chain.airdrop(stakingWallet.publicKey, 10 * 1_000_000_000);
  const created = await chain.createMint(DECIMALS, faucet, { transferFee: { basisPoints: 100, maximumFee: raw(1_000_000n) } });
  mint = created.toBase58();
  await chain.mintTo(created, stakingWallet.publicKey, raw(1_000_000n));
  const webDist = mkdtempSync(path.join(tmpdir(), 'stakedesk-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stakedesk</title><div id="root"></div>');
  api = await startTestServer({
    webDist,
    realChain: new SolanaChain(async () => chain.url, 3_000),
    solanaRpcUrl: chain.url,
    demo: { faucet, stakingWallet },
  });
  token = await api.login();
  const saved = await api.request(
    'PUT',
    '/api/admin/settings',
    { tokenName: 'Demo Token', tokenSymbol: 'DEMO', tokenContract: mint, stakingWallet: stakingWallet.publicKey.toBase58(), ...STEP_UP },
    token,
  );
  if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${JSON.stringify(saved.body)}`);
});
afterAll(async () => {
  await api?.close();
  await chain?.close();
});

describe('what the holder site learns of the demo', () => {
  it('names the local chain in the settings, and the page may send to it', async () => {
    const response = await api.request<PublicSettings>('GET', '/api/settings');
    expect(response.body.demo).toEqual({ chainUrl: chain.url });
    const page = await fetch(`${api.baseUrl}/dashboard`);
    expect(page.headers.get('content-security-policy')).toMatch(new RegExp(`connect-src 'self'[^;]* ${chain.url}(;|$)`));
    // The panel too: its plan form takes minutes, and its demo wallet holds the staking wallet.
    expect((await api.request<PublicSettings>('GET', '/api/admin/settings', undefined, token)).body.demo).toEqual({ chainUrl: chain.url });
  });
});

describe('POST /api/demo/tokens', () => {
  it('gives a new wallet SOL for its fees and demo tokens of the current mint, on chain, each time it is asked', async () => {
    const wallet = Keypair.generate().publicKey;
    const first = await api.request<DemoTokensGiven>('POST', '/api/demo/tokens', { walletAddress: wallet.toBase58() });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      walletAddress: wallet.toBase58(),
      mint,
      tokens: raw(DEMO_TOKENS_GIVEN).toString(),
      lamports: DEMO_LAMPORTS_GIVEN.toString(),
    });
    expect(chain.tokenBalance(new PublicKey(mint), wallet)).toBe(raw(DEMO_TOKENS_GIVEN));
    expect(BigInt(await chain.connection.getBalance(wallet))).toBe(DEMO_LAMPORTS_GIVEN);
    await api.request('POST', '/api/demo/tokens', { walletAddress: wallet.toBase58() });
    expect(BigInt(await chain.connection.getBalance(wallet))).toBe(2n * DEMO_LAMPORTS_GIVEN);
  });

  it('refuses what is not a wallet address with 400, and moves nothing', async () => {
    const response = await api.request('POST', '/api/demo/tokens', { walletAddress: 'not-a-wallet' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalidWalletAddress' });
  });
});

describe('GET /api/demo/staking-wallet', () => {
  it("hands the panel's demo wallet the staking wallet's key", async () => {
    const response = await api.request<DemoStakingWallet>('GET', '/api/demo/staking-wallet');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.address).toBe(stakingWallet.publicKey.toBase58());
    expect(Keypair.fromSecretKey(bs58.decode(response.body.secretKey)).publicKey.toBase58()).toBe(response.body.address);
  });
});

describe('a plan counted in minutes', () => {
  it('is taken in demo mode, shown in minutes, and its stakes end that many minutes after they are made', async () => {
    const plan = await createPlan(api, token, { name: 'Two minutes', durationDays: undefined, durationMinutes: 2, yieldRate: '1' });
    expect(plan).toMatchObject({ durationDays: 0, durationMinutes: 2 });
    expect((await api.request<StakingPlan[]>('GET', '/api/staking-plans')).body.find((p) => p.id === plan.id)).toMatchObject({
      durationDays: 0,
      durationMinutes: 2,
    });

    // A holder funded by the faucet stakes as the holder app does: the server builds the deposit, the wallet signs it.
    const holder = newHolder();
    const keypair = Keypair.fromSecretKey(holder.secretKey);
    await api.request('POST', '/api/demo/tokens', { walletAddress: holder.wallet });
    await api.signIn(holder);
    const intent = await api.request<CreatedDepositIntent>(
      'POST',
      '/api/stakes/intents',
      { planId: plan.id, amount: '1000', walletAddress: holder.wallet },
      { as: holder.wallet },
    );
    expect(intent.status).toBe(201);
    const txId = await chain.sendTransaction(Transaction.from(Buffer.from(intent.body.transaction, 'base64')), [keypair]);
    const created = await api.request<Stake>(
      'POST',
      '/api/stakes',
      { planId: plan.id, walletAddress: holder.wallet, txId, amount: '1000', status: 'active' },
      { as: holder.wallet },
    );
    expect(created.status).toBe(201);
    expect(created.body.plan).toMatchObject({ durationDays: 0, durationMinutes: 2 });
    expect(Date.parse(created.body.endsAt) - Date.parse(created.body.createdAt)).toBe(120_000);
    // The dashboard's list, written by PostgreSQL, says the same.
    const running = await api.request<Stake[]>('GET', `/api/stakes/${holder.wallet}?group=running`);
    expect(running.body.map((stake) => stake.plan)).toEqual([created.body.plan]);
  });

  it('leaves a plan of days as it always was: no minutes in it or its stakes', async () => {
    const plan = await createPlan(api, token, { durationDays: 30 });
    expect(plan.durationDays).toBe(30);
    expect(plan).not.toHaveProperty('durationMinutes');
  });
});
