import { createTransferCheckedInstruction } from '@solana/spl-token';
import { PublicKey, Transaction, type TokenBalance } from '@solana/web3.js';
import type { Page } from '@playwright/test';
import type { SolanaSignMessageFeature } from '@solana/wallet-standard-features';
import type { Wallet } from '@wallet-standard/base';
import type { StandardConnectFeature } from '@wallet-standard/features';
import { confirmed, connection, mint, toRaw, tokenAccountOf, tokenBalance } from './support/chain.js';
import { verifyEd25519 } from './support/ed25519.js';
import { installFakeStandardWallet } from './support/fake-standard-wallet.js';
import { readState } from './support/state.js';
import { expect, test } from './support/test.js';

// Proves the harness itself (server, chain, fake wallet), not the app's screens.

/** Connects from the page; the address, or the wallet error's code. */
const connectIn = (page: Page, onlyIfTrusted = false) =>
  page.evaluate(
    (onlyIfTrusted) =>
      window.phantom!.solana.connect({ onlyIfTrusted }).then(
        ({ publicKey }) => publicKey.toBase58(),
        (error: { code: number }) => error.code,
      ),
    onlyIfTrusted,
  );

test('the server runs with the test token configured', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toEqual({ status: 'ok' });
  const settings = await (await request.get('/api/settings')).json();
  expect(settings).toMatchObject({ tokenSymbol: 'SDT', tokenContract: readState().mint, stakingWallet: readState().stakingWallet });
  expect(await (await request.get('/api/staking-plans')).json()).toHaveLength(3);
});

test('the fake Phantom connects, signs messages, and reconnects silently only while trusted', async ({ page, holder, phantom }) => {
  await page.goto('/');
  const address = holder.publicKey.toBase58();
  expect(await page.evaluate(() => window.phantom?.solana === window.solana)).toBe(true);
  expect(await connectIn(page, true)).toBe(4001);
  expect(await connectIn(page)).toBe(address);

  const message = 'Sign in to Stakedesk\nNonce: 1234';
  const signature = await page.evaluate(async (text) => {
    const { signature } = await window.phantom!.solana.signMessage(new TextEncoder().encode(text), 'utf8');
    return Array.from(signature);
  }, message);
  expect(signature).toHaveLength(64);
  expect(verifyEd25519(holder.publicKey, new TextEncoder().encode(message), Uint8Array.from(signature))).toBe(true);

  await page.reload();
  expect(await page.evaluate(() => window.phantom!.solana.isConnected)).toBe(false);
  expect(await connectIn(page, true)).toBe(address);
  await page.evaluate(() => window.phantom!.solana.disconnect());
  expect(await page.evaluate(() => window.phantom!.solana.isConnected)).toBe(false);
  expect(await connectIn(page, true)).toBe(4001);
  expect(phantom.requests.map((request) => request.op)).toContain('signMessage');
});

test('a test can refuse or hold a wallet prompt', async ({ page, holder, phantom }) => {
  await page.goto('/');
  await page.evaluate(() => {
    const events: string[] = ((window as unknown as { walletEvents: string[] }).walletEvents = []);
    window.phantom!.solana.on('connect', (publicKey) => events.push(`connect ${String(publicKey)}`));
    window.phantom!.solana.on('disconnect', () => events.push('disconnect'));
  });
  phantom.rejectNext('connect');
  expect(await connectIn(page)).toBe(4001);
  expect(await connectIn(page)).toBe(holder.publicKey.toBase58());

  phantom.rejectNext('signMessage');
  const refused = await page.evaluate(() =>
    window.phantom!.solana.signMessage(new Uint8Array([1, 2, 3])).then(
      () => 'signed',
      (error: { code: number; message: string }) => `${error.code} ${error.message}`,
    ),
  );
  expect(refused).toBe('4001 User rejected the request.');

  await page.evaluate(() => window.phantom!.solana.disconnect());
  const release = phantom.holdNext('connect');
  const pending = connectIn(page);
  await expect.poll(() => phantom.requests.filter((r) => r.op === 'connect' && !r.onlyIfTrusted).length).toBe(3);
  expect(await page.evaluate(() => window.phantom!.solana.isConnected)).toBe(false);
  release();
  expect(await pending).toBe(holder.publicKey.toBase58());
  const address = holder.publicKey.toBase58();
  expect(await page.evaluate(() => (window as unknown as { walletEvents: string[] }).walletEvents)).toEqual([
    `connect ${address}`,
    'disconnect',
    `connect ${address}`,
  ]);
});

test('signAndSendTransaction signs in Node and lands the transfer on the test chain', async ({ page, holder, phantom }) => {
  const staking = new PublicKey(readState().stakingWallet);
  const holderBefore = await tokenBalance(holder.publicKey);
  const { blockhash, lastValidBlockHeight } = await connection().getLatestBlockhash();
  const unsigned = new Transaction({ feePayer: holder.publicKey, blockhash, lastValidBlockHeight }).add(
    createTransferCheckedInstruction(
      tokenAccountOf(holder.publicKey),
      mint(),
      tokenAccountOf(staking),
      holder.publicKey,
      toRaw(100),
      readState().decimals,
    ),
  );
  const wire = unsigned.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');

  await page.goto('/');
  await connectIn(page);
  const send = () =>
    page.evaluate(async (wire) => {
      const bytes = Uint8Array.from(atob(wire), (char) => char.charCodeAt(0));
      return window.phantom!.solana.signAndSendTransaction({ serialize: () => bytes }).then(
        ({ signature }) => signature,
        (error: { code: number }) => error.code,
      );
    }, wire);

  phantom.rejectNext('signAndSendTransaction');
  expect(await send()).toBe(4001);
  expect(await tokenBalance(holder.publicKey)).toBe(holderBefore);

  const signature = await send();
  expect(typeof signature).toBe('string');
  await confirmed(String(signature));
  expect(await tokenBalance(holder.publicKey)).toBe(holderBefore - toRaw(100));
  // Other tests pay into the staking wallet concurrently: read its change from this transaction.
  const { meta } = (await connection().getParsedTransaction(String(signature), {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  }))!;
  const stakingAmount = (balances: TokenBalance[] | null | undefined) =>
    BigInt(
      balances?.find((balance) => balance.owner === staking.toBase58() && balance.mint === readState().mint)?.uiTokenAmount.amount ?? '0',
    );
  expect(stakingAmount(meta!.postTokenBalances) - stakingAmount(meta!.preTokenBalances)).toBe(toRaw(100));
});

test('the fake Wallet Standard wallet registers through the standard window events, connects and signs', async ({ page, holder }) => {
  const solflare = await installFakeStandardWallet(page, holder);
  await page.goto('/documentation');
  const message = 'Sign in to Stakedesk\nNonce: 5678';
  // The page plays the app's side of the registration protocol.
  const seen = await page.evaluate(async (text) => {
    const wallets: Wallet[] = [];
    const register = (...found: Wallet[]) => (wallets.push(...found), () => undefined);
    window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register } }));
    const wallet = wallets[0]!;
    const { connect } = wallet.features['standard:connect'] as StandardConnectFeature['standard:connect'];
    const silent = await connect({ silent: true });
    const { accounts } = await connect();
    const { signMessage } = wallet.features['solana:signMessage'] as SolanaSignMessageFeature['solana:signMessage'];
    const [output] = await signMessage({ account: accounts[0]!, message: new TextEncoder().encode(text) });
    return {
      names: wallets.map((w) => w.name),
      features: Object.keys(wallet.features),
      silentAccounts: silent.accounts.length,
      address: accounts[0]!.address,
      signature: Array.from(output!.signature),
    };
  }, message);
  expect(seen).toMatchObject({ names: ['Solflare'], silentAccounts: 0, address: holder.publicKey.toBase58() });
  expect(seen.features).toEqual(
    expect.arrayContaining([
      'standard:connect',
      'standard:disconnect',
      'standard:events',
      'solana:signMessage',
      'solana:signAndSendTransaction',
    ]),
  );
  expect(verifyEd25519(holder.publicKey, new TextEncoder().encode(message), Uint8Array.from(seen.signature))).toBe(true);
  expect(solflare.requests.map((request) => request.op)).toEqual(['connect', 'connect', 'signMessage']);
});

test.describe('with walletInstalled: false', () => {
  test.use({ walletInstalled: false });
  test('the phantom fixture installs nothing', async ({ page, phantom }) => {
    await page.goto('/');
    expect(phantom.installed).toBe(false);
    expect(await page.evaluate(() => [typeof window.phantom, typeof window.solana])).toEqual(['undefined', 'undefined']);
  });
});
