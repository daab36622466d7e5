import { test as base } from '@playwright/test';
import type { Keypair } from '@solana/web3.js';
import { fundedHolder } from './chain.js';
import { installFakePhantom, type FakePhantom } from './fake-phantom.js';
import { readState } from './state.js';

export { expect } from '@playwright/test';

type Fixtures = {
  /** A fresh holder per test: 2 SOL and 10,000 tokens. */
  holder: Keypair;
  /** The fake Phantom for `holder`, installed in `page` before the test navigates. */
  phantom: FakePhantom;
  /** `test.use({ walletInstalled: false })`: `phantom` installs nothing (the "no wallet" paths). */
  walletInstalled: boolean;
};

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(readState().baseURL),
  walletInstalled: [true, { option: true }],
  holder: async ({}, use) => use(await fundedHolder()),
  // Automatic, like a browser that has the extension: every page has the wallet unless walletInstalled is false.
  phantom: [
    async ({ page, holder, walletInstalled }, use) => use(await installFakePhantom(page, holder, { installed: walletInstalled })),
    { auto: true },
  ],
});
