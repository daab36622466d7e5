import { isSolanaAddress } from '@stakedesk/shared/solana';

/**
 * The wallet a read-only dashboard shows, checked as the server checks a wallet in a path (a base58
 * public key): a bad one is said to be bad before any request is made.
 */
export type ViewedWallet = { ok: true; wallet: string } | { ok: false; reason: 'missing' | 'invalid' };

export function readViewedWallet(requested: string): ViewedWallet {
  const wallet = requested.trim();
  if (wallet === '') return { ok: false, reason: 'missing' };
  return isSolanaAddress(wallet) ? { ok: true, wallet } : { ok: false, reason: 'invalid' };
}
