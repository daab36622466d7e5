import type { Page } from '@playwright/test';
import { DEMO_WALLET_NAME } from '../../src/lib/wallet/demo/demo-wallet.js';

/**
 * What only the demo's code carries (DESIGN 16): the demo wallet's name (its Wallet Standard
 * wallet) and the demo routes (the band's faucet, the panel's demo staking wallet).
 */
const DEMO_CODE = [DEMO_WALLET_NAME, '/api/demo/'];

export type LoadedScript = { path: string; text: string };

/** Every script `page` loads from now on, with its text, as the browser received it. */
export function recordScripts(page: Page): LoadedScript[] {
  const scripts: LoadedScript[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response.text().then(
      (text) => scripts.push({ path: new URL(response.url()).pathname, text }),
      () => undefined,
    );
  });
  return scripts;
}

/** The scripts among `scripts` that carry the demo's code. */
export const withDemoCode = (scripts: readonly LoadedScript[]): string[] =>
  scripts.filter(({ text }) => DEMO_CODE.some((marker) => text.includes(marker))).map(({ path }) => path);
