import { readState } from './state.js';

/** The operator's side of a browser test, through the real admin API. */
async function adminRequest(method: string, path: string, body?: unknown): Promise<unknown> {
  const { baseURL, admin } = readState();
  const login = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

/** The operator pays a withdrawal by hand: the txId of a real payout, through the same API as the panel. */
export async function completeWithdrawal(withdrawalId: number, txId: string): Promise<void> {
  await adminRequest('PUT', `/api/admin/withdrawals/${withdrawalId}`, { status: 'completed', txId });
}

export async function pendingWithdrawalsOf(wallet: string): Promise<{ id: number; finalAmount: string }[]> {
  const { baseURL } = readState();
  const response = await fetch(`${baseURL}/api/withdrawals/${wallet}`);
  return ((await response.json()) as { id: number; finalAmount: string; status: string }[]).filter((w) => w.status === 'pending');
}

export const updateExpiredStakes = () => adminRequest('POST', '/api/admin/update-expired-stakes') as Promise<{ updatedCount: number }>;

export async function createPlan(plan: {
  name: string;
  minStakeAmount: string;
  yieldRate: string;
  durationDays: number;
  earlyPenaltyRate: string;
  maxTotalStaked?: string;
  maxPerWallet?: string;
}) {
  return (await adminRequest('POST', '/api/admin/staking-plans', plan)) as { id: number };
}

export const togglePlan = (id: number) => adminRequest('PATCH', `/api/admin/staking-plans/${id}/toggle`);
export const deletePlan = (id: number) => adminRequest('DELETE', `/api/admin/staking-plans/${id}`);

/** Points staking at another wallet (restored by passing the run's own staking wallet back). */
export async function setStakingWallet(stakingWallet: string) {
  const { mint } = readState();
  await adminRequest('PUT', '/api/admin/settings', { tokenName: 'Stakedesk Test Token', tokenSymbol: 'SDT', tokenContract: mint, stakingWallet });
}

export async function setSupportContacts(contacts: { supportEmail: string; supportWhatsapp: string; supportTelegram: string }) {
  const { mint, stakingWallet } = readState();
  await adminRequest('PUT', '/api/admin/settings', { tokenName: 'Stakedesk Test Token', tokenSymbol: 'SDT', tokenContract: mint, stakingWallet, ...contacts });
}

export async function setMaintenance(mode: { on: boolean; type?: 'maintenance' | 'update'; message?: string; time?: string }) {
  const { mint, stakingWallet } = readState();
  await adminRequest('PUT', '/api/admin/settings', {
    tokenName: 'Stakedesk Test Token',
    tokenSymbol: 'SDT',
    tokenContract: mint,
    stakingWallet,
    maintenanceMode: mode.on,
    maintenanceType: mode.type ?? 'maintenance',
    ...(mode.message !== undefined && { maintenanceMessage: mode.message }),
    ...(mode.time !== undefined && { maintenanceEstimatedTime: mode.time }),
  });
}

export const adminToken = async () => {
  const { baseURL, admin } = readState();
  const response = await fetch(`${baseURL}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
  return ((await response.json()) as { token: string }).token;
};
