import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { shownCoverage } from '@stakedesk/shared/treasury';
import { adminCall, adminToken } from './admin-api.js';
import { readState } from './state.js';

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
