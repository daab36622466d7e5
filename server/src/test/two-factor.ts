import { Secret, TOTP } from 'otpauth';
import { vi } from 'vitest';
import type { LoginResponse, RecoveryCodesResponse, TwoFactorSetupResponse } from '@stakedesk/shared/api-types';
import type { LoginRefusal } from './passkeys.js';
import { STEP_UP, type ApiResponse, type TestServer } from './test-server.js';

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` (base32) at `time`, as a phone would compute it. */
export function codeAt(secret: string, time = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: time });
}

/**
 * The server runs in the test's process, so faking Date moves its clock too: each sign-in or
 * step-up with a code then uses a new time step (a code is accepted once). Start in the middle
 * of a step, so a code made just before a request is still current when it arrives.
 */
export function useTestClock(): { nextStep: () => void } {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2);
  return { nextStep: () => vi.setSystemTime(Date.now() + STEP_MS) };
}

export type Enrolled = { secret: string; recoveryCodes: string[]; token: string };

/** Turns two-factor on for the admin of `token`, as the panel does: setup, then a code from the new secret. */
export async function enrol(api: TestServer, token: string): Promise<Enrolled> {
  const setup = await api.request<TwoFactorSetupResponse>('POST', '/api/admin/me/two-factor/setup', {}, token);
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${JSON.stringify(setup.body)}`);
  const enabled = await api.request<RecoveryCodesResponse>(
    'POST',
    '/api/admin/me/two-factor/enable',
    { code: codeAt(setup.body.secret) },
    token,
  );
  if (enabled.status !== 200) throw new Error(`enable: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes, token: enabled.body.token };
}

/** A sign-in's answer: a session, or a refusal (its code, and what the next step needs). */
export function loginWith(
  api: TestServer,
  body: { username: string; password: string; code?: string },
): Promise<ApiResponse<LoginResponse & Partial<LoginRefusal>>> {
  return api.request('POST', '/api/admin/login', body);
}

/** Creates an admin with `role` through the API (root's token and step-up) and signs it in. */
export async function adminWithRole(
  api: TestServer,
  rootToken: string,
  role: 'owner' | 'operator' | 'viewer',
  name = `${role}-${Math.random().toString(36).slice(2, 8)}`,
): Promise<{ id: number; username: string; password: string; token: string }> {
  const password = `${name}-password`;
  const created = await api.request<{ id: number }>(
    'POST',
    '/api/admin/admins',
    { email: `${name}@example.com`, username: name, password, role, ...STEP_UP },
    rootToken,
  );
  if (created.status !== 201) throw new Error(`create ${role}: ${created.status} ${JSON.stringify(created.body)}`);
  return { id: created.body.id, username: name, password, token: await api.login(name, password) };
}
