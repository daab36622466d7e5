import type { Locator, Page } from '@playwright/test';
import { rejectWithdrawal } from '../support/admin-api.js';
import { expectAccessible } from '../support/axe.js';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { HolderPages } from '../support/holder-pages.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';
import { atBothWidths, PHONE, shoot } from '../support/widths.js';

/**
 * Issue 38, never mislead a holder, on the run's token (no transfer fee; the fee token's screens are
 * in token-2022.spec.ts): whose failure it is when our server does not answer or the device is
 * offline, a piece loaded late that fails without blanking the page, a rejected withdrawal with its
 * reason and its stake back, counts that match their labels, a stake made on the dashboard that
 * announces no redirect, the token's name whole in the header, and a phone without a wallet offered
 * its wallet apps and scan to stake. In English and Portuguese; each screen is checked at 1366 and
 * 390 px, and the phone's own test runs at 390 px only.
 */

const WORDS = {
  en: {
    dashboard: 'Dashboard',
    newStake: 'New Stake',
    stakeNow: 'Stake Now',
    amount: 'Amount (SDT)',
    confirm: 'Confirm Stake',
    serverDown:
      'Stake Failed: Our server could not be reached. The problem is on our side, not your wallet or connection: try again in a few minutes.',
    offline: 'Stake Failed: Your device is offline. Check your internet connection, then try again.',
    stakeFailed: 'Stake Failed',
    stakeSuccessful: 'Stake Successful',
    stakedHere: 'Your tokens have been staked successfully! Follow your new stake in Active Stakes.',
    redirecting: 'Redirecting',
    partFailed: 'A part of this page could not be loaded. Our server could not be reached.',
    reload: 'Reload the page',
    documentation: 'Documentation',
    onlyNetworkFees: 'Only blockchain network fees apply.',
    feesQuestion: 'What fees do I pay?',
    onlyNetworkFeeAnswer: 'Only the blockchain network fee of the transfers you sign.',
    transferFee: 'Transfer fee',
    active: 'Active Stakes',
    pending: 'Pending Withdrawals',
    requests: 'Withdrawal Requests',
    rejected: 'Rejected',
    reason: 'Reason: Sent to the wrong plan by mistake',
    backToActive: 'Nothing was paid: your stake went back to Active Stakes.',
    nothingSent: 'Nothing sent',
    noTxid: 'No TXID',
    unstake: 'Unstake',
    connect: /^Connect( Wallet)?$/,
    chooseWallet: 'Choose your wallet',
    openIn: (wallet: string) => `Open in ${wallet}`,
    scan: 'Scan to stake',
    plan: 'Connect Wallet & Stake',
    scanOffer: 'No wallet was found in this browser.',
  },
  'pt-BR': {
    dashboard: 'Painel',
    newStake: 'Novo stake',
    stakeNow: 'Fazer stake',
    amount: 'Quantidade (SDT)',
    confirm: 'Confirmar stake',
    serverDown:
      'Falha no stake: Não foi possível acessar o nosso servidor. O problema é do nosso lado, não da sua carteira nem da sua conexão: tente novamente em alguns minutos.',
    offline: 'Falha no stake: Seu dispositivo está sem internet. Verifique sua conexão e tente novamente.',
    stakeFailed: 'Falha no stake',
    stakeSuccessful: 'Stake realizado',
    stakedHere: 'Seus tokens foram colocados em stake com sucesso! Acompanhe o novo stake em Stakes ativos.',
    redirecting: 'Redirecionando',
    partFailed: 'Uma parte desta página não pôde ser carregada. Não foi possível acessar o nosso servidor.',
    reload: 'Recarregar a página',
    documentation: 'Documentação',
    onlyNetworkFees: 'Apenas as taxas da rede blockchain se aplicam.',
    feesQuestion: 'Quais taxas eu pago?',
    onlyNetworkFeeAnswer: 'Apenas a taxa da rede blockchain das transferências que você assina.',
    transferFee: 'Taxa de transferência',
    active: 'Stakes ativos',
    pending: 'Saques pendentes',
    requests: 'Pedidos de saque',
    rejected: 'Recusado',
    reason: 'Motivo: Sent to the wrong plan by mistake',
    backToActive: 'Nada foi pago: o seu stake voltou para Stakes ativos.',
    nothingSent: 'Nada enviado',
    noTxid: 'Sem TXID',
    unstake: 'Encerrar',
    connect: /^Conectar( carteira)?$/,
    chooseWallet: 'Escolha sua carteira',
    openIn: (wallet: string) => `Abrir na ${wallet}`,
    scan: 'Stake por QR code',
    plan: 'Conectar carteira e fazer stake',
    scanOffer: 'Nenhuma carteira foi encontrada neste navegador.',
  },
} as const;

type Language = keyof typeof WORDS;
const LANGUAGES = Object.keys(WORDS) as Language[];
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function chooseLanguage(page: Page, language: Language) {
  await page.getByRole('combobox', { name: /^(Language|Idioma)$/ }).selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Our server stops answering this page: every request it makes is refused, its late JavaScript and stylesheets included. */
const serverDown = (page: Page) => page.route('**/*', (route) => route.abort('connectionrefused'));

/** A toast, from the toast library or, when that could not load, the plain ones. */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast], .plain-toast').filter({ hasText: text });

/** The token's name is whole in the header: not cut (no overflow), no word split across lines, and clear of the controls beside it. */
async function expectWholeTokenName(page: Page) {
  const name = page.getByRole('banner').locator('.brand-name');
  await expect(name).toHaveText('Stakedesk Test Token');
  const cut = await name.evaluate((element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
  expect(cut).toBe(false);
  const splitWords = await name.evaluate((element) => {
    const text = element.firstChild!;
    const words = [...text.textContent!.matchAll(/\S+/g)];
    return words.filter((word) => {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      return range.getClientRects().length > 1;
    }).length;
  });
  expect(splitWords).toBe(0);
  // Beside the controls or above them (a narrow phone puts them on a second row), never under them.
  const nameBox = (await name.boundingBox())!;
  const controlsBox = (await page.getByRole('banner').locator('.top-bar-actions').boundingBox())!;
  const beside = nameBox.x + nameBox.width <= controlsBox.x;
  const above = nameBox.y + nameBox.height <= controlsBox.y;
  expect(beside || above).toBe(true);
}

const cardValue = (page: Page, label: string): Locator => page.locator('.summary-cards .card', { hasText: label }).locator('strong');

for (const language of LANGUAGES) {
  const words = WORDS[language];

  test.describe(`in ${language}`, () => {
    test('with our server down the stake dialog says it is ours, offline says it is the device, and the page never blanks', async ({
      page,
      context,
    }, testInfo) => {
      test.setTimeout(120_000);
      const holderPages = new HolderPages(page);
      await holderPages.connectFromLanding();
      await chooseLanguage(page, language);
      await atBothWidths(page, () => expectWholeTokenName(page));
      // A reload: the toast library has not loaded on this page yet.
      await page.reload();
      await expect(cardValue(page, words.active)).toHaveText('0');
      await holderPages
        .section(words.newStake)
        .getByRole('article', { name: 'Starter' })
        .getByRole('button', { name: words.stakeNow })
        .click();
      const dialog = holderPages.dialog();
      await dialog.getByLabel(words.amount).fill('120');
      await expect(dialog.getByTestId('balance')).toHaveText(/SDT$/);

      await serverDown(page);
      await dialog.getByRole('button', { name: words.confirm }).click();
      await expect(dialog.getByTestId('stake-failure')).toHaveText(words.serverDown);
      // The toast library could not load: the toast still shows, and the page is still there.
      // The toast in both widths before anything else: it leaves after 5 s.
      await atBothWidths(page, async () => {
        await expect(toast(page, words.stakeFailed)).toBeVisible();
        await shoot(page, testInfo, `stake-server-down-${language}`);
      });
      await expect(page.locator('main h1')).toHaveText(words.dashboard);
      await expect(page.getByRole('banner')).toBeVisible();
      await atBothWidths(page, () => expectAccessible(page, 'dialog'));

      await page.unroute('**/*');
      await context.setOffline(true);
      await dialog.getByRole('button', { name: words.confirm }).click();
      await expect(dialog.getByTestId('stake-failure')).toHaveText(words.offline);
      await context.setOffline(false);

      // Staked from the dashboard: the toast says where the stake is, not that it is redirecting.
      await dialog.getByRole('button', { name: words.confirm }).click();
      const staked = toast(page, words.stakeSuccessful);
      await expect(staked).toContainText(words.stakedHere, { timeout: 30_000 });
      await expect(staked).not.toContainText(words.redirecting);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(cardValue(page, words.active)).toHaveText('1');
      await atBothWidths(page, () => expectWholeTokenName(page));
    });

    test('a page that cannot load says so with a reload in place of a blank page; a token without a fee says only network fees', async ({
      page,
    }, testInfo) => {
      await page.goto('/');
      await chooseLanguage(page, language);
      await expect(page.getByRole('article', { name: 'Starter' })).toBeVisible();
      await expect(page.locator('#plans')).not.toContainText(words.transferFee);
      await atBothWidths(page, async () => {
        await expectWholeTokenName(page);
        await expectAccessible(page, 'header');
      });

      await serverDown(page);
      await page.getByRole('contentinfo').getByRole('link', { name: words.documentation }).click();
      const failure = page.getByRole('main').getByRole('alert');
      await expect(failure).toContainText(words.partFailed);
      await expect(page.getByRole('banner')).toBeVisible();
      await atBothWidths(page, async () => {
        await expectAccessible(page, 'main');
        await shoot(page, testInfo, `page-failed-${language}`);
      });

      await page.unroute('**/*');
      await failure.getByRole('button', { name: words.reload }).click();
      await expect(page.getByTestId('fees-rule')).toHaveText(words.onlyNetworkFees);
      const answer = page.getByRole('group').filter({ hasText: words.feesQuestion });
      await answer.getByText(words.feesQuestion).click();
      await expect(answer).toContainText(words.onlyNetworkFeeAnswer);
    });

    test('a rejected withdrawal shows the reason and its stake back among the active; the Active Stakes card counts active stakes only', async ({
      page,
      holder,
    }, testInfo) => {
      test.setTimeout(120_000);
      // Three stakes: one unstaked and rejected, one waiting for its withdrawal, one running.
      const rejectedStake = await stakeThroughApi(holder, 'Starter', 100);
      const waiting = await stakeThroughApi(holder, 'Starter', 200);
      await stakeThroughApi(holder, 'Starter', 300);
      const refused = await requestWithdrawal(holder, rejectedStake);
      await requestWithdrawal(holder, waiting);
      await rejectWithdrawal(refused.id, 'Sent to the wrong plan by mistake');

      const holderPages = new HolderPages(page);
      await holderPages.connectFromLanding();
      await chooseLanguage(page, language);
      await expect(cardValue(page, words.active)).toHaveText('2');
      await expect(cardValue(page, words.pending)).toHaveText('1');

      // Starter's 10% early penalty: 90 of 100 was asked for.
      const row = holderPages.section(words.requests).getByRole('row', { name: /\b90 SDT/ });
      await expect(row).toContainText(words.rejected);
      await expect(row).toContainText(words.reason);
      await expect(row).toContainText(words.backToActive);
      await expect(row).toContainText(words.nothingSent);
      await expect(row).not.toContainText(words.noTxid);
      const back = holderPages.section(words.active).getByRole('row', { name: /\b100 SDT/ });
      await expect(back.getByRole('button', { name: words.unstake })).toBeVisible();

      await page.waitForLoadState('networkidle');
      await atBothWidths(page, async () => {
        await expectAccessible(page, 'main');
        await row.scrollIntoViewIfNeeded();
        await shoot(page, testInfo, `withdrawal-rejected-${language}`);
      });
    });
  });

  // A phone's own test: once, at a phone's width with touch, as the iPhone it says it is.
  test.describe(`on a phone without a wallet, in ${language}`, () => {
    test.use({ walletInstalled: false, userAgent: IPHONE, viewport: PHONE, hasTouch: true });

    test('Connect offers Phantom, Solflare and Backpack, each opening this page in its app, and scan to stake', async ({
      page,
    }, testInfo) => {
      await page.goto('/documentation');
      await chooseLanguage(page, language);
      await page.getByRole('banner').getByRole('button', { name: words.connect }).click();
      const dialog = page.getByRole('dialog', { name: words.chooseWallet });
      const here = encodeURIComponent(`${readState().baseURL}/documentation`);
      const ref = encodeURIComponent(readState().baseURL);
      await expect(dialog.getByRole('link', { name: words.openIn('Phantom') })).toHaveAttribute(
        'href',
        `https://phantom.app/ul/browse/${here}?ref=${ref}`,
      );
      await expect(dialog.getByRole('link', { name: words.openIn('Solflare') })).toHaveAttribute(
        'href',
        `https://solflare.com/ul/v1/browse/${here}?ref=${ref}`,
      );
      await expect(dialog.getByRole('link', { name: words.openIn('Backpack') })).toHaveAttribute(
        'href',
        `https://backpack.app/ul/v1/browse/${here}?ref=${ref}`,
      );
      await expect(page).toHaveURL(/\/documentation$/);
      await expectAccessible(page, 'dialog');
      await shoot(page, testInfo, `phone-connect-${language}`);

      // Scan to stake: to the plans, where a plan's button opens the dialog that offers the code.
      await dialog.getByRole('button', { name: words.scan }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/#plans$/);
      const starter = page.getByRole('article', { name: 'Starter' });
      await expect(starter).toBeInViewport();
      await starter.getByRole('button', { name: words.plan }).click();
      const stake = new HolderPages(page).dialog();
      await expect(stake).toContainText(words.scanOffer);
      await expect(stake.getByRole('button', { name: words.scan })).toBeVisible();
      await expect(stake.getByRole('link', { name: words.openIn('Solflare') })).toHaveAttribute(
        'href',
        /^https:\/\/solflare\.com\/ul\/v1\/browse\//,
      );
      await expectAccessible(page, 'dialog');
      await shoot(page, testInfo, `phone-scan-offer-${language}`);
    });
  });
}
