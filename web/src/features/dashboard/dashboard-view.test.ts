import { describe, expect, it } from 'vitest';
import { dashboardView, walletDashboardPath } from './dashboard-view.js';
import { readViewedWallet } from './viewed-wallet.js';

const MINE = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const THEIRS = 'So11111111111111111111111111111111111111112';

describe('which dashboard /dashboard shows', () => {
  it('without ?wallet=: the connected wallet’s own, or the card that connects one', () => {
    expect(dashboardView(MINE, null)).toEqual({ kind: 'own' });
    expect(dashboardView(undefined, null)).toEqual({ kind: 'connect' });
  });

  it('with ?wallet= naming the connected wallet: its own dashboard, with its actions (also with stray spaces)', () => {
    expect(dashboardView(MINE, MINE)).toEqual({ kind: 'own' });
    expect(dashboardView(MINE, ` ${MINE}\n`)).toEqual({ kind: 'own' });
  });

  it('with ?wallet= naming another wallet, or with no wallet connected: the read-only view of it', () => {
    expect(dashboardView(MINE, THEIRS)).toEqual({ kind: 'wallet', requested: THEIRS });
    expect(dashboardView(undefined, THEIRS)).toEqual({ kind: 'wallet', requested: THEIRS });
    // Addresses are base58, so case matters: another case is another (or no) wallet.
    expect(dashboardView(MINE, MINE.toLowerCase())).toEqual({ kind: 'wallet', requested: MINE.toLowerCase() });
  });

  it('with a bad or empty ?wallet=: the view, which says so (never the connected wallet’s actions)', () => {
    expect(dashboardView(MINE, 'not-a-wallet')).toEqual({ kind: 'wallet', requested: 'not-a-wallet' });
    expect(dashboardView(undefined, '')).toEqual({ kind: 'wallet', requested: '' });
  });

  it('links to a wallet’s view with the address as its one parameter', () => {
    expect(walletDashboardPath(THEIRS)).toBe(`/dashboard?wallet=${THEIRS}`);
    expect(new URLSearchParams(walletDashboardPath(THEIRS).split('?')[1]).get('wallet')).toBe(THEIRS);
  });
});

describe('the wallet a read-only dashboard shows', () => {
  it('is a base58 public key, trimmed', () => {
    expect(readViewedWallet(THEIRS)).toEqual({ ok: true, wallet: THEIRS });
    expect(readViewedWallet(`  ${MINE} `)).toEqual({ ok: true, wallet: MINE });
  });

  it('is missing when the parameter is empty', () => {
    expect(readViewedWallet('')).toEqual({ ok: false, reason: 'missing' });
    expect(readViewedWallet('   ')).toEqual({ ok: false, reason: 'missing' });
  });

  it('is invalid when it is not a public key: wrong alphabet, length, or bytes', () => {
    for (const bad of [
      'not-a-wallet',
      MINE.slice(0, -1) + '0', // 0 is not base58
      MINE.slice(0, 20),
      MINE + MINE,
      '1111111111111111111111111111111', // 31 characters: too short
      '<script>alert(1)</script>',
      `${'z'.repeat(44)}`, // 44 characters of base58 that decode to more than 32 bytes
    ]) {
      expect(readViewedWallet(bad), bad).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
