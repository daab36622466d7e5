import type { DemoSite } from '@stakedesk/shared/api-types';

/**
 * On a demo server (its settings carry `demo`, DESIGN 16), registers the demo wallet before the
 * wallets are listed: with the holder's own key on the holder pages, with the staking wallet's in the
 * panel. Its code loads only then; elsewhere this does nothing.
 */
export async function offerDemoWallet(demo: DemoSite | undefined, key: 'holder' | 'stakingWallet'): Promise<void> {
  if (!demo) return;
  const [{ registerDemoWallet }, keys] = await Promise.all([import('./demo/demo-wallet.js'), import('./demo/demo-keys.js')]);
  registerDemoWallet(key === 'holder' ? keys.holderDemoKey : keys.stakingWalletDemoKey, demo.chainUrl);
}
