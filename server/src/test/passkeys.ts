import type { Passkey, PasskeyOptionsJson } from '@stakedesk/shared/api-types';
import { SoftwarePasskey, type CreationOptions, type RequestOptions } from '@stakedesk/test-support/passkey-authenticator';
import type { ApiResponse, TestServer } from './test-server.js';

type Proof = { currentPassword: string; code?: string; passkeyResponse?: unknown };

/** Registration options for the admin of `token` (POST /api/admin/me/passkeys/options). */
export async function newPasskeyOptions(api: TestServer, token: string): Promise<CreationOptions> {
  const options = await api.request<CreationOptions>('POST', '/api/admin/me/passkeys/options', undefined, token);
  if (options.status !== 200) throw new Error(`passkey options: ${options.status} ${JSON.stringify(options.body)}`);
  return options.body;
}

/** Adds a new software passkey to the admin of `token`, as the panel does on the site's own origin; `proof` is the step-up. */
export async function addPasskey(
  api: TestServer,
  token: string,
  proof: Proof,
  name = 'Laptop',
): Promise<{ passkey: SoftwarePasskey; id: number }> {
  const passkey = new SoftwarePasskey();
  const response = passkey.register(await newPasskeyOptions(api, token), { origin: api.baseUrl });
  const added = await api.request<Passkey>('POST', '/api/admin/me/passkeys', { response, name, ...proof }, token);
  if (added.status !== 201) throw new Error(`add passkey: ${added.status} ${JSON.stringify(added.body)}`);
  return { passkey, id: added.body.id };
}

/** A step-up proof answered by `passkey` to fresh step-up options (POST /api/admin/me/passkeys/step-up-options). */
export async function passkeyStepUp(api: TestServer, token: string, passkey: SoftwarePasskey, currentPassword: string): Promise<Proof> {
  const options = await api.request<RequestOptions>('POST', '/api/admin/me/passkeys/step-up-options', undefined, token);
  if (options.status !== 200) throw new Error(`step-up options: ${options.status} ${JSON.stringify(options.body)}`);
  return { currentPassword, passkeyResponse: passkey.answer(options.body, { origin: api.baseUrl }) };
}

export type LoginRefusal = {
  message: string;
  code: string;
  twoFactorRequired?: true;
  passkeyRequired?: true;
  passkeyOptions?: PasskeyOptionsJson;
};

/** The first step of a sign-in: the password alone, which an admin with passkeys is answered 401 with options for. */
export function passwordStep(api: TestServer, username: string, password: string): Promise<ApiResponse<LoginRefusal>> {
  return api.request('POST', '/api/admin/login', { username, password });
}

/** Both steps of a passkey sign-in, the answer made on `origin` (the site's own unless given). */
export async function signInWithPasskey(
  api: TestServer,
  credentials: { username: string; password: string },
  passkey: SoftwarePasskey,
  origin = api.baseUrl,
): Promise<ApiResponse> {
  const first = await passwordStep(api, credentials.username, credentials.password);
  if (!first.body.passkeyOptions) throw new Error(`no passkey options: ${first.status} ${JSON.stringify(first.body)}`);
  const { username, password } = credentials;
  return api.request('POST', '/api/admin/login/passkey', {
    username,
    password,
    response: passkey.answer(first.body.passkeyOptions, { origin }),
  });
}
