import type { Locator, Page, TestInfo } from '@playwright/test';
import { AdminPanel } from '../support/admin-panel.js';
import { expectAccessible, seriousViolations } from '../support/axe.js';
import { installFakePhantom } from '../support/fake-phantom.js';
import { HolderPages } from '../support/holder-pages.js';
import { expect as baseExpect, test as base } from '../support/test.js';
import { feeTokens, startToken2022World, type Token2022World } from '../support/token-2022-world.js';

/**
 * A token on Token-2022 with a 1% transfer fee, from the holder's dialog to the operator's payout:
 * the server builds every transaction, the wallets only sign, and the fee is paid on top so that
 * the stake and the payout arrive whole (DESIGN 12). Its own server and mint (token-2022-world.ts).
 */
const test = base.extend<object, { world: Token2022World }>({
  world: [
    async ({}, use) => {
      const world = await startToken2022World();
      try {
        await use(world);
      } finally {
        await world.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ world }, use) => use(world.baseURL),
  holder: async ({ world }, use) => use(await world.fundedHolder(10_000)),
});

// Prepared, sent and followed to finalized by the server: seconds, beyond the usual wait.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];
const short = (text: string) => `${text.slice(0, 4)}...${text.slice(-4)}`;

/** At desktop and phone width, kept as artifacts in web/test-results/<test>/: the whole page, and `part` of it close up. */
async function shootBoth(page: Page, testInfo: TestInfo, name: string, part: Locator) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size.width}.png`), fullPage: true });
    await part.screenshot({ path: testInfo.outputPath(`${name}-${size.width}-close.png`) });
  }
  await page.setViewportSize(SIZES[0]!);
}

test('a holder stakes a token with a 1% transfer fee: told what is sent before signing, staked what was chosen, paid out whole by the operator', async ({
  page,
  holder,
  world,
  browser,
}, testInfo) => {
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();
  const before = await world.balanceOf(holder.publicKey);
  const stakingBefore = await world.balanceOf(world.stakingWallet.publicKey);

  await holderPages.section('New Stake').getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Stake Now' }).click();
  const dialog = holderPages.dialog();
  const feeNote = dialog.getByTestId('fee-note');
  await expect(feeNote).toHaveText(
    'This token keeps a 1% fee on every transfer, at most 1,000 FEE: you send your stake plus the fee, and you stake exactly the amount you enter.',
  );
  await dialog.getByLabel('Amount (FEE)').fill('1000');
  // 1,000 tokens of 6 decimals grossed up: the program keeps 1% of what is sent, rounded up.
  await expect(feeNote).toHaveText("You send 1,010.101011 FEE (the token's 1% transfer fee included); you stake 1,000 FEE.");
  await expect(dialog.getByLabel('Amount (FEE)')).toHaveAccessibleDescription(/You send 1,010\.101011 FEE/);
  await expect(dialog.getByTestId('balance')).toHaveText('10,000 FEE');
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page, 'stake dialog with a transfer fee')).toEqual([]);
  await expectAccessible(page, 'dialog');
  await shootBoth(page, testInfo, 'stake-dialog-fee', dialog);

  await dialog.getByRole('button', { name: 'Confirm Stake' }).click();
  await expect(holderPages.toast('Stake Successful')).toBeVisible({ timeout: 30_000 });
  expect(before - (await world.balanceOf(holder.publicKey))).toBe(1_010_101_011n);
  expect((await world.balanceOf(world.stakingWallet.publicKey)) - stakingBefore).toBe(feeTokens(1_000));
  const row = holderPages.section('Active Stakes').getByRole('row', { name: /Starter/ });
  await expect(row).toContainText('1,000 FEE');

  // Early: 10% penalty, so 900 owed.
  await row.getByRole('button', { name: 'Unstake' }).click();
  await holderPages.dialog().getByRole('button', { name: 'Confirm Unstake' }).click();
  await expect(holderPages.toast('Unstake Request Submitted')).toBeVisible();
  await expect(holderPages.section('Withdrawal Requests').getByRole('row', { name: /900 FEE/ })).toContainText('Pending');

  // The operator pays it from the panel; the staking wallet signs in its own (stand-in) wallet.
  const operator = await browser.newContext({ baseURL: world.baseURL, viewport: SIZES[0] });
  try {
    const adminPage = await operator.newPage();
    const wallet = await installFakePhantom(adminPage, world.stakingWallet);
    const panel = new AdminPanel(adminPage);
    await panel.open('Withdrawals', await world.adminToken());
    const pending = panel
      .section('Pending Withdrawals')
      .getByRole('row')
      .filter({ hasText: short(holder.publicKey.toBase58()) });
    const beforePayout = await world.balanceOf(holder.publicKey);
    const stakingBeforePayout = await world.balanceOf(world.stakingWallet.publicKey);
    await pending.getByRole('button', { name: 'Pay', exact: true }).click();
    const review = panel.dialog(/^Review payout #\d+$/);
    // Both figures before signing: what the holder receives, and what leaves the wallet with the fee (checked on chain below).
    await expect(review).toContainText('Holders receive900 FEE');
    await expect(review).toContainText("Leaves the staking wallet909.09091 FEE, the token's transfer fee of 9.09091 FEE included");
    await expect(review.getByRole('listitem')).toContainText('receives 900 FEE');
    await expect(review.getByRole('listitem')).toContainText(
      'The staking wallet sends 909.09091 FEE: the token withholds 9.09091 FEE on the way as its transfer fee.',
    );
    await expectAccessible(adminPage, '.ant-modal');
    await shootBoth(adminPage, testInfo, 'payout-review-fee', review);
    await review.getByRole('button', { name: 'Sign with wallet' }).click();
    await expect(panel.toast('Payout sent')).toBeVisible();
    await expect(
      panel
        .section('Completed Withdrawals')
        .getByRole('row')
        .filter({ hasText: short(holder.publicKey.toBase58()) }),
    ).toContainText('900 FEE');
    // The payout added the fee on top: the holder received exactly what was owed.
    await expect.poll(async () => (await world.balanceOf(holder.publicKey)) - beforePayout).toBe(feeTokens(900));
    // ...and the staking wallet sent what the review said.
    expect(stakingBeforePayout - (await world.balanceOf(world.stakingWallet.publicKey))).toBe(909_090_910n);
    expect(wallet.requests.filter((r) => r.op === 'signTransaction')).toHaveLength(1);

    // Token Config says what the mint is.
    await panel.openTab('Token Config');
    const mint = adminPage.getByTestId('mint-profile');
    await expect(mint).toContainText('Token programToken-2022');
    await expect(mint).toContainText('Decimals6');
    await expect(mint).toContainText('ExtensionsTransferFeeConfig');
    await expect(mint).toContainText('Transfer fee1% per transfer, at most 1,000 FEE');
    await expectAccessible(adminPage, '[data-testid="mint-profile"]');
    await adminPage.mouse.move(0, 0);
    await shootBoth(adminPage, testInfo, 'token-config-mint', mint);
  } finally {
    await operator.close();
  }
  await page.reload();
  await expect(holderPages.section('Withdrawal Requests').getByRole('row', { name: /900 FEE/ })).toContainText('Completed');
});

/**
 * Issue 38: wherever tokens are asked for, the token's fee is told, rate and cap as the mint has
 * them (1%, at most 1,000 FEE), and never "only network fees": the plan cards on the landing page
 * and the dashboard, the stake dialog, the documentation's rules and its FAQ. Both languages,
 * 1366 and 390 px, axe-core clean.
 */
const FEE_WORDS = {
  en: {
    card: 'Transfer fee1% of what you send, at most 1,000 FEE',
    rule: 'This token charges a transfer fee of 1% of every transfer, at most 1,000 FEE, on top of the blockchain network fees.',
    question: 'What fees do I pay?',
    answer: 'The token’s own transfer fee of 1% (at most 1,000 FEE) on what you send when you stake',
    onlyNetwork: /Only (the )?blockchain network fees? (apply|of the transfers)/,
    newStake: 'New Stake',
    stakeNow: 'Stake Now',
    dialog:
      'This token keeps a 1% fee on every transfer, at most 1,000 FEE: you send your stake plus the fee, and you stake exactly the amount you enter.',
    close: 'Cancel',
  },
  'pt-BR': {
    card: 'Taxa de transferência1% do que você envia, no máximo 1.000 FEE',
    rule: 'Este token cobra uma taxa de transferência de 1% de cada transferência, no máximo 1.000 FEE, além das taxas da rede blockchain.',
    question: 'Quais taxas eu pago?',
    answer: 'A taxa de transferência do próprio token, de 1% (no máximo 1.000 FEE) sobre o que você envia ao fazer stake',
    onlyNetwork: /Apenas (as taxas|a taxa) da rede blockchain/,
    newStake: 'Novo stake',
    stakeNow: 'Fazer stake',
    dialog:
      'Este token retém uma taxa de 1% em cada transferência, no máximo 1.000 FEE: você envia o seu stake mais a taxa e faz stake exatamente do valor informado.',
    close: 'Cancelar',
  },
} as const;

test('the fee is told on every plan card, in the stake dialog, in the documentation and in its FAQ, in both languages at both widths', async ({
  page,
}, testInfo) => {
  // Eight screens, each checked by axe-core: minutes on a loaded 2-CPU machine.
  test.setTimeout(360_000);
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();
  for (const [language, words] of Object.entries(FEE_WORDS)) {
    await page.getByRole('combobox', { name: /^(Language|Idioma)$/ }).selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language); // stored: the next pages open in it
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto('/');
      const cards = page.locator('#plans').getByRole('article');
      await expect(cards).toHaveCount(3);
      for (const card of await cards.all()) await expect(card).toContainText(words.card);
      await expectAccessible(page, '#plans');
      await page.screenshot({ path: testInfo.outputPath(`landing-fee-${language}-${size.width}.png`), fullPage: true });
      await page.goto('/dashboard');
      const starter = holderPages.section(words.newStake).getByRole('article', { name: 'Starter' });
      await expect(starter).toContainText(words.card);
      await starter.getByRole('button', { name: words.stakeNow }).click();
      await expect(holderPages.dialog().getByTestId('fee-note')).toHaveText(words.dialog);
      await expectAccessible(page, 'dialog');
      await page.screenshot({ path: testInfo.outputPath(`dialog-fee-${language}-${size.width}.png`) });
      await holderPages.dialog().getByRole('button', { name: words.close }).click();
      await expect(holderPages.dialog()).toBeHidden();

      await page.goto('/documentation');
      const main = page.getByRole('main');
      await expect(page.getByTestId('fees-rule')).toContainText(words.rule);
      const faq = page.getByRole('group').filter({ hasText: words.question });
      await faq.getByText(words.question).click();
      await expect(faq).toContainText(words.answer);
      await expect(main).not.toContainText(words.onlyNetwork);
      await expectAccessible(page, 'main');
      await page.screenshot({ path: testInfo.outputPath(`documentation-fee-${language}-${size.width}.png`), fullPage: true });
    }
  }
});

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test('the dialog states the fee in Portuguese before signing', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByRole('button', { name: /^Conectar( carteira)?$/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const holderPages = new HolderPages(page);
    await holderPages.section('Novo stake').getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Fazer stake' }).click();
    await expect(holderPages.dialog().getByTestId('fee-note')).toHaveText(
      'Este token retém uma taxa de 1% em cada transferência, no máximo 1.000 FEE: você envia o seu stake mais a taxa e faz stake exatamente do valor informado.',
    );
    await holderPages.dialog().getByLabel('Quantidade (FEE)').fill('250');
    await expect(holderPages.dialog().getByTestId('fee-note')).toHaveText(
      'Você envia 252,525253 FEE (incluída a taxa de transferência de 1% do token); você faz stake de 250 FEE.',
    );
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page, 'stake dialog with a transfer fee, pt-BR')).toEqual([]);
    await shootBoth(page, testInfo, 'stake-dialog-fee-pt-BR', holderPages.dialog());
  });
});
