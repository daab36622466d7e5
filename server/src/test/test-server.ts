import { generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import bs58 from 'bs58';
import pg from 'pg';
import { Agent } from 'undici';
import type { Sequelize } from 'sequelize';
import { isCodedMessage, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { Chain } from '../chain/chain.js';
import type { SecondProvider } from '../chain/second-provider.js';
import type { ResolveHost } from '../chain/public-host.js';
import { currentUpstreamRpcUrl } from '../rpc-proxy/rpc-endpoint.js';
import { createRpcUpstream } from '../chain/rpc-upstream.js';
import { SolanaChain } from '../chain/solana-chain.js';
import { inject } from 'vitest';
import { bootstrapFirstAdmin } from '../accounts/bootstrap.js';
import { PasswordWorker, TEST_BCRYPT_COST } from '../access/passwords.js';
import { dependencies, type Clock } from '../dependencies.js';
import { createApp } from '../app.js';
import { databaseCheck, type Check } from '../health/readiness.js';
import { createMetrics, type Metrics } from '../metrics/metrics.js';
import { DEFAULT_CACHE_TTL_MS } from '../cache/caches.js';
import { DEFAULT_RESERVES_PROOF_DAYS, ownUrl } from '../config.js';
import { answerClientErrorsWithJson } from '../http/client-errors.js';
import { openDatabase, seeders } from '../open-database.js';
import { migrateAndSeed } from '../db/migrator.js';
import { createLogger, type Logger } from '../logger.js';
import { AdminEventHub } from '../events/admin-event-hub.js';
import { FakeChain } from './fake-chain.js';
import { anchorRound } from '../reserves/anchor-round.js';
import { followPayouts } from '../payouts/index.js';
import { autoPayoutRound } from '../auto-payouts/index.js';
import type { PayoutSigner } from '../signer/payout-signer.js';
import type { DemoKeys } from '../demo/index.js';
import { treasuryCoverage } from '../treasury/treasury.service.js';
import { watchTreasury } from '../treasury/treasury-watch.js';
import { followDeposits } from '../stakes/deposit-follower.js';
import { outflowExplainers } from '../outflow-explainers.js';

/**
 * A test's requests to the app open a connection each: the test chain runs in this process, and a
 * test that sends it many transactions holds the event loop long enough for a kept-alive socket to
 * be closed by the server just as the client reuses it (ECONNRESET on the next request).
 */
const noKeepAlive = new Agent({ pipelining: 0 });

export const ADMIN = { username: 'root', email: 'root@example.com', password: 'correct horse battery' };
/** The first admin's step-up (its password), for changes to the staking wallet, token contract, RPC provider or admins. */
export const STEP_UP = { currentPassword: ADMIN.password };

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers };

/** The coded message of an answer the test expects to be a refusal (4xx or 5xx); throws on any other answer. */
export function refusalOf(response: ApiResponse<unknown>): CodedMessage {
  if (response.status < 400 || !isCodedMessage(response.body))
    throw new Error(`not a refusal: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export const randomWallet = () => bs58.encode(randomBytes(32));
export const randomTxId = () => bs58.encode(randomBytes(64));

/**
 * A wallet whose key we hold, so it can sign the server's sign-in message as Phantom would;
 * `secretKey` (seed then public key, 64 bytes) makes the same wallet a web3.js Keypair.
 */
export type Holder = { wallet: string; secretKey: Uint8Array; sign: (message: string) => string };

export function newHolder(): Holder {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.from(jwk.x!, 'base64url');
  return {
    wallet: bs58.encode(publicKey),
    secretKey: new Uint8Array([...Buffer.from(jwk.d!, 'base64url'), ...publicKey]),
    sign: (message) => bs58.encode(sign(null, Buffer.from(message, 'utf8'), privateKey)),
  };
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
 * loopback port, with a first admin; its chain is the fake one (`chain`) unless `realChain` is given.
 */
export async function startTestServer(
  options: {
    loginRateLimit?: number;
    signInRateLimit?: number;
    rpcRateLimit?: number;
    intentRateLimit?: number;
    solanaRpcUrl?: string;
    realChain?: Chain;
    /** The verifier main.ts builds: SolanaChain reading the upstream from settings, through the server's RPC upstream. */
    settingsChain?: { timeoutMs: number };
    /** ALLOW_PRIVATE_RPC (off unless given). */
    allowPrivateRpc?: boolean;
    /** The DNS the RPC upstream checks use (the system's unless given). */
    resolveHost?: ResolveHost;
    eventHeartbeatMs?: number;
    treasuryCacheMs?: number;
    /** Settings and plans in memory at most this long (the server's default, 5 s, unless given). */
    cacheTtlMs?: number;
    /** Off (0) unless given: most tests write stakes with plain SQL and read the totals at once. */
    statsCacheMs?: number;
    /** PUBLIC_URL: the origin sign-in messages name (the server's own URL unless given). */
    publicUrl?: string;
    /** TRUST_PROXY: how many proxies in front (none unless given), so X-Forwarded-For names the client. */
    trustProxy?: number;
    /** Where the server logs (silent, or TEST_LOG_LEVEL, unless given): a test can read every line. */
    logger?: Logger;
    /** /readyz's checks (the database's alone unless given) and METRICS_TOKEN (unset unless given). */
    readinessChecks?: (db: Sequelize) => Record<string, () => Promise<Check>>;
    metricsToken?: string;
    /** /metrics' registry (the request and RPC figures alone unless given). */
    metrics?: (db: Sequelize, chain: FakeChain) => Metrics;
    /** WEB_DIST: the built web app the server serves (none unless given). */
    webDist?: string;
    /** Where the built verifier's package is served from (none unless given). */
    verifierDownloads?: string;
    /** PAYOUT_SIGNER: what signs automatic payouts (none unless given). */
    payoutSigner?: PayoutSigner;
    /** DEMO_MODE with these keys, its chain solanaRpcUrl (not a demo server unless given). */
    demo?: DemoKeys;
    /** SOLANA_VERIFY_RPC_URL's provider (none unless given). */
    secondProvider?: SecondProvider;
    /** The PostgreSQL server the test database is made on (the tests' shared one unless given). */
    postgresUrl?: string;
    /** bcrypt's cost for the admins' passwords (the tests' cheap one unless given). */
    passwordCost?: number;
    /** The test database's name (a fresh test_… unless given): `stakedesk` is the one the built server opens in DATA_DIR. */
    database?: string;
  } = {},
) {
  const serverUrl = options.postgresUrl ?? inject('postgresUrl');
  const database = options.database ?? `test_${randomUUID().replaceAll('-', '')}`;
  // A copy of the run's migrated database on the tests' PostgreSQL; on another server, an empty one.
  const template = options.postgresUrl ? '' : ` TEMPLATE ${inject('migratedTemplate')}`;
  await onServer(serverUrl, `CREATE DATABASE ${database}${template}`);
  const url = databaseUrl(serverUrl, database);
  const db: Sequelize = openDatabase(url);
  await migrateAndSeed(db, seeders({ examplePlans: false }));
  // Every admin password at the tests' cost: the suites sign in and confirm changes thousands of times,
  // each a quarter of a second of CPU at the real cost (passwords.test.ts holds the default to it).
  const passwords = new PasswordWorker(options.passwordCost ?? TEST_BCRYPT_COST);
  await bootstrapFirstAdmin(db, passwords, ADMIN);
  const chain = new FakeChain();
  const logger = options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const events = new AdminEventHub(url, logger, options.eventHeartbeatMs);
  const jwtSecret = randomBytes(32).toString('hex');
  const solanaRpcUrl = options.solanaRpcUrl ?? 'http://127.0.0.1:9/unreachable';
  const rpc = createRpcUpstream({ solanaRpcUrl, allowPrivateRpc: options.allowPrivateRpc ?? false }, options.resolveHost);
  const settingsChain =
    options.settingsChain && new SolanaChain(currentUpstreamRpcUrl(db, solanaRpcUrl), options.settingsChain.timeoutMs, rpc.fetch);
  // Listening first, as main.ts does: the app's default public URL is the address it listens on.
  const server = createServer();
  answerClientErrorsWithJson(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = ownUrl('127.0.0.1', (server.address() as AddressInfo).port);
  const deps = dependencies({
    database: db,
    chain: options.realChain ?? settingsChain ?? chain,
    secondProvider: options.secondProvider,
    events,
    passwords,
    jwtSecret,
  });
  const app = createApp({
    config: {
      jwtSecret,
      publicUrl: options.publicUrl ?? baseUrl,
      corsOrigins: ['https://admin.example.com'],
      solanaCluster: 'devnet',
      webDist: options.webDist ?? '/nonexistent',
      verifierDownloads: options.verifierDownloads ?? '/nonexistent',
      trustProxy: options.trustProxy ?? 0,
      loginRateLimit: options.loginRateLimit ?? 1000,
      signInRateLimit: options.signInRateLimit ?? 10_000,
      rpcRateLimit: options.rpcRateLimit ?? 10_000,
      intentRateLimit: options.intentRateLimit ?? 10_000,
      solanaRpcUrl,
      cacheTtlMs: options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS,
      statsCacheMs: options.statsCacheMs ?? 0,
      payoutSigner: options.payoutSigner ?? null,
      allowPrivateRpc: options.allowPrivateRpc ?? false,
      reservesProofDays: DEFAULT_RESERVES_PROOF_DAYS,
    },
    // TEST_LOG_LEVEL=error (or debug) shows the server's logs while debugging a test.
    logger,
    dependencies: deps,
    rpc,
    treasuryCacheMs: options.treasuryCacheMs,
    demo: options.demo && { keys: options.demo, chainUrl: solanaRpcUrl },
    health: {
      checks: options.readinessChecks?.(db) ?? { database: databaseCheck(db) },
      metrics: options.metrics?.(db, chain) ?? createMetrics(),
      metricsToken: options.metricsToken,
    },
  });
  server.on('request', app);

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
      dispatcher: noKeepAlive,
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
      dispatcher: noKeepAlive,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress: holder.wallet, message: nonce.body.message, signature: holder.sign(nonce.body.message) }),
    });
    if (verified.status !== 200) throw new Error(`sign-in failed: ${verified.status} ${await verified.text()}`);
    const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;
    sessions.set(holder.wallet, cookie);
    return cookie;
  }

  const hotWallet = options.payoutSigner?.publicKey.toBase58() ?? null;
  /** The treasury as the panel reads it, never from its cache. */
  const freshCoverage = () =>
    treasuryCoverage(db, options.realChain ?? settingsChain ?? chain, logger, options.payoutSigner?.publicKey.toBase58(), 0);
  return {
    baseUrl,
    /** The test database, for a second server instance on it. */
    databaseUrl: url,
    /** What the app's modules were handed (the chain is the one the app uses), for background work started by a test. */
    dependencies: deps,
    events,
    jwtSecret,
    signIn,
    db,
    chain,
    request,
    login,
    /** Every route the app mounted, 'METHOD /path' as Express has it. */
    mountedRoutes: app.mountedRoutes,
    /** One round of what the server follows on chain (payouts, intents' deposits), as their jobs run them. */
    async followChain() {
      const following = options.realChain ?? settingsChain ?? chain;
      await followPayouts(db, following, logger, { recheckMs: 0, secondProvider: deps.secondProvider });
      await followDeposits(db, following, logger, outflowExplainers, { hotWallet });
    },
    /** One round of deposit detection alone, as its own scheduled job runs it; how many deposits it recorded. */
    followDeposits: () => followDeposits(db, options.realChain ?? settingsChain ?? chain, logger, outflowExplainers, { hotWallet }),
    /** One round of automatic payouts, as its scheduled job runs it (the clock is the real one unless given). */
    autoPayouts: (clock?: Clock) =>
      autoPayoutRound({
        database: db,
        chain: options.realChain ?? settingsChain ?? chain,
        secondProvider: deps.secondProvider,
        logger,
        signer: options.payoutSigner ?? null,
        coverage: freshCoverage(),
        clock: clock ?? deps.clock,
      }),
    /** One round of anchoring reserves snapshots (followed to landing; from the hot wallet with a signer), as its scheduled job runs it. */
    anchorReserves: () =>
      anchorRound({
        database: db,
        chain: options.realChain ?? settingsChain ?? chain,
        logger,
        signer: options.payoutSigner ?? null,
      }),
    /** One look of the treasury watch (treasury.uncovered, hot_wallet.low), as its scheduled job runs it; the alerts it sent. */
    treasuryWatch: () => watchTreasury(db, freshCoverage()),
    async close() {
      await events.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.close();
      await onServer(serverUrl, `DROP DATABASE ${database} WITH (FORCE)`);
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
