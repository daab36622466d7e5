import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@stakedesk/shared/messages';
import { createAdminClient, type AdminClientHooks } from './admin-client.js';
import { createStepUpBroker, isStepUpCancelled, isStepUpRefusal, type StepUpQuestion } from './step-up.js';

type Sent = { method: string; url: string; body: unknown; authorization: string | null };

/**
 * A fake server for PUT /api/admin/settings: a staking-wallet change needs currentPassword
 * 'right' and code '123456' in the body, as the server's step-up expects.
 */
function fakeServer() {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    sent.push({ method: init.method ?? 'GET', url, body, authorization: new Headers(init.headers).get('authorization') });
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/api/admin/settings') && body?.stakingWallet) {
      if (body.currentPassword === undefined) return json(403, { message: MESSAGES.stepUpRequired, stepUpRequired: true });
      if (body.currentPassword !== 'right' || body.code !== '123456')
        return json(403, { message: MESSAGES.stepUpWrong, stepUpRequired: true });
    }
    if (url.endsWith('/api/admin/admins')) return json(403, { message: 'This needs the owner role', requiredRole: 'owner' });
    return json(200, { saved: body });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

afterEach(() => void vi.unstubAllGlobals());

/** The client as the session builds it, with the broker standing in for the dialog. */
function clientWithDialog() {
  const broker = createStepUpBroker();
  const questions: (StepUpQuestion | null)[] = [];
  broker.listen((question) => questions.push(question));
  const hooks: AdminClientHooks = { onUnauthorized: vi.fn(), onTwoFactorSetupRequired: vi.fn(), stepUp: broker.ask };
  const client = createAdminClient('https://server.example', 'token-1', hooks);
  const open = async () => {
    await vi.waitFor(() => expect(questions.at(-1)).toBeTruthy());
    return questions.at(-1)!;
  };
  return { client, questions, open };
}

describe('step-up: a change the server wants confirmed', () => {
  it('asks, then sends the same request again with the current password and code added', async () => {
    const sent = fakeServer();
    const { client, questions, open } = clientWithDialog();
    const saving = client.send('PUT', '/api/admin/settings', { tokenName: 'T', stakingWallet: 'W' });
    const question = await open();
    await question.attempt({ currentPassword: 'right', code: '123456' });
    await expect(saving).resolves.toEqual({ saved: { tokenName: 'T', stakingWallet: 'W', currentPassword: 'right', code: '123456' } });
    expect(sent.map((s) => [s.method, s.body])).toEqual([
      ['PUT', { tokenName: 'T', stakingWallet: 'W' }],
      ['PUT', { tokenName: 'T', stakingWallet: 'W', currentPassword: 'right', code: '123456' }],
    ]);
    expect(sent.every((s) => s.authorization === 'Bearer token-1')).toBe(true);
    // The dialog was told to close.
    expect(questions.at(-1)).toBeNull();
  });

  it('a wrong password stays in the dialog with the server message; the next try can succeed', async () => {
    fakeServer();
    const { client, questions, open } = clientWithDialog();
    const saving = client.send('PUT', '/api/admin/settings', { stakingWallet: 'W' });
    const question = await open();
    const wrong = await question.attempt({ currentPassword: 'wrong', code: '123456' }).catch((error: unknown) => error);
    expect(isStepUpRefusal(wrong)).toBe(true);
    expect((wrong as Error).message).toBe(MESSAGES.stepUpWrong);
    expect(questions.at(-1)).toBe(question);
    await question.attempt({ currentPassword: 'right', code: '123456' });
    await expect(saving).resolves.toMatchObject({ saved: { stakingWallet: 'W', currentPassword: 'right' } });
  });

  it('cancel rejects with StepUpCancelled and sends nothing more', async () => {
    const sent = fakeServer();
    const { client, questions, open } = clientWithDialog();
    const saving = client.send('PUT', '/api/admin/settings', { stakingWallet: 'W' });
    (await open()).cancel();
    const outcome = await saving.catch((error: unknown) => error);
    expect(isStepUpCancelled(outcome)).toBe(true);
    expect(sent).toHaveLength(1);
    expect(questions.at(-1)).toBeNull();
  });

  it('a request that needs no step-up never asks', async () => {
    const sent = fakeServer();
    const { client, questions } = clientWithDialog();
    await expect(client.send('PUT', '/api/admin/settings', { tokenName: 'T' })).resolves.toEqual({ saved: { tokenName: 'T' } });
    expect(questions).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('any other refusal goes straight to the caller, with its server message', async () => {
    fakeServer();
    const { client, questions } = clientWithDialog();
    await expect(client.send('POST', '/api/admin/admins', { username: 'x' })).rejects.toMatchObject({
      status: 403,
      message: 'This needs the owner role',
    });
    expect(questions).toEqual([]);
  });

  it('stepUp: false leaves the refusal to the caller (a form that already asks for the password)', async () => {
    fakeServer();
    const { client, questions } = clientWithDialog();
    const outcome = await client
      .send('PUT', '/api/admin/settings', { stakingWallet: 'W' }, { stepUp: false })
      .catch((error: unknown) => error);
    expect(isStepUpRefusal(outcome)).toBe(true);
    expect(questions).toEqual([]);
  });

  it('with no dialog mounted the request is cancelled, not left hanging', async () => {
    fakeServer();
    const broker = createStepUpBroker();
    const client = createAdminClient('https://server.example', 't', {
      onUnauthorized: vi.fn(),
      onTwoFactorSetupRequired: vi.fn(),
      stepUp: broker.ask,
    });
    expect(
      isStepUpCancelled(await client.send('PUT', '/api/admin/settings', { stakingWallet: 'W' }).catch((error: unknown) => error)),
    ).toBe(true);
  });

  it('a failure other than a wrong proof on the retry closes the dialog and reaches the caller', async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      return body.currentPassword
        ? new Response(JSON.stringify({ message: 'Invalid', errors: { stakingWallet: 'Staking wallet must be a valid Solana address' } }), {
            status: 400,
          })
        : new Response(JSON.stringify({ message: MESSAGES.stepUpRequired, stepUpRequired: true }), { status: 403 });
    });
    vi.stubGlobal('fetch', fetch);
    const { client, questions, open } = clientWithDialog();
    const saving = client.send('PUT', '/api/admin/settings', { stakingWallet: 'W' });
    await (await open()).attempt({ currentPassword: 'right' });
    await expect(saving).rejects.toMatchObject({ status: 400 });
    expect(questions.at(-1)).toBeNull();
  });
});
