import { Transaction } from '@solana/web3.js';
import { startBlinkClient } from '../support/blink-client.js';
import { confirmed, connection, tokenBalance, toRaw } from '../support/chain.js';
import { HolderPages } from '../support/holder-pages.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// Stake from anywhere (DESIGN 18): the site's stake link in a real blink client (Dialect's
// blinks-core, on a page of another origin), signed by the holder's wallet; the server finds the
// deposit by its reference, and the stake shows on the holder's dashboard.
let client: Awaited<ReturnType<typeof startBlinkClient>>;
test.beforeAll(async () => {
  client = await startBlinkClient();
});
test.afterAll(() => client?.close());

test('a blink client renders the stake Action from the site link, the holder signs in their wallet, and the stake shows on the dashboard', async ({
  page,
  holder,
}, testInfo) => {
  // A Vite build of the client, a transaction on the chain and a dashboard that checks its proof.
  test.setTimeout(180_000);
  const { baseURL } = readState();
  const signed: string[] = [];
  await page.exposeFunction('blinkConnect', () => holder.publicKey.toBase58());
  // What the spec tells a wallet to do with an unsigned transaction: its own fee payer and a fresh
  // blockhash, read back from its wire form, and only this account's signature, or nothing.
  await page.exposeFunction('blinkSignAndSend', async (base64: string) => {
    const received = Transaction.from(Buffer.from(base64, 'base64'));
    if (received.signatures.some((entry) => entry.signature !== null)) throw new Error('The Action sent a signed transaction');
    received.feePayer = holder.publicKey;
    received.recentBlockhash = (await connection().getLatestBlockhash()).blockhash;
    const transaction = Transaction.from(received.serialize({ requireAllSignatures: false, verifySignatures: false }));
    if (transaction.signatures.some((entry) => !entry.publicKey.equals(holder.publicKey))) throw new Error('Another signer is asked for');
    transaction.sign(holder);
    const signature = await connection().sendRawTransaction(transaction.serialize());
    signed.push(signature);
    return signature;
  });
  await page.exposeFunction('blinkConfirm', async (signature: string) => {
    await confirmed(signature);
  });
  const before = await tokenBalance(holder.publicKey);

  const link = `${baseURL}/stake`;
  await page.goto(`${client.url}?link=${encodeURIComponent(link)}`);
  const blink = page.getByRole('article', { name: 'Blink' });
  await expect(blink.getByRole('heading', { level: 1 })).toHaveText(/^Stake /, { timeout: 30_000 });
  await expect(blink).toContainText("Custodial: your tokens go to the project's staking wallet");
  await expect(blink).toHaveAttribute('data-status', 'idle');
  await expect(blink.locator('img')).toHaveJSProperty('naturalWidth', 256);
  const starter = blink.locator('form').filter({ has: page.getByRole('button', { name: /^Starter · / }) });
  await starter.getByRole('spinbutton').fill('150');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`blink-client-${width}.png`), fullPage: true });
  }
  await starter.getByRole('button', { name: /^Starter · / }).click();

  // Signed, confirmed, and links.next followed: the Action says it is done and names the dashboard.
  await expect(blink.getByRole('heading', { level: 1 })).toHaveText('Stake sent', { timeout: 60_000 });
  await expect(blink).toHaveAttribute('data-type', 'completed');
  await expect(blink).toContainText(`${baseURL}/dashboard`);
  expect(signed).toHaveLength(1);
  expect(before - (await tokenBalance(holder.publicKey))).toBe(toRaw(150));
  await page.screenshot({ path: testInfo.outputPath('blink-client-done.png'), fullPage: true });

  // The site, with the holder's wallet: the stake the server recorded by itself.
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();
  const row = holderPages.section('Active Stakes').getByRole('row', { name: /Starter/ });
  await expect(row).toContainText('150 SDT', { timeout: 30_000 });
  await expect(row).toContainText('Active');
});

test('a blink link opened in a browser without a blink client lands on the site, whose documentation explains blinks', async ({ page }) => {
  await page.goto('/stake/1');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/documentation');
  const section = page.getByRole('region', { name: 'Stake from X, Telegram or your wallet' });
  await expect(section).toContainText(`${readState().baseURL}/stake`);
  await expect(section).toContainText('The button must name this site’s domain.');
});
