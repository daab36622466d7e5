import { randomBytes, randomUUID } from 'node:crypto';
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
export async function startTestServer(options: { loginRateLimit?: number } = {}) {
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
    },
    logger: createLogger('silent'),
    sequelize,
    verifier: chain,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function request<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
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

  return {
    baseUrl,
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
