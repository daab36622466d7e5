import { Keypair } from '@solana/web3.js';
import type { DemoStakingWallet } from '@stakedesk/shared/api-types';
import bs58 from 'bs58';
import { api } from '../../api-client.js';

/** Where this browser keeps the holder's demo key: play tokens on a local chain, nothing to protect. */
const HOLDER_KEY_STORAGE = 'stakedesk-demo-wallet-key';

/** The holder's demo key: made on first use and kept in this browser, so a reload keeps the same wallet and its tokens. */
export async function holderDemoKey(): Promise<Keypair> {
  const stored = localStorage.getItem(HOLDER_KEY_STORAGE);
  if (stored) return Keypair.fromSecretKey(bs58.decode(stored));
  const keypair = Keypair.generate();
  localStorage.setItem(HOLDER_KEY_STORAGE, bs58.encode(keypair.secretKey));
  return keypair;
}

/** The demo's staking wallet, which the demo server hands its panel: an admin pays withdrawals by hand with it. */
export async function stakingWalletDemoKey(): Promise<Keypair> {
  const { secretKey } = await api<DemoStakingWallet>('/api/demo/staking-wallet');
  return Keypair.fromSecretKey(bs58.decode(secretKey));
}
