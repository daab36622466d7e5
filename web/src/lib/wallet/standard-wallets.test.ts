import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { describe, expect, it } from 'vitest';
import { standardWallets, walletIdOf } from './standard-wallets.js';

const feature = { version: '1.0.0' };
const walletWith = (name: string, features: string[], chains = ['solana:mainnet']) =>
  ({
    version: '1.0.0',
    name,
    icon: 'data:image/png;base64,',
    chains,
    accounts: [],
    features: Object.fromEntries(features.map((f) => [f, feature])),
  }) as unknown as Wallet;
const STAKING = ['standard:connect', 'solana:signMessage', 'solana:signAndSendTransaction'];

describe('standardWallets', () => {
  it('offers only Solana wallets that can connect, sign a message and send a transaction, each under a stable id', () => {
    getWallets().register(
      walletWith('Backpack', [...STAKING, 'standard:events']),
      walletWith('No Send', ['standard:connect', 'solana:signMessage']),
      walletWith('Other Chain', STAKING, ['ethereum:1']),
    );
    const offered = standardWallets(() => 'devnet');
    expect(offered.map(({ id, name }) => ({ id, name }))).toEqual([{ id: 'backpack', name: 'Backpack' }]);
    // The same adapter each time, so the account it connected is the one it signs with.
    expect(standardWallets(() => 'devnet')[0]!.provider).toBe(offered[0]!.provider);
  });

  it("keys a wallet's record by its name", () => {
    expect(walletIdOf('Solflare')).toBe('solflare');
    expect(walletIdOf('Trust Wallet')).toBe('trust-wallet');
  });
});
