import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { adminCall, adminToken } from './admin-api.js';
import { readState } from './state.js';

/** An owner takes a snapshot of the reserves now, as the panel's button does (DESIGN 14). */
export async function takeReservesSnapshot(): Promise<ReservesSnapshot> {
  return adminCall<ReservesSnapshot>(await adminToken(), 'POST', '/api/admin/reserves/snapshots');
}

/** GET /api/reserves: the latest snapshot as every holder reads it. */
export async function latestReservesSnapshot(): Promise<ReservesSnapshot> {
  const response = await fetch(`${readState().baseURL}/api/reserves`);
  if (!response.ok) throw new Error(`GET /api/reserves: ${response.status} ${await response.text()}`);
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
