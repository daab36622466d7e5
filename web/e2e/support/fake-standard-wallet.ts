import type { Page } from '@playwright/test';
import type { Keypair } from '@solana/web3.js';
import type { WalletIcon } from '@wallet-standard/base';
import { registerStandardWallet } from './standard-wallet-provider.js';
import { walletBackend, type FakeWallet, type WalletRequest } from './wallet-backend.js';

export type FakeStandardWallet = FakeWallet & {
  readonly name: string;
  /** The holder switches the wallet to another account, or (null) revokes this site: the page hears a change event. */
  switchAccount(keypair: Keypair | null): Promise<void>;
};

const iconOf = (name: string): WalletIcon =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#fc7227"/><text x="14" y="19" font-size="14" text-anchor="middle" fill="#fff">${name[0]}</text></svg>`,
  ).toString('base64')}`;

/**
 * Installs a fake Wallet Standard wallet called `name` (Solflare by default) for `keypair` in a
 * page, registered through the standard's window events like a wallet extension. Call it before
 * the first navigation. Signing and sending happen here in Node, against the run's test chain.
 * `signsOnly: false`: the wallet offers no solana:signTransaction, only sign-and-send.
 */
export async function installFakeStandardWallet(
  page: Page,
  keypair: Keypair,
  { name = 'Solflare', signsOnly = true }: { name?: string; signsOnly?: boolean } = {},
): Promise<FakeStandardWallet> {
  const backend = walletBackend(keypair);
  const binding = `__stakedeskFakeWallet_${name.replace(/\W/g, '_')}`;
  const changeHook = `${binding}_change`;
  await page.exposeBinding(binding, ({ frame }, request: WalletRequest) => backend.handle(new URL(frame.url()).origin, request));
  await page.addInitScript(registerStandardWallet, { binding, changeHook, name, icon: iconOf(name), signsOnly });
  return Object.assign(backend.controls, {
    installed: true,
    name,
    async switchAccount(keypair: Keypair | null) {
      backend.switchAccount(keypair);
      const address = keypair?.publicKey.toBase58() ?? null;
      await page.evaluate(
        ({ changeHook, address }) => (window as unknown as Record<string, (a: string | null) => void>)[changeHook]!(address),
        { changeHook, address },
      );
    },
  });
}
