import { open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { test } from '@playwright/test';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { shownCoverage } from '@stakedesk/shared/treasury';
import { adminCall, adminToken } from './admin-api.js';
import { readState } from './state.js';

/** A lock left by a worker that died is taken over after this long (a test holds it a minute or two at most). */
const STALE_LOCK_MS = 180_000;

/**
 * Snapshots are the whole platform's: a test that takes one and then reads "the latest" holds this
 * for its whole run, so that a test on the other worker does not take a newer one in between.
 * The time spent waiting for it is added to the test's timeout. Returns the release, for afterEach.
 */
export async function holdReservesSnapshots(): Promise<() => Promise<void>> {
  const lock = path.join(readState().dataDir, 'reserves-snapshots.lock');
  const info = test.info();
  const timeout = info.timeout;
  const started = Date.now();
  info.setTimeout(timeout + STALE_LOCK_MS);
  for (;;) {
    try {
      await (await open(lock, 'wx')).close();
      info.setTimeout(timeout + (Date.now() - started));
      return () => unlink(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await stat(lock).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) await unlink(lock).catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** An owner takes a snapshot of the reserves now, as the panel's button does (DESIGN 14). */
export async function takeReservesSnapshot(): Promise<ReservesSnapshot> {
  // The server's daily round may be taking one at this moment: asked again, as its 409 says to.
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminCall<ReservesSnapshot>(await adminToken(), 'POST', '/api/admin/reserves/snapshots');
    } catch (error) {
      if (attempt === 20 || !String(error).includes('reservesSnapshotInProgress')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** GET /api/reserves: the latest snapshot as every holder reads it. */
export async function latestReservesSnapshot(): Promise<ReservesSnapshot> {
  const response = await fetch(`${readState().baseURL}/api/reserves`);
  if (!response.ok) throw new Error(`GET /api/reserves: ${response.status} ${await response.text()}`);
  return (await response.json()) as ReservesSnapshot;
}

/** GET /api/reserves/{id}. */
export async function reservesSnapshotById(id: number): Promise<ReservesSnapshot> {
  const response = await fetch(`${readState().baseURL}/api/reserves/${id}`);
  if (!response.ok) throw new Error(`GET /api/reserves/${id}: ${response.status} ${await response.text()}`);
  return (await response.json()) as ReservesSnapshot;
}

/** Raw units of the run's mint as whole tokens, the way the holder pages write them in English ("1,234.5"). */
export function tokensText(raw: string): string {
  const { decimals } = readState();
  const scale = 10n ** BigInt(decimals);
  const units = BigInt(raw);
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${(units / scale).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''}`;
}

/** A coverage percent ("12.60", "12345.60") the way the holder pages write it in English ("12.60%", ">999%"). */
export function percentText(value: string): string {
  const shown = shownCoverage(value);
  const [whole, fraction] = shown.percent.split('.');
  return `${shown.beyond ? '>' : ''}${BigInt(whole!).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''}%`;
}

/** How many failed checks with `code` the server has counted so far (its /metrics, which this machine may read). */
export async function checkFailuresCounted(code: string): Promise<number> {
  const text = await (await fetch(`${readState().baseURL}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`stakedesk_reserves_check_failures_total{code="${code}"} `));
  return line ? Number(line.split(' ').pop()) : 0;
}
