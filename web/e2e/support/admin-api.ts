import type { Admin, TwoFactorSetupResponse } from '@stakedesk/shared/api-types';
import type { AdminRole } from '@stakedesk/shared/roles';
import { storeCheapPassword } from './database.js';
import { readState } from './state.js';
import { freshCode } from './two-factor.js';

/**
 * The run's own admin (an owner without two-factor) confirms a change that needs a step-up
 * (a step-up) with its password; a change that needs none ignores it.
 */
const withStepUp = (body: Record<string, unknown>) => ({ ...body, currentPassword: readState().admin.password });

/** The run's admin signed in once per worker; signed in again when a test ended that session. */
let workerToken: Promise<string> | null = null;

/** The operator's side of a browser test, through the real admin API. */
async function adminRequest(method: string, path: string, body?: unknown): Promise<unknown> {
  const { baseURL } = readState();
  const send = async () =>
    fetch(`${baseURL}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await (workerToken ??= adminToken())}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response = await send();
  if (response.status === 401) {
    workerToken = null;
    response = await send();
  }
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

/** The operator pays a withdrawal by hand: the txId of a real payout, through the same API as the panel. */
export async function completeWithdrawal(withdrawalId: number, txId: string): Promise<void> {
  await adminRequest('PUT', `/api/admin/withdrawals/${withdrawalId}`, { status: 'completed', txId });
}

/** The operator rejects a withdrawal with the reason the holder is shown (the stake goes back to where it was). */
export async function rejectWithdrawal(withdrawalId: number, reason: string): Promise<void> {
  await adminRequest('PUT', `/api/admin/withdrawals/${withdrawalId}`, { status: 'rejected', reason });
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
  await adminRequest(
    'PUT',
    '/api/admin/settings',
    withStepUp({ tokenName: 'Stakedesk Test Token', tokenSymbol: 'SDT', tokenContract: mint, stakingWallet }),
  );
}

/** The chain endpoint holders' browsers read the proof of reserves from ('' for the cluster's public one). */
export async function setHolderRpcUrl(holderRpcUrl: string) {
  const { mint, stakingWallet } = readState();
  await adminRequest(
    'PUT',
    '/api/admin/settings',
    withStepUp({ tokenName: 'Stakedesk Test Token', tokenSymbol: 'SDT', tokenContract: mint, stakingWallet, holderRpcUrl }),
  );
}

export async function setSupportContacts(contacts: { supportEmail: string; supportWhatsapp: string; supportTelegram: string }) {
  const { mint, stakingWallet } = readState();
  await adminRequest(
    'PUT',
    '/api/admin/settings',
    withStepUp({ tokenName: 'Stakedesk Test Token', tokenSymbol: 'SDT', tokenContract: mint, stakingWallet, ...contacts }),
  );
}

export async function setMaintenance(mode: { on: boolean; type?: 'maintenance' | 'update'; message?: string; time?: string }) {
  const { mint, stakingWallet } = readState();
  await adminRequest(
    'PUT',
    '/api/admin/settings',
    withStepUp({
      tokenName: 'Stakedesk Test Token',
      tokenSymbol: 'SDT',
      tokenContract: mint,
      stakingWallet,
      maintenanceMode: mode.on,
      maintenanceType: mode.type ?? 'maintenance',
      ...(mode.message !== undefined && { maintenanceMessage: mode.message }),
      ...(mode.time !== undefined && { maintenanceEstimatedTime: mode.time }),
    }),
  );
}

/** PUT /api/admin/settings as the run's admin, confirmed with its password (a wallet, contract or provider change needs it). */
export const putSettings = (changes: Record<string, unknown>) => {
  const { mint, stakingWallet } = readState();
  return adminRequest(
    'PUT',
    '/api/admin/settings',
    withStepUp({ tokenName: 'Stakedesk Test Token', tokenSymbol: 'SDT', tokenContract: mint, stakingWallet, ...changes }),
  );
};

export const adminToken = async () => {
  const { baseURL, admin } = readState();
  const response = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  return ((await response.json()) as { token: string }).token;
};

/** POST /api/admin/login for any admin: its token, or the refusal as an error. */
export async function loginToken({ username, password, code }: { username: string; password: string; code?: string }): Promise<string> {
  const body = { username, password, ...(code === undefined ? {} : { code }) };
  const response = await fetch(`${readState().baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** One admin API call with a given admin's token. */
export async function adminCall<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${readState().baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export type TestAdmin = { username: string; email: string; password: string; role: AdminRole };

/** A new admin with this role, created by the run's owner (a step-up change). Unique per call. */
export async function createAdmin(role: AdminRole, name: string): Promise<TestAdmin & { id: number }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const admin: TestAdmin = {
    username: `e2e-${name}-${suffix}`,
    email: `${name}-${suffix}@e2e.example`,
    password: `${name} password, long enough`,
    role,
  };
  const created = (await adminRequest('POST', '/api/admin/admins', withStepUp(admin))) as Admin;
  await storeCheapPassword(readState().dataDir, admin.username, admin.password);
  return { ...admin, id: created.id };
}

/** Removes an admin the run's owner created. */
export const deleteAdmin = (id: number) => adminRequest('DELETE', `/api/admin/admins/${id}`);

/** Turns two-factor on through the API, as the panel does: setup, then a current code. */
export async function enrolTwoFactor(token: string): Promise<{ secret: string; recoveryCodes: string[]; usedCode: string }> {
  const { secret } = await adminCall<TwoFactorSetupResponse>(token, 'POST', '/api/admin/me/two-factor/setup');
  const usedCode = await freshCode(secret);
  const { recoveryCodes } = await adminCall<{ recoveryCodes: string[] }>(token, 'POST', '/api/admin/me/two-factor/enable', {
    code: usedCode,
  });
  return { secret, recoveryCodes, usedCode };
}
