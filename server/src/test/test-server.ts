import { generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import bs58 from 'bs58';
import pg from 'pg';
import type { Sequelize } from 'sequelize';
import { inject } from 'vitest';
import { bootstrapFirstAdmin } from '../admins/bootstrap.js';
import { createApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { migrateAndSeed } from '../db/migrator.js';
import { createLogger } from '../logger.js';
import { FakeChain } from './fake-chain.js';

export const ADMIN = { username: 'root', email: 'root@example.com', password: 'correct horse battery' };

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

export const randomWallet = () => bs58.encode(randomBytes(32));
export const randomTxId = () => bs58.encode(randomBytes(64));

/** A wallet whose key we hold, so it can sign the server's sign-in message as Phantom would. */
export type Holder = { wallet: string; sign: (message: string) => string };

export function newHolder(): Holder {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const wallet = bs58.encode(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
  return { wallet, sign: (message) => bs58.encode(sign(null, Buffer.from(message, 'utf8'), privateKey)) };
}

/** Who a test request is from: an admin token, a signed-in wallet, and/or a page origin. */
export type RequestAuth = string | { token?: string; as?: string; cookie?: string; origin?: string };

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The real app on a fresh, migrated PostgreSQL database of its own, listening on a free
 * loopback port, with a first admin and the fake chain as its verifier.
 */
export async function startTestServer(
  options: { loginRateLimit?: number; signInRateLimit?: number; rpcRateLimit?: number; solanaRpcUrl?: string } = {},
) {
  const serverUrl = inject('postgresUrl');
  const database = `test_${randomUUID().replaceAll('-', '')}`;
  await onServer(serverUrl, `CREATE DATABASE ${database}`);
  const sequelize: Sequelize = openDatabase(databaseUrl(serverUrl, database));
  await migrateAndSeed(sequelize, { examplePlans: false });
  await bootstrapFirstAdmin(sequelize, ADMIN);
  const chain = new FakeChain();
  const app = createApp({
    config: {
      jwtSecret: randomBytes(32).toString('hex'),
      corsOrigins: ['https://admin.example.com'],
      solanaCluster: 'devnet',
      webDist: '/nonexistent',
      loginRateLimit: options.loginRateLimit ?? 1000,
      signInRateLimit: options.signInRateLimit ?? 10_000,
      rpcRateLimit: options.rpcRateLimit ?? 10_000,
      solanaRpcUrl: options.solanaRpcUrl ?? 'http://127.0.0.1:9/unreachable',
    },
    logger: createLogger('silent'),
    sequelize,
    chain,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sessions = new Map<string, string>();

  async function request<T = any>(method: string, path: string, body?: unknown, auth: RequestAuth = {}): Promise<ApiResponse<T>> {
    const { token, as, cookie, origin } = typeof auth === 'string' ? { token: auth } : auth;
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const sessionCookie = cookie ?? (as ? sessions.get(as) : undefined);
    if (sessionCookie) headers.cookie = sessionCookie;
    if (origin) headers.origin = origin;
    const response = await fetch(baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text so a test can show it
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  async function login(username = ADMIN.username, password = ADMIN.password): Promise<string> {
    const response = await request<{ token: string }>('POST', '/api/admin/login', { username, password });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.token;
  }

  /** Signs in through the API (nonce, ed25519 signature, verify); later `{ as: wallet }` requests send the cookie. */
  async function signIn(holder: Holder): Promise<string> {
    const nonce = await request<{ message: string }>('POST', '/api/auth/nonce', { walletAddress: holder.wallet });
    const verified = await fetch(`${baseUrl}/api/auth/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress: holder.wallet, message: nonce.body.message, signature: holder.sign(nonce.body.message) }),
    });
    if (verified.status !== 200) throw new Error(`sign-in failed: ${verified.status} ${await verified.text()}`);
    const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;
    sessions.set(holder.wallet, cookie);
    return cookie;
  }

  return {
    baseUrl,
    signIn,
    sequelize,
    chain,
    request,
    login,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await sequelize.close();
      await onServer(serverUrl, `DROP DATABASE ${database} WITH (FORCE)`);
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
