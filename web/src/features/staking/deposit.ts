import type { RpcConfigResponse, Stake } from '@stakedesk/shared/api-types';
import { PUBLIC_MAINNET_RPC_URL } from '@stakedesk/shared/constants';
import { api, ApiError } from '../../lib/api-client.js';
import type { PhantomProvider } from '../wallet/phantom.js';
import { forgetPending, outcomeOf, rememberPending } from './pending-deposits.js';

export type DepositInput = { provider: PhantomProvider; wallet: string; planId: number; amount: string; mint: string; stakingWallet: string };

/** The transfer was sent but the server could not record it yet: it is kept and retried. */
export class DepositNotRecordedError extends Error {
  constructor(readonly txId: string) {
    super('Deposit not recorded yet');
  }
}

/** POST /api/stakes with exactly its fields (a kept deposit also carries when it was sent). */
export function recordDeposit({ txId, planId, amount, walletAddress }: { txId: string; planId: number; amount: string; walletAddress: string }) {
  return api<Stake>('/api/stakes', { method: 'POST', body: { txId, planId, amount, walletAddress, status: 'active' } });
}

/**
 * Sends the tokens (web3.js and spl-token load only now), keeps the signature locally, asks the
 * server to record the stake, and forgets the signature once the server has answered for good.
 */
export async function depositAndRecord({ provider, wallet, planId, amount, mint, stakingWallet }: DepositInput): Promise<Stake> {
  // Asked before anything is signed: a deposit the plan cannot take (full, over the wallet's cap,
  // closed) is refused here with the server's message, while no tokens have moved.
  await api('/api/stakes/check', { method: 'POST', body: { planId, amount, walletAddress: wallet } });
  await import('./buffer-global.js');
  const [{ Connection, PublicKey }, { sendStakeDeposit }] = await Promise.all([import('@solana/web3.js'), import('./token-transfer.js')]);
  const { apiUrl } = await api<RpcConfigResponse>('/api/helius-config').catch(() => ({ apiUrl: PUBLIC_MAINNET_RPC_URL }));
  const connection = new Connection(apiUrl, 'confirmed');
  const signingWallet = {
    publicKey: provider.publicKey ? new PublicKey(provider.publicKey.toString()) : null,
    signAndSendTransaction: (transaction: unknown) => provider.signAndSendTransaction(transaction),
  };
  const txId = await sendStakeDeposit({ connection, wallet: signingWallet, mint, stakingWallet, amount });
  const deposit = { txId, planId, amount, walletAddress: wallet };
  rememberPending(localStorage, { ...deposit, sentAt: new Date().toISOString() });
  try {
    const stake = await recordDeposit(deposit);
    forgetPending(localStorage, txId);
    return stake;
  } catch (error) {
    if (error instanceof ApiError && outcomeOf(error.status) === 'refused') {
      forgetPending(localStorage, txId);
      throw error;
    }
    throw new DepositNotRecordedError(txId);
  }
}
