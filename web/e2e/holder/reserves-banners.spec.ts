import type { Keypair } from '@solana/web3.js';
import type { Page } from '@playwright/test';
import type { Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { en } from '@stakedesk/shared/i18n/en';
import { ptBR } from '@stakedesk/shared/i18n/pt-BR';
import type { Catalogue, MessageCode } from '@stakedesk/shared/i18n/catalogue';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import bs58 from 'bs58';
import { randomBytes } from 'node:crypto';
import { screenViolations } from '../support/axe.js';
import { backdate } from '../support/chain.js';
import { ageStakesOf } from '../support/database.js';
import {
  anchoredSnapshot,
  madeUpSnapshot,
  reanchored,
  serveLatestSnapshot,
  serveProof,
  withCoverage,
} from '../support/dishonest-reserves.js';
import { stakeThroughApi } from '../support/holder-api.js';
import { HolderPages } from '../support/holder-pages.js';
import { takeReservesSnapshot } from '../support/reserves.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// Each way the operator's published proof can fail the holder's check (DESIGN 15), played by a
// dishonest operator: its server's answers rewritten (page.route), its own anchors on the real test
// chain, which the dashboard reads itself. Each is a banner at the top of the dashboard, in both
// languages at 1366 and 390 px, accessible, reported once with its code.
test.describe.configure({ mode: 'serial' });

type World = { page: Page; holder: Keypair; stake: Stake; snapshot: ReservesSnapshot & { anchorSignature: string } };

/**
 * A stake, then a snapshot of it once its anchor has landed; `aged`: the stake made a day before;
 * `depositedSecondsBefore`: its deposit landed on chain that long before (the chain backdates it).
 */
async function honestWorld(page: Page, holder: Keypair, { aged = false, depositedSecondsBefore = 0 } = {}): Promise<World> {
  const stake = await stakeThroughApi(holder, 'Starter', 150);
  if (aged) await ageStakesOf(readState().dataDir, holder.publicKey.toBase58(), 1);
  if (depositedSecondsBefore > 0) await backdate(stake.txId!, depositedSecondsBefore);
  const taken = await takeReservesSnapshot();
  return { page, holder, stake, snapshot: await anchoredSnapshot(taken.id) };
}

/** The wallet's whole list (the dashboard's records, not its tables' pages) answered as `rewrite` makes it. */
async function serveRecords<T>(page: Page, path: string, rewrite: (rows: T[]) => T[]): Promise<void> {
  await page.route(
    (url) => url.pathname === path && !url.searchParams.has('group'),
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: rewrite((await response.json()) as T[]) });
    },
  );
}

const SUPPORT_EMAIL = 'help@stakedesk.example';
const otherRoot = () => randomBytes(32).toString('hex');

const KINDS: { name: string; code: MessageCode; arrange: (page: Page, holder: Keypair) => Promise<void> }[] = [
  {
    name: "a leaf shrunk below the holder's own records",
    code: 'reservesBelowRecords',
    arrange: async (page, holder) => {
      const { snapshot } = await honestWorld(page, holder, { aged: true });
      const madeUp = await madeUpSnapshot(snapshot, holder.publicKey.toBase58(), 1n);
      await serveLatestSnapshot(page, madeUp.snapshot);
      await serveProof(page, madeUp.proof);
    },
  },
  {
    name: 'an anchor carrying two memos, the root and another',
    code: 'reservesAnchorMemoCount',
    arrange: async (page, holder) => {
      const { snapshot } = await honestWorld(page, holder);
      await serveLatestSnapshot(page, await reanchored(snapshot, [snapshot.root, otherRoot()]));
    },
  },
  {
    name: 'a reserve account listed twice',
    code: 'reservesReserveListedTwice',
    arrange: async (page, holder) => {
      const { snapshot } = await honestWorld(page, holder);
      await serveLatestSnapshot(page, withCoverage({ ...snapshot, reserves: [...snapshot.reserves, snapshot.reserves[0]!] }));
    },
  },
  {
    name: 'an anchor that is not on chain',
    code: 'reservesAnchorNotFound',
    arrange: async (page, holder) => {
      const { snapshot } = await honestWorld(page, holder);
      await serveLatestSnapshot(page, { ...snapshot, anchorSignature: bs58.encode(randomBytes(64)) });
    },
  },
  {
    name: 'a snapshot never anchored, three days on',
    code: 'reservesAnchorMissing',
    arrange: async (page, holder) => {
      const { snapshot } = await honestWorld(page, holder);
      const threeDaysAgo = new Date(Date.parse(snapshot.takenAt) - 3 * 86_400_000).toISOString();
      await serveLatestSnapshot(page, { ...snapshot, takenAt: threeDaysAgo, anchorSignature: null });
    },
  },
  {
    name: 'a reserve balance the chain does not show',
    code: 'reservesAnchorBalanceMismatch',
    arrange: async (page, holder) => {
      const { snapshot } = await honestWorld(page, holder);
      const [first, ...rest] = snapshot.reserves;
      const inflated = { ...first!, balance: (BigInt(first!.balance) + 1_000_000_000n).toString() };
      await serveLatestSnapshot(page, withCoverage({ ...snapshot, reserves: [inflated, ...rest] }));
    },
  },
  {
    name: 'a liability below what the wallet deposited on chain (records that say it was paid back)',
    code: 'reservesBelowDeposits',
    arrange: async (page, holder) => {
      // A deposit counts once the snapshot surely knew of it: landed and recorded a minute before it was taken.
      const { stake, snapshot } = await honestWorld(page, holder, { depositedSecondsBefore: 61 });
      const recordedAt = new Date(Date.parse(stake.createdAt) - 61_000).toISOString();
      const wallet = holder.publicKey.toBase58();
      const madeUp = await madeUpSnapshot(snapshot, wallet, 1n);
      await serveLatestSnapshot(page, madeUp.snapshot);
      await serveProof(page, madeUp.proof);
      // The operator's records say the stake was paid out a second after it was made; the chain shows no payout.
      const paidAt = new Date(Date.parse(recordedAt) + 1_000).toISOString();
      const owed = String(BigInt(stake.amount) + BigInt(stake.rewardAmount));
      const payout: Withdrawal = {
        id: 9_000_000 + stake.id,
        stakeId: stake.id,
        walletAddress: wallet,
        amount: owed,
        finalAmount: owed,
        penaltyAmount: '0',
        kind: 'full',
        status: 'completed',
        requestedAt: paidAt,
        processedAt: paidAt,
        txId: null,
        rejectReason: null,
        tokenContract: stake.tokenContract,
        stakingWallet: stake.stakingWallet,
      };
      await serveRecords<Stake>(page, `/api/stakes/${wallet}`, (stakes) =>
        stakes.map((s) => (s.id === stake.id ? { ...s, status: 'withdrawn', createdAt: recordedAt } : s)),
      );
      await serveRecords<Withdrawal>(page, `/api/withdrawals/${wallet}`, (withdrawals) => [...withdrawals, payout]);
    },
  },
];

const WORDS = {
  en: { title: 'Your proof of reserves does not check out', catalogue: en as Catalogue },
  'pt-BR': { title: 'A sua prova de reservas não confere', catalogue: ptBR },
} as const;

for (const kind of KINDS) {
  test(`the banner for ${kind.name}`, async ({ page, holder }, testInfo) => {
    test.setTimeout(test.info().timeout + 120_000);
    await kind.arrange(page, holder);
    // The operator's support contacts, as its settings publish them: the banner offers them.
    await page.route('**/api/settings', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...(await response.json()), supportEmail: SUPPORT_EMAIL, supportTelegram: '@stakedesk_help' },
      });
    });
    const reports: { code: string; status: number }[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith('/check-failures'))
        reports.push({ code: (response.request().postDataJSON() as { code: string }).code, status: response.status() });
    });
    await new HolderPages(page).connectFromLanding();

    const found: string[] = [];
    for (const [language, words] of Object.entries(WORDS)) {
      if (language !== 'en') {
        await page.setViewportSize({ width: 1366, height: 768 });
        await page.getByRole('combobox', { name: /^(Language|Idioma)$/ }).selectOption(language);
      }
      // What failed, in the reader's language: the shared catalogue's text for the code (up to its first value).
      const reason = words.catalogue[kind.code].split('{')[0]!;
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width > 600 ? 768 : 844 });
        const banner = page.getByRole('alert').filter({ hasText: words.title });
        await expect(banner).toContainText(reason);
        await expect(banner).toBeInViewport();
        await expect(banner.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
        await expect(banner.getByRole('link', { name: '@stakedesk_help' })).toHaveAttribute('href', 'https://t.me/stakedesk_help');
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: testInfo.outputPath(`banner-${kind.code}-${language}-${width}.png`), fullPage: true });
        found.push(...(await screenViolations(page, `${kind.code} (${language}, ${width} px)`)));
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${language} ${width}`).toBe(true);
      }
    }
    expect(found).toEqual([]);
    // Reported once, with its code, whatever the re-renders in two languages and two widths.
    expect(reports).toEqual([{ code: kind.code, status: 202 }]);
  });
}
