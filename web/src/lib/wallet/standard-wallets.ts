import { getWallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';
import { StandardConnect } from '@wallet-standard/features';
import { SolanaSignAndSendTransaction, SolanaSignMessage } from '@solana/wallet-standard-features';
import type { SolanaCluster } from '@stakedesk/shared/format';
import type { WalletOption } from './phantom.js';
import { standardProvider } from './standard-provider.js';

const NEEDED_FEATURES = [StandardConnect, SolanaSignMessage, SolanaSignAndSendTransaction];

const canStake = (wallet: Wallet) =>
  wallet.chains.some((chain) => chain.startsWith('solana:')) && NEEDED_FEATURES.every((feature) => feature in wallet.features);

/** The id in the wallet's record key: 'Solflare' -> 'solflare'. */
export const walletIdOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

// One adapter per wallet, so the account it connected is the one it later signs with.
const options = new WeakMap<Wallet, WalletOption>();

/**
 * The registered Wallet Standard wallets that can sign in and send a Solana transaction. The first
 * call announces the app to the wallets (the standard's registration protocol), so wallets that
 * loaded before it register at once, and those loading later as they arrive.
 */
export function standardWallets(cluster: () => SolanaCluster | undefined): WalletOption[] {
  return getWallets()
    .get()
    .filter(canStake)
    .map((wallet) => {
      const known = options.get(wallet);
      if (known) return known;
      const option = { id: walletIdOf(wallet.name), name: wallet.name, icon: wallet.icon, provider: standardProvider(wallet, cluster) };
      options.set(wallet, option);
      return option;
    });
}
