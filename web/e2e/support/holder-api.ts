import { createTransferCheckedInstruction } from '@solana/spl-token';
import type { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Stake, StakingPlan, Withdrawal } from '@stakedesk/shared/api-types';
import { mint, send, stakingWallet, toRaw, tokenAccountOf } from './chain.js';
import { signEd25519 } from './ed25519.js';
import { readState } from './state.js';

/** A holder's side without a browser, for tests about the admin panel: real transfers, the real API. */

async function call<T>(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}): Promise<T> {
  const response = await fetch(`${readState().baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Sends `amount` whole tokens from the holder to the staking wallet on the test chain; the signature. */
export function depositOnChain(holder: Keypair, amount: number): Promise<string> {
  const { decimals } = readState();
  return send(
    [
      createTransferCheckedInstruction(
        tokenAccountOf(holder.publicKey),
        mint(),
        tokenAccountOf(stakingWallet().publicKey),
        holder.publicKey,
        toRaw(amount),
        decimals,
      ),
    ],
    [holder],
  );
}

export async function planNamed(name: string): Promise<StakingPlan> {
  const plans = await call<StakingPlan[]>('/api/staking-plans');
  const plan = plans.find((p) => p.name === name);
  if (!plan) throw new Error(`no open plan named ${name}`);
  return plan;
}

/** The holder app's POST /api/stakes for a deposit already on chain, with the holder's own session. */
export async function recordDeposit(holder: Keypair, planName: string, amount: number, txId: string): Promise<Stake> {
  const plan = await planNamed(planName);
  return call<Stake>('/api/stakes', {
    method: 'POST',
    cookie: await signIn(holder),
    body: { planId: plan.id, amount: String(amount), walletAddress: holder.publicKey.toBase58(), txId, status: 'active' },
  });
}

/** A real deposit, recorded as a stake in `planName`. */
export async function stakeThroughApi(holder: Keypair, planName: string, amount: number): Promise<Stake> {
  return recordDeposit(holder, planName, amount, await depositOnChain(holder, amount));
}

/** Signs the server's sign-in message with the holder's key, as the wallet would; the session cookie. */
async function signIn(holder: Keypair): Promise<string> {
  const walletAddress = holder.publicKey.toBase58();
  const { message } = await call<{ message: string }>('/api/auth/nonce', { method: 'POST', body: { walletAddress } });
  const signature = bs58.encode(signEd25519(holder, new TextEncoder().encode(message)));
  const response = await fetch(`${readState().baseURL}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress, message, signature }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** The holder asks to withdraw the stake (early or full, as the server reckons). */
export async function requestWithdrawal(holder: Keypair, stake: Stake): Promise<Withdrawal> {
  const cookie = await signIn(holder);
  return call<Withdrawal>('/api/withdrawals', { method: 'POST', cookie, body: { stakeId: stake.id, walletAddress: stake.walletAddress } });
}
