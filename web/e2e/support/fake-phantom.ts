import type { BrowserContext, Page } from '@playwright/test';
import type { Keypair } from '@solana/web3.js';
import { injectPhantomProvider } from './phantom-provider.js';
import { walletBackend, type FakeWallet, type WalletRequest } from './wallet-backend.js';

export type FakePhantom = FakeWallet;

const BINDING = '__stakedeskFakePhantom';

/**
 * Installs the fake Phantom for `keypair` in a page (or every page of a context). Call it before
 * the first navigation. Signing and sending happen here in Node, against the run's test chain.
 */
export async function installFakePhantom(
  target: Page | BrowserContext,
  keypair: Keypair,
  { installed = true }: { installed?: boolean } = {},
): Promise<FakePhantom> {
  const backend = walletBackend(keypair);
  if (installed) {
    // The binding has to be in place before the init script can call it.
    await target.exposeBinding(BINDING, ({ frame }, request: WalletRequest) => backend.handle(new URL(frame.url()).origin, request));
    await target.addInitScript(injectPhantomProvider, {
      binding: BINDING,
      address: keypair.publicKey.toBase58(),
      bytes: Array.from(keypair.publicKey.toBytes()),
    });
  }
  return Object.assign(backend.controls, { installed });
}
