import bs58 from 'bs58';
import type { AuthNonceResponse, WalletSession } from '@stakedesk/shared/api-types';
import { api } from '../../lib/api-client.js';
import type { PhantomProvider } from '../../lib/wallet/phantom.js';

/**
 * Proves to the server that the holder owns `wallet` (once per session): the wallet signs the
 * server's sign-in message and the server sets its session cookie.
 */
export async function ensureSession(provider: PhantomProvider, wallet: string): Promise<void> {
  const current = await api<WalletSession>('/api/auth/session').catch(() => undefined);
  if (current?.walletAddress === wallet) return;
  const { message } = await api<AuthNonceResponse>('/api/auth/nonce', { method: 'POST', body: { walletAddress: wallet } });
  const { signature } = await provider.signMessage(new TextEncoder().encode(message), 'utf8');
  await api('/api/auth/verify', { method: 'POST', body: { walletAddress: wallet, message, signature: bs58.encode(signature) } });
}
