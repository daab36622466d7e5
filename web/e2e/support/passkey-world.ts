import { rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import type { Passkey, TwoFactorSetupResponse } from '@stakedesk/shared/api-types';
import { SoftwarePasskey, type CreationOptions, type RequestOptions } from '@stakedesk/test-support/passkey-authenticator';
import { startServer, stopServer } from '@stakedesk/test-support/browser/server-process';
import { serverDataDir } from '@stakedesk/test-support/browser/server-env';
import { storeCheapPassword } from './database.js';
import { e2eServerEnv } from './server-env.js';
import { readState, STATE_DIR } from './state.js';
import { freshCode } from './two-factor.js';

/*
 * A Stakedesk of its own for the passkey specs, opened at http://localhost:<port> with that as its
 * PUBLIC_URL: a passkey is made for a host name (browsers refuse an IP address such as the run's
 * 127.0.0.1 as a relying party), and this world's owners may be held to passkeys without that
 * reaching the run's other specs. Its chain is the run's.
 */

const ROOT = { username: 'pk-root', password: 'passkey world root password' };

export type Answer<T = Record<string, unknown>> = { status: number; body: T };
export type WorldAdmin = { id: number; username: string; password: string; token: string };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startPasskeyWorld() {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = serverDataDir('stakedesk-e2e-passkeys-');
  const { rpcUrl, mint } = readState();
  const server = await startServer(
    { ...e2eServerEnv({ dataDir, rpcUrl, admin: ROOT }), PORT: String(port), PUBLIC_URL: baseURL },
    path.join(STATE_DIR, `passkeys-server-${process.pid}.log`),
  ).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  await storeCheapPassword(dataDir, ROOT.username, ROOT.password);

  /** One API call as the panel makes it; the answer whatever its status. */
  async function api<T = Record<string, unknown>>(method: string, pathname: string, body?: unknown, token?: string): Promise<Answer<T>> {
    const response = await fetch(`${baseURL}${pathname}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async function expectOk<T>(answer: Promise<Answer<T>>, what: string): Promise<T> {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
    return body;
  }

  const signIn = async (username: string, password: string, code?: string) =>
    (
      await expectOk(
        api<{ token: string }>('POST', '/api/admin/login', { username, password, ...(code && { code }) }),
        `sign in ${username}`,
      )
    ).token;

  const root: WorldAdmin = { id: 1, ...ROOT, token: await signIn(ROOT.username, ROOT.password) };
  await expectOk(
    api(
      'PUT',
      '/api/admin/settings',
      {
        tokenName: 'Passkey Test Token',
        tokenSymbol: 'PKT',
        tokenContract: mint,
        stakingWallet: Keypair.generate().publicKey.toBase58(),
        currentPassword: ROOT.password,
      },
      root.token,
    ),
    'settings',
  );

  return {
    baseURL,
    root,
    api,
    signIn,

    /** A new admin with this role, created by the world's owner (`proof`: the owner's step-up). */
    async createAdmin(role: 'owner' | 'operator', name: string, proof: Record<string, unknown>): Promise<WorldAdmin> {
      const admin = { username: `pk-${name}`, password: `${name} password, long enough` };
      const { id } = await expectOk(
        api<{ id: number }>('POST', '/api/admin/admins', { ...admin, email: `${name}@passkeys.example`, role, ...proof }, root.token),
        `create ${name}`,
      );
      await storeCheapPassword(dataDir, admin.username, admin.password);
      return { id, ...admin, token: await signIn(admin.username, admin.password) };
    },

    /** Two-factor codes for `admin`, turned on through the API as the panel does; its secret. */
    async enrolTotp(admin: WorldAdmin): Promise<string> {
      const { secret } = await expectOk(api<TwoFactorSetupResponse>('POST', '/api/admin/me/two-factor/setup', {}, admin.token), 'setup');
      await expectOk(api('POST', '/api/admin/me/two-factor/enable', { code: await freshCode(secret) }, admin.token), 'enable');
      return secret;
    },

    /** A software passkey added to `admin` through the API on this site's own origin (`proof`: the step-up). */
    async addPasskey(admin: WorldAdmin, proof: Record<string, unknown>, name = 'Spare key'): Promise<SoftwarePasskey> {
      const options = await expectOk(api<CreationOptions>('POST', '/api/admin/me/passkeys/options', undefined, admin.token), 'options');
      const passkey = new SoftwarePasskey();
      const response = passkey.register(options, { origin: baseURL });
      await expectOk(api<Passkey>('POST', '/api/admin/me/passkeys', { response, name, ...proof }, admin.token), 'add passkey');
      return passkey;
    },

    /** A step-up proof answered by `passkey` to fresh step-up options. */
    async passkeyStepUp(admin: WorldAdmin, passkey: SoftwarePasskey) {
      const options = await expectOk(
        api<RequestOptions>('POST', '/api/admin/me/passkeys/step-up-options', undefined, admin.token),
        'step-up options',
      );
      return { currentPassword: admin.password, passkeyResponse: passkey.answer(options, { origin: baseURL }) };
    },

    async stop() {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type PasskeyWorld = Awaited<ReturnType<typeof startPasskeyWorld>>;

/**
 * A real-time phishing proxy: another origin (a port of its own on localhost) that relays every
 * request to the site and every answer back, as the kits that steal passwords and TOTP codes do.
 */
export async function startPhishingProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const site = new URL(target);
  const proxy: Server = createServer((incoming, outgoing) => {
    const relayed = request(
      {
        host: '127.0.0.1',
        port: site.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: site.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    relayed.on('error', () => outgoing.destroy());
    incoming.pipe(relayed);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
