import type { SolanaCluster } from '@stakedesk/shared/format';
import { phantomProvider, type WalletOption } from './phantom.js';

const PHANTOM_ID = 'phantom';

export function injectedPhantom(): WalletOption | undefined {
  const provider = phantomProvider();
  return provider && { id: PHANTOM_ID, name: 'Phantom', provider };
}

/**
 * Every wallet installed, Phantom first. The Wallet Standard code loads only now. Phantom also
 * registers as a standard wallet: it is listed once, through its injected provider.
 */
export async function installedWallets(cluster: () => SolanaCluster | undefined): Promise<WalletOption[]> {
  const { standardWallets } = await import('./standard-wallets.js');
  const standard = standardWallets(cluster);
  const phantom = injectedPhantom();
  if (!phantom) return standard;
  const phantomIcon = standard.find((wallet) => wallet.id === PHANTOM_ID)?.icon;
  return [{ ...phantom, icon: phantomIcon }, ...standard.filter((wallet) => wallet.id !== PHANTOM_ID)];
}

/** The installed wallet with this id; Phantom's record reconnects without loading the standard code. */
export async function installedWallet(id: string, cluster: () => SolanaCluster | undefined): Promise<WalletOption | undefined> {
  const phantom = injectedPhantom();
  if (id === PHANTOM_ID && phantom) return phantom;
  return (await installedWallets(cluster)).find((wallet) => wallet.id === id);
}
