import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import type { Keypair } from '@solana/web3.js';
import type { ScanIntent } from '@stakedesk/shared/api-types';
import jsQRModule from 'jsqr';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.js';
import { confirmed, connection, fundedHolder } from '../support/chain.js';
import { HolderPages } from '../support/holder-pages.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// jsqr is CommonJS whose types name its function the default export; imported from ESM, the default is the function itself.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ?? jsQRModule) as typeof jsQRModule.default;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** The QR code as painted on screen (a screenshot of the element), read back by a QR decoder. */
async function decodeQr(page: Page, png: Buffer): Promise<string | undefined> {
  const image = await page.evaluate(async (base64) => {
    // From bytes, not a data: URL: the page's content security policy refuses fetching one.
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { data: Array.from(data), width, height };
  }, png.toString('base64'));
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data;
}

/** A phone wallet that scanned the code: @solana/pay reads the request and builds the transfer, the wallet's key signs it. */
async function payAsPhoneWallet(transferRequest: string, payer: Keypair): Promise<string> {
  const fields = parseURL(transferRequest) as TransferRequestURL;
  const transaction = await createTransfer(connection(), payer.publicKey, {
    recipient: fields.recipient,
    amount: fields.amount!,
    splToken: fields.splToken,
    reference: fields.reference,
    memo: fields.memo,
  });
  transaction.sign(payer);
  return confirmed(await connection().sendRawTransaction(transaction.serialize()));
}

test.describe('scan to stake, in a browser without a wallet', () => {
  test.use({ walletInstalled: false, viewport: PHONE });

  test("the holder gets a QR code that another wallet pays; the page says the stake is recorded, and its link shows it on that wallet's dashboard, read-only", async ({
    page,
    phantom,
  }, testInfo) => {
    // Four screens at two widths each, a payment on the chain and a dashboard that checks its proof on chain.
    test.setTimeout(120_000);
    const shoot = async (name: string) => {
      for (const [size, viewport] of [
        ['390', PHONE],
        ['1366', DESKTOP],
      ] as const) {
        await page.setViewportSize(viewport);
        // The viewport, not the full page: the modal and its backdrop are what the holder sees.
        await page.screenshot({ path: testInfo.outputPath(`${name}-${size}.png`) });
      }
      await page.setViewportSize(PHONE);
    };
    expect(phantom.installed).toBe(false);
    const holderPages = new HolderPages(page);
    await page.goto('/');
    // Nothing injected: no Phantom, no Wallet Standard wallet registered.
    expect(await page.evaluate(() => 'phantom' in window || 'solana' in window)).toBe(false);

    await page.getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Connect Wallet & Stake' }).click();
    const dialog = holderPages.dialog();
    await expect(dialog).toContainText('No wallet was found in this browser.');
    await expect(dialog.getByRole('link', { name: 'Or install Phantom' })).toHaveAttribute('href', 'https://phantom.app/');
    await expect(dialog.getByLabel('Amount (SDT)')).toBeFocused();
    await dialog.getByLabel('Amount (SDT)').fill('150');
    await expectAccessible(page, 'dialog');
    await shoot('scan-to-stake-offer');
    // The rules are checked as for a wallet's stake, before any code is made.
    await dialog.getByLabel('Amount (SDT)').fill('50');
    await dialog.getByRole('button', { name: 'Scan to stake' }).click();
    const refusal = holderPages.toast('Invalid Amount');
    await expect(refusal).toContainText('Minimum stake amount is 100 SDT.');
    // Closed, so the next accessibility check reads the dialog, not a toast caught mid-fade.
    await refusal.getByRole('button', { name: /close/i }).click();
    await expect(refusal).toBeHidden();

    await dialog.getByLabel('Amount (SDT)').fill('150');
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/stakes/intents'));
    await dialog.getByRole('button', { name: 'Scan to stake' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const intent = (await response.json()) as ScanIntent;

    await expect(dialog.getByRole('heading', { name: 'Scan with your wallet' })).toBeFocused();
    const qr = dialog.getByRole('img', { name: 'QR code of a Solana Pay request to send 150 SDT to the staking wallet' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('data-transfer-request')).toBe(intent.transferRequest);
    // What a wallet's camera reads is what the server answered.
    const scanned = await decodeQr(page, await qr.screenshot());
    expect(scanned).toBe(intent.transferRequest);
    expect(scanned).toMatch(new RegExp(`^solana:${readState().stakingWallet}\\?amount=150&spl-token=${readState().mint}&reference=`));
    await expect(dialog.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute('href', intent.transferRequest);
    await expect(dialog.getByTestId('scan-send')).toHaveText('Send exactly 150 SDT.');
    await expect(dialog).toContainText('This code expires at');
    await expectAccessible(page, 'dialog');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot('scan-to-stake-code');

    // Another wallet (a phone's) pays the request it scanned.
    const payer = await fundedHolder(1_000);
    const txId = await payAsPhoneWallet(scanned!, payer);
    const wallet = payer.publicKey.toBase58();
    const short = `${wallet.slice(0, 4)}...${wallet.slice(-4)}`;

    const recorded = dialog.getByRole('heading', { name: 'Stake recorded' });
    await expect(recorded).toBeVisible({ timeout: 30_000 });
    await expect(recorded).toBeFocused();
    await expect(dialog).toContainText(`150 SDT staked in Starter from wallet ${short}.`);
    await expect(dialog.getByRole('img')).toHaveCount(0);
    await expect(dialog).toContainText(`To unstake or withdraw it later, connect wallet ${short} on the dashboard.`);
    const dashboardLink = dialog.getByRole('link', { name: 'See your stake' });
    await expect(dashboardLink).toHaveAttribute('href', `/dashboard?wallet=${wallet}`);
    await expectAccessible(page, 'dialog');
    await shoot('scan-to-stake-recorded');

    // The link is a real link: in this browser (no wallet) it opens the paying wallet's dashboard, read-only.
    await dashboardLink.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?wallet=${wallet}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Wallet ${short}` })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText(
      `You are viewing the stakes of wallet ${short}. This view is read-only: connect that wallet to unstake, withdraw or restake.`,
    );
    await expect(main.getByTestId('viewed-wallet')).toHaveText(wallet);
    const row = holderPages.section('Active Stakes').getByRole('row', { name: /Starter/ });
    await expect(row).toContainText('150 SDT');
    await expect(row).toContainText(`${txId.slice(0, 8)}...${txId.slice(-8)}`);
    await expect(main.locator('.summary-cards .card', { hasText: 'Active Stakes' }).locator('strong')).toHaveText('1');
    // Nothing to act with: no New Stake grid, no Unstake; the statement (public records) is the one button.
    await expect(holderPages.section('New Stake')).toHaveCount(0);
    await expect(holderPages.section('Active Stakes').getByRole('columnheader')).toHaveText([
      'Plan',
      'Staked',
      'Rewards',
      'Progress',
      'Status',
      'Transaction',
    ]);
    await expect(main.getByRole('button')).toHaveText(['Download statement (CSV)']);
    await expectAccessible(page, 'main');
    for (const [size, viewport] of [
      ['390', PHONE],
      ['1366', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`scan-to-stake-wallet-view-${size}.png`), fullPage: true });
    }
  });

  test('an expired code says so and offers a new one', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Connect Wallet & Stake' }).click();
    const dialog = new HolderPages(page).dialog();
    await dialog.getByLabel('Amount (SDT)').fill('100');
    // The first code's status comes back expired, as the server says once its time is up.
    let firstId: number | undefined;
    await page.route(/\/api\/stakes\/intents\/\d+$/, async (route) => {
      const id = Number(new URL(route.request().url()).pathname.split('/').pop());
      firstId ??= id;
      if (id !== firstId) return route.fallback();
      await route.fulfill({ json: { id, status: 'expired', stakeId: null, walletAddress: null } });
    });
    await dialog.getByRole('button', { name: 'Scan to stake' }).click();
    const expired = dialog.getByRole('heading', { name: 'Code expired' });
    await expect(expired).toBeVisible();
    await expect(expired).toBeFocused();
    await expect(dialog).toContainText('No transfer arrived before this code expired, so nothing was staked.');
    await expectAccessible(page, 'dialog');

    const renewed = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/stakes/intents'));
    await dialog.getByRole('button', { name: 'New code' }).click();
    const intent = (await (await renewed).json()) as ScanIntent;
    expect(intent.id).not.toBe(firstId);
    await expect(dialog.getByRole('heading', { name: 'Scan with your wallet' })).toBeFocused();
    await expect(dialog.getByRole('img', { name: /^QR code/ })).toHaveAttribute('data-transfer-request', intent.transferRequest);
  });
});

test.describe('scan to stake on a phone without an injected wallet', () => {
  test.use({
    walletInstalled: false,
    viewport: PHONE,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });

  test("the dialog keeps the way into each wallet app's own browser beside the code", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Connect Wallet & Stake' }).click();
    const dialog = new HolderPages(page).dialog();
    const inPhantom = dialog.getByRole('link', { name: 'Open in Phantom' });
    await expect(inPhantom).toHaveAttribute('href', /^https:\/\/phantom\.app\/ul\/browse\//);
    expect(decodeURIComponent((await inPhantom.getAttribute('href'))!)).toContain(`${readState().baseURL}/`);
    await expect(dialog.getByRole('link', { name: 'Open in Solflare' })).toHaveAttribute(
      'href',
      /^https:\/\/solflare\.com\/ul\/v1\/browse\//,
    );
    await expect(dialog.getByRole('link', { name: 'Open in Backpack' })).toHaveAttribute(
      'href',
      /^https:\/\/backpack\.app\/ul\/v1\/browse\//,
    );
    await dialog.getByLabel('Amount (SDT)').fill('100');
    await dialog.getByRole('button', { name: 'Scan to stake' }).click();
    await expect(dialog.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute('href', /^solana:/);
    // Change amount goes back to the form with the amount kept.
    await dialog.getByRole('button', { name: 'Change amount' }).click();
    await expect(dialog.getByLabel('Amount (SDT)')).toHaveValue('100');
    await expect(dialog.getByLabel('Amount (SDT)')).toBeFocused();
  });
});

test.describe('scan to stake for a browser set to Portuguese', () => {
  test.use({ walletInstalled: false, viewport: PHONE, locale: 'pt-BR' });

  test('the offer and the code are in Portuguese and pass axe', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Conectar carteira e fazer stake' }).click();
    const dialog = new HolderPages(page).dialog();
    await expect(dialog).toContainText('Nenhuma carteira foi encontrada neste navegador.');
    await dialog.getByLabel('Quantidade (SDT)').fill('100');
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: 'Stake por QR code' }).click();
    await expect(dialog.getByRole('heading', { name: 'Escaneie com sua carteira' })).toBeFocused();
    await expect(dialog.getByRole('img', { name: /^QR code de um pedido Solana Pay para enviar 100 SDT/ })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Abrir na carteira' })).toHaveAttribute('href', /^solana:/);
    await expect(dialog.getByTestId('scan-send')).toHaveText('Envie exatamente 100 SDT.');
    await expectAccessible(page, 'dialog');
  });
});
