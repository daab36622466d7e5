import { PHANTOM_SITE } from './phantom.js';

/** Solana wallets a holder without one can install: each connects here (Phantom's provider, or the Wallet Standard). */
export const WALLET_SITES: readonly { name: string; url: string }[] = [
  { name: 'Phantom', url: PHANTOM_SITE },
  { name: 'Solflare', url: 'https://solflare.com/' },
  { name: 'Backpack', url: 'https://backpack.app/' },
];
