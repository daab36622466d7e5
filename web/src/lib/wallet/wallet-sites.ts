import { PHANTOM_SITE } from './phantom.js';

/**
 * Solana wallets a holder without one can use here (each connects through Phantom's provider or
 * the Wallet Standard): its site to install it, and on a phone its browse deep link, which opens a
 * page in the wallet app's own browser, where the wallet is injected. The links are the wallets'
 * documented ones: https://phantom.app/ul/browse/<url>?ref=<ref> (docs.phantom.com,
 * phantom-deeplinks/other-methods/browse), and the same method under each one's /ul/v1 base for
 * Solflare (docs.solflare.com, deeplinks/other-methods/browse) and Backpack (docs.backpack.app,
 * deeplinks/other-methods/browse); `url` and `ref` URL-encoded.
 */
export type WalletSite = { name: string; url: string; browse: string };

export const WALLET_SITES: readonly WalletSite[] = [
  { name: 'Phantom', url: PHANTOM_SITE, browse: 'https://phantom.app/ul/browse/' },
  { name: 'Solflare', url: 'https://solflare.com/', browse: 'https://solflare.com/ul/v1/browse/' },
  { name: 'Backpack', url: 'https://backpack.app/', browse: 'https://backpack.app/ul/v1/browse/' },
];

/** Opens `pageUrl` inside the wallet app's own browser (a phone without an injected wallet). */
export function browseLink(wallet: WalletSite, pageUrl: string): string {
  return `${wallet.browse}${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(new URL(pageUrl).origin)}`;
}

export const isMobile = () => /Android|iPhone|iPad|iPod/i.test(navigator.userAgent);
