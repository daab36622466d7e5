import { Keypair, type PublicKey } from '@solana/web3.js';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import type { TestChain } from '@stakedesk/test-support/test-chain';
import { newHolder, type Holder } from './test-server.js';

/**
 * A running server (any process, any instance) set up for staking on the test chain, driven
 * through its HTTP API only: a mint, a funded staking wallet, an open plan.
 */
export const DECIMALS = 6;
export const tokens = (whole: number | bigint) => BigInt(whole) * 10n ** BigInt(DECIMALS);

export type Staker = { holder: Holder; keypair: Keypair; wallet: string };
export type Answer<T = any> = { status: number; body: T };

export async function call<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  auth: { token?: string; cookie?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  const response = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text for the assertion message
  }
  return { status: response.status, body: parsed as T };
}

export async function adminLogin(baseUrl: string, username: string, password: string): Promise<string> {
  const answer = await call<{ token: string }>(baseUrl, 'POST', '/api/admin/login', { username, password });
  if (answer.status !== 200) throw new Error(`login: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

/** `password`: the admin's own, the step-up a new staking wallet and token contract need. */
export async function openStaking(baseUrl: string, chain: TestChain, token: string, password: string) {
  const mint = await chain.createMint(DECIMALS);
  const stakingWallet = Keypair.generate();
  await chain.airdrop(stakingWallet.publicKey, 10_000_000_000);
  await chain.mintTo(mint, stakingWallet.publicKey, tokens(10_000_000));
  const settings = {
    tokenName: 'Hostile Token',
    tokenSymbol: 'HST',
    tokenContract: mint.toBase58(),
    stakingWallet: stakingWallet.publicKey.toBase58(),
    currentPassword: password,
  };
  const saved = await call(baseUrl, 'PUT', '/api/admin/settings', settings, { token });
  if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${JSON.stringify(saved.body)}`);
  const plan = await call<StakingPlan>(
    baseUrl,
    'POST',
    '/api/admin/staking-plans',
    { name: 'Hostile', yieldRate: '10', durationDays: 30, minStakeAmount: '100', earlyPenaltyRate: '20' },
    { token },
  );
  if (plan.status !== 201) throw new Error(`plan: ${plan.status} ${JSON.stringify(plan.body)}`);
  return { mint, stakingWallet, plan: plan.body };
}

/** A holder with SOL for fees and 100,000 tokens. */
export async function newStaker(chain: TestChain, mint: PublicKey): Promise<Staker> {
  const holder = newHolder();
  const keypair = Keypair.fromSecretKey(holder.secretKey);
  await chain.airdrop(keypair.publicKey, 1_000_000_000);
  await chain.mintTo(mint, keypair.publicKey, tokens(100_000));
  return { holder, keypair, wallet: holder.wallet };
}

/** Signs the server's sign-in message as the wallet would; the session cookie. */
export async function signIn(baseUrl: string, staker: Staker): Promise<string> {
  const nonce = await call<{ message: string }>(baseUrl, 'POST', '/api/auth/nonce', { walletAddress: staker.wallet });
  const response = await fetch(`${baseUrl}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress: staker.wallet, message: nonce.body.message, signature: staker.holder.sign(nonce.body.message) }),
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}
