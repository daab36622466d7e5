import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { checkReservesOnChain } from '@stakedesk/shared/reserves/chain-check';
import { jsonRpcAt } from '@stakedesk/shared/reserves/json-rpc';
import type { ReservesProofFile } from '@stakedesk/shared/reserves/snapshot';
import { verifyReservesProof } from '@stakedesk/shared/reserves/verify';
import { shortenTxId } from '@stakedesk/shared/shorten';
import { anchoredSnapshot, rpcCallsOf } from '../support/dishonest-reserves.js';
import { stakeThroughApi } from '../support/holder-api.js';
import { ageStakesOf } from '../support/database.js';
import { HolderPages } from '../support/holder-pages.js';
import {
  checkFailuresCounted,
  latestReservesSnapshot,
  percentText,
  reservesSnapshotById,
  takeReservesSnapshot,
  tokensText,
} from '../support/reserves.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// Snapshots are the whole platform's: each test takes the one it reads, after its holder's stakes.
test.describe.configure({ mode: 'serial' });

const PROOF = '**/api/reserves/*/proof/*';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Your proof of reserves does not check out' });

test("the dashboard checks the holder's own proof against the chain it reads itself, never through the server", async ({
  page,
  holder,
}) => {
  const stake = await stakeThroughApi(holder, 'Starter', 150);
  const snapshot = await anchoredSnapshot((await takeReservesSnapshot()).id);
  const owed = BigInt(stake.amount) + BigInt(stake.rewardAmount);
  const { rpcUrl } = readState();
  const calls = rpcCallsOf(page);
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();

  const line = page.getByRole('region', { name: 'Proof of reserves' });
  await expect(line.getByRole('img', { name: 'Verified' })).toBeVisible();
  await expect(line.getByRole('status')).toContainText(`Your ${owed.toLocaleString('en-US')} SDT is in the reserves snapshot of `);
  await expect(line).toContainText(`reserves cover ${percentText(snapshot.coveragePercent!)} of liabilities.`);
  // The anchor as this browser read it on chain, and from where (the host alone).
  await expect(line).toContainText(
    `Anchor: ${shortenTxId(snapshot.anchorSignature)}, finalized, read on chain from ${new URL(rpcUrl).host}.`,
  );
  await expect(banner(page)).toHaveCount(0);
  // Straight to the holders' endpoint (the test chain): the anchor, the holder's token accounts and
  // their history; nothing through the operator's /api/rpc.
  const methods = calls.filter((call) => call.url.startsWith(rpcUrl)).map((call) => call.method);
  expect(methods).toEqual(expect.arrayContaining(['getTransaction', 'getTokenAccountsByOwner', 'getSignaturesForAddress']));
  expect(calls.filter((call) => new URL(call.url).pathname === '/api/rpc')).toEqual([]);

  // The file npx stakedesk-verify reads: the snapshot as published, this holder's proof and records;
  // the same chain check passes on it.
  const downloading = page.waitForEvent('download');
  await line.getByRole('link', { name: 'Download proof' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`stakedesk-reserves-proof-${snapshot.id}-${holder.publicKey.toBase58()}.json`);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as ReservesProofFile;
  expect(file.snapshot.root).toBe(snapshot.root);
  expect(file.proof.wallet).toBe(holder.publicKey.toBase58());
  expect(file.records?.stakes.map((recorded) => recorded.id)).toEqual([stake.id]);
  expect(file.records?.withdrawals).toEqual([]);
  expect(verifyReservesProof(file.proof, file.snapshot.root, file.snapshot.totalLiabilities)).toEqual({
    ok: true,
    liability: owed * 10n ** 6n,
  });
  const onChain = await checkReservesOnChain({ ...file, rpc: jsonRpcAt(rpcUrl, fetch) });
  expect(onChain.findings.filter((finding) => finding.status !== 'passed')).toEqual([]);

  await line.getByRole('link', { name: 'How it works' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How the proof of reserves works' })).toBeVisible();
});

test('a proof that does not lead to the published root is a banner, reported once', async ({ page, holder }) => {
  await stakeThroughApi(holder, 'Starter', 200);
  const snapshot = await takeReservesSnapshot();
  // The server's proof, one raw unit smaller: the sums are inside the hashes, so it no longer reaches the root.
  await page.route(PROOF, async (route) => {
    const response = await route.fetch();
    const proof = (await response.json()) as { liability: string };
    await route.fulfill({ response, json: { ...proof, liability: String(BigInt(proof.liability) - 1n) } });
  });
  const reports: { code: string; status: number }[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && response.url().endsWith(`/api/reserves/${snapshot.id}/check-failures`))
      reports.push({ code: (response.request().postDataJSON() as { code: string }).code, status: response.status() });
  });
  const countedBefore = await checkFailuresCounted('reservesProofRootMismatch');
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();

  await expect(banner(page)).toContainText('What failed, in the snapshot of ');
  await expect(banner(page)).toContainText('The proof does not lead to the published root');
  await expect(banner(page)).toContainText('This failure has been reported to the operator.');
  await expect(page.getByRole('region', { name: 'Proof of reserves' })).toHaveCount(0);
  await expect.poll(() => reports).toEqual([{ code: 'reservesProofRootMismatch', status: 202 }]);
  // The server counted it (its metric for the operators).
  expect(await checkFailuresCounted('reservesProofRootMismatch')).toBe(countedBefore + 1);
  // Re-rendered in another language, the same visit reports nothing more.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
  await expect(page.getByRole('alert').filter({ hasText: 'A sua prova de reservas não confere' })).toContainText(
    'A prova não leva à raiz publicada',
  );
  await page.waitForLoadState('networkidle');
  expect(reports).toHaveLength(1);
});

test('without a session the line asks the holder to sign in, and checks once they have', async ({ page, context, holder }) => {
  await stakeThroughApi(holder, 'Starter', 120);
  await anchoredSnapshot((await takeReservesSnapshot()).id);
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();
  await expect(page.getByRole('region', { name: 'Proof of reserves' }).getByRole('img', { name: 'Verified' })).toBeVisible();

  // The session cookie is gone (expired, say); the wallet is still connected.
  await context.clearCookies();
  await page.reload();
  const line = page.getByRole('region', { name: 'Proof of reserves' });
  await expect(line.getByRole('status')).toContainText('Sign in with your wallet to check that your stake is counted in the reserves.');
  await line.getByRole('button', { name: 'Check now' }).click();
  await expect(line.getByRole('img', { name: 'Verified' })).toBeVisible();
  await expect(line.getByRole('status')).toContainText('Your 126 SDT is in the reserves snapshot of ');
});

test('a holder with no stakes when the snapshot was taken sees a quiet line, not a failure', async ({ page }) => {
  await takeReservesSnapshot();
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();
  const line = page.getByRole('region', { name: 'Proof of reserves' });
  await expect(line.getByRole('status')).toContainText(
    /^You had no stakes when the reserves snapshot of .+ was taken, so it holds no proof for you\./,
  );
  await expect(line.getByRole('alert')).toHaveCount(0);
});

test('a holder who had stakes when the snapshot was taken but is served no proof sees the banner, and it is reported', async ({
  page,
  holder,
}) => {
  await stakeThroughApi(holder, 'Starter', 300);
  // The stake was made a day before the snapshot (still active: Starter runs 30 days).
  await ageStakesOf(readState().dataDir, holder.publicKey.toBase58(), 1);
  const snapshot = await takeReservesSnapshot();
  // The server answers as if the wallet had no leaf, as it would for a holder left out of the tree.
  await page.route(PROOF, (route) =>
    route.fulfill({ status: 404, json: { message: 'This wallet has no leaf in this snapshot', code: 'reservesNoLeaf' } }),
  );
  const reported = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith(`/api/reserves/${snapshot.id}/check-failures`),
  );
  const holderPages = new HolderPages(page);
  await holderPages.connectFromLanding();

  await expect(banner(page)).toContainText('This wallet had stakes when the snapshot was taken, but the snapshot has no proof for it');
  // Without a proof there is nothing to download or check by hand: the operator is the one to ask.
  await expect(banner(page).getByRole('link', { name: 'Download proof' })).toHaveCount(0);
  const report = await reported;
  expect(report.status()).toBe(202);
  expect(report.request().postDataJSON()).toEqual({ code: 'reservesLeftOut' });
});

test('the public page lists the latest snapshots, and the documentation page explains them', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await takeReservesSnapshot();
  const latest = await latestReservesSnapshot();
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Proof of reserves' }).click();
  await expect(page).toHaveURL(/\/reserves$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Proof of reserves' })).toBeVisible();

  const card = page.getByRole('region', { name: 'Latest snapshot' }).getByRole('article');
  await expect(card.getByRole('heading')).toHaveText(/^Snapshot of /);
  await expect(card.getByRole('definition').filter({ hasText: 'SDT' }).first()).toHaveText(`${tokensText(latest.totalLiabilities)} SDT`);
  const coverages = [latest, await reservesSnapshotById(latest.id)].map((s) => escapeRegExp(percentText(s.coveragePercent!)));
  await expect(card.getByRole('definition').filter({ hasText: '%' })).toHaveText(new RegExp(`^(${coverages.join('|')})$`));
  await expect(card.getByText(`${latest.root.slice(0, 8)}…${latest.root.slice(-8)}`)).toBeVisible();
  await card.getByRole('button', { name: 'Copy root' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(latest.root);
  // Earlier tests took snapshots too: the ones before the latest are listed under it.
  await expect(page.getByRole('region', { name: 'Earlier snapshots' }).getByRole('article').first()).toBeVisible();

  await page.getByRole('link', { name: 'How the proof works, and how to check it yourself' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How the proof of reserves works' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What it cannot show' })).toBeVisible();
  // The command runs the package this server serves, named with its SHA-256 (DESIGN 15).
  const sums = await (await fetch(new URL('/verify/SHA256SUMS', page.url()))).text();
  const [sha256, file] = sums.trim().split('  ');
  await expect(
    page.getByText(`npx --yes --package=${new URL(page.url()).origin}/verify/${file} stakedesk-verify proof.json`),
  ).toBeVisible();
  await expect(page.getByText(sha256!, { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-BR');
  await expect(page.getByRole('heading', { level: 1, name: 'Como funciona a prova de reservas' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'O que ela não consegue mostrar' })).toBeVisible();
});
