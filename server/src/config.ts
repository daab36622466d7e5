import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_DATA_DIR_NAME } from '@stakedesk/shared/demo';
import { SOLANA_CLUSTERS, type SolanaCluster } from '@stakedesk/shared/format';
import { DEFAULT_CACHE_TTL_MS, DEFAULT_STATS_CACHE_MS } from './cache/caches.js';
import { LOG_FORMATS, type LogFormat } from './log-format.js';
import { openPayoutSigner } from './signer/open-payout-signer.js';
import { PayoutSignerError, type PayoutSigner } from './signer/payout-signer.js';

/** RESERVES_PROOF_DAYS' default: holders' proofs are kept about a quarter. */
export const DEFAULT_RESERVES_PROOF_DAYS = 90;

export type Config = {
  port: number;
  host: string;
  /**
   * The origin holders sign in to (PUBLIC_URL), named in every sign-in message; undefined means the
   * server's own URL, known once it listens (ownUrl).
   */
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  /**
   * DATABASE_LISTEN_URL: where the one LISTEN connection of each instance goes (admin events, cache
   * changes), when DATABASE_URL is a pooler in transaction mode that cannot hold a LISTEN; unset, DATABASE_URL.
   */
  databaseListenUrl: string | undefined;
  dataDir: string;
  /** BACKUP_DIR: the embedded PostgreSQL's base backups and WAL archive (DESIGN 19); default DATA_DIR/backups. Unused with DATABASE_URL. */
  backupDir: string;
  /** BACKUP_KEEP_DAYS: base backups older than this are removed, with the WAL only they needed (never the newest); default 7. */
  backupKeepDays: number;
  jwtSecret: string;
  production: boolean;
  admin: { username: string; email: string; password: string | undefined };
  solanaRpcUrl: string;
  /**
   * SOLANA_VERIFY_RPC_URL: a second, independent provider that must agree with the first before
   * a payout is called expired or the hot wallet sends (DESIGN 15); unset, the first is trusted alone.
   */
  solanaVerifyRpcUrl: string | undefined;
  /** ALLOW_PRIVATE_RPC: the provider URL in settings may point at internal addresses (local validators, tests). */
  allowPrivateRpc: boolean;
  solanaCluster: SolanaCluster;
  corsOrigins: string[];
  logLevel: string;
  /** LOG_FORMAT: JSON or human lines; undefined lets main.ts choose (log-format.ts). */
  logFormat: LogFormat | undefined;
  /** Where the built web app lives; served with an SPA fallback when it exists. */
  webDist: string;
  /** Where the built verifier's package and SHA256SUMS live (npm run build -w verifier), served at /verify. */
  verifierDownloads: string;
  expiryIntervalMs: number;
  /** WITHDRAWAL_OVERDUE_HOURS: a withdrawal pending longer is announced to the alert webhooks (default 12). */
  withdrawalOverdueHours: number;
  /** RESERVES_PROOF_DAYS: how long holders' proofs of a proof-of-reserves snapshot are kept (default 90); the snapshot itself stays. */
  reservesProofDays: number;
  /** How often the server looks on chain for sent payouts' outcomes. */
  chainFollowIntervalMs: number;
  /** SHUTDOWN_GRACE_MS: on SIGTERM, how long /readyz answers 503 while requests are still served, so a load balancer stops sending them before the listener closes (10 s in production, 0 otherwise). */
  shutdownGraceMs: number;
  /** How often the server looks for new transactions of the staking wallet's token accounts (deposits). */
  depositFollowIntervalMs: number;
  /** How often automatic payouts look for withdrawals to pay (AUTO_PAYOUT_INTERVAL_MS). */
  autoPayoutIntervalMs: number;
  /** Express 'trust proxy': how many proxies sit in front, so rate limits see the real client. */
  trustProxy: number;
  /** Per client IP: failed admin logins per 15 minutes, holder sign-in calls, RPC proxy calls and deposit intents per minute. */
  loginRateLimit: number;
  signInRateLimit: number;
  rpcRateLimit: number;
  intentRateLimit: number;
  /** How long settings and plans may be served from memory at most (they are dropped at every change anyway); 0 = never. */
  cacheTtlMs: number;
  /** How old the public stats may be; 0 = computed on every request. */
  statsCacheMs: number;
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset, only this machine may read /metrics. */
  metricsToken: string | undefined;
  /** PAYOUT_SIGNER: what signs the payouts the server sends by itself; null: every payout is an operator's. */
  payoutSigner: PayoutSigner | null;
  /** DEMO_MODE: started by `npm run demo` (DESIGN 16): play tokens on a local chain, the demo wallet and its faucet. */
  demo: boolean;
};

export class ConfigError extends Error {}

const PUBLIC_MAINNET_RPC = 'https://api.mainnet-beta.solana.com';

function readPositiveInteger(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a positive whole number, got '${raw}'`);
  return value;
}

function readMilliseconds(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number of milliseconds, got '${raw}'`);
  return value;
}

function readFlag(raw: string | undefined, name: string): boolean {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0, got '${raw}'`);
}

function readMetricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 24) throw new ConfigError('METRICS_TOKEN must be at least 24 characters (a random token, e.g. openssl rand -hex 24)');
  return raw;
}

function readPayoutSigner(raw: string | undefined): PayoutSigner | null {
  try {
    return openPayoutSigner(raw);
  } catch (error) {
    if (error instanceof PayoutSignerError) throw new ConfigError(error.message);
    throw error;
  }
}

function readPort(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`${name} must be a port number, got '${raw}'`);
  return port;
}

function readLogFormat(raw: string | undefined): LogFormat | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!LOG_FORMATS.includes(raw as LogFormat)) throw new ConfigError(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')}, got '${raw}'`);
  return raw as LogFormat;
}

/** An http(s) origin, no path, query or credentials; canonical form (lower-case host, no default port). */
function readPublicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const problem = `PUBLIC_URL must be an http(s) origin such as https://stake.example.com (no path or query), got '${raw}'`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(problem);
  }
  const originOnly = url.pathname === '/' && !/[?#]/.test(raw) && !url.username && !url.password;
  if (!['http:', 'https:'].includes(url.protocol) || !originOnly) throw new ConfigError(problem);
  return url.origin;
}

/** An http(s) URL of another provider than SOLANA_RPC_URL's: a second opinion from the same endpoint is none. */
function readVerifyRpcUrl(raw: string | undefined, solanaRpcUrl: string): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  // Not repeated in the error: a provider's URL may carry its key.
  const notUrl = new ConfigError('SOLANA_VERIFY_RPC_URL must be the http(s) URL of a second RPC provider');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw notUrl;
  }
  if (!['http:', 'https:'].includes(url.protocol)) throw notUrl;
  if (url.origin === new URL(solanaRpcUrl).origin)
    throw new ConfigError('SOLANA_VERIFY_RPC_URL must name another provider than SOLANA_RPC_URL (its host and port are the same)');
  return url.href;
}

/** The URL a server listening on host:port answers at. */
export function ownUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** A secret kept in DATA_DIR so that restarts keep admin sessions valid; created on first use. */
export function readOrCreateSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** The embedded PostgreSQL's superuser password in DATA_DIR, generated at its first start; each base backup keeps a copy. */
export const POSTGRES_PASSWORD_FILE = 'postgres-password';

/** Where the embedded PostgreSQL keeps its data directory under DATA_DIR. */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'postgres');

/** BACKUP_DIR, anywhere but inside the data directory it backs up (a backup would copy itself and its WAL archive). */
function readBackupDir(raw: string | undefined, dataDir: string): string {
  const backupDir = path.resolve(raw || path.join(dataDir, 'backups'));
  const databaseDir = embeddedDatabaseDir(dataDir);
  if (backupDir === databaseDir || backupDir.startsWith(databaseDir + path.sep))
    throw new ConfigError(`BACKUP_DIR must not be inside the embedded PostgreSQL's data directory ${databaseDir}, got '${raw}'`);
  return backupDir;
}

/** A production server never runs as the demo: not with DEMO_MODE, not on the demo's data directory. */
function refuseDemoInProduction(production: boolean, demo: boolean, dataDir: string): void {
  if (production && (demo || path.basename(dataDir) === DEMO_DATA_DIR_NAME)) {
    throw new ConfigError(
      `NODE_ENV=production refuses the demo's settings (DEMO_MODE, or the data directory ${DEMO_DATA_DIR_NAME}): unset DEMO_MODE and set DATA_DIR to the production data directory`,
    );
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR || './.data');
  const demo = readFlag(env.DEMO_MODE, 'DEMO_MODE');
  refuseDemoInProduction(production, demo, dataDir);
  const cluster = (env.SOLANA_CLUSTER || 'mainnet-beta') as SolanaCluster;
  if (!SOLANA_CLUSTERS.includes(cluster)) {
    throw new ConfigError(`SOLANA_CLUSTER must be one of ${SOLANA_CLUSTERS.join(', ')}, got '${env.SOLANA_CLUSTER}'`);
  }
  let jwtSecret = env.JWT_SECRET;
  if (!jwtSecret) {
    if (production) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
    jwtSecret = readOrCreateSecret(dataDir, 'jwt-secret');
  } else if (jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters');
  }
  return {
    port: readPort(env.PORT, 3000, 'PORT'),
    host: env.HOST || '127.0.0.1',
    publicUrl: readPublicUrl(env.PUBLIC_URL),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseListenUrl: env.DATABASE_LISTEN_URL || undefined,
    dataDir,
    backupDir: readBackupDir(env.BACKUP_DIR, dataDir),
    backupKeepDays: readPositiveInteger(env.BACKUP_KEEP_DAYS, 7, 'BACKUP_KEEP_DAYS'),
    jwtSecret,
    production,
    admin: {
      username: env.ADMIN_USERNAME || 'admin',
      email: env.ADMIN_EMAIL || 'admin@localhost',
      password: env.ADMIN_PASSWORD || undefined,
    },
    solanaRpcUrl: env.SOLANA_RPC_URL || PUBLIC_MAINNET_RPC,
    solanaVerifyRpcUrl: readVerifyRpcUrl(env.SOLANA_VERIFY_RPC_URL, env.SOLANA_RPC_URL || PUBLIC_MAINNET_RPC),
    allowPrivateRpc: readFlag(env.ALLOW_PRIVATE_RPC, 'ALLOW_PRIVATE_RPC'),
    solanaCluster: cluster,
    corsOrigins: (env.CORS_ORIGINS || '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: readLogFormat(env.LOG_FORMAT),
    webDist: path.resolve(env.WEB_DIST || new URL('../../web/dist', import.meta.url).pathname),
    verifierDownloads: path.resolve(new URL('../../verifier/dist/verify', import.meta.url).pathname),
    expiryIntervalMs: Number(env.EXPIRY_INTERVAL_MS) > 0 ? Number(env.EXPIRY_INTERVAL_MS) : 60_000,
    chainFollowIntervalMs: readPositiveInteger(env.CHAIN_FOLLOW_INTERVAL_MS, 5_000, 'CHAIN_FOLLOW_INTERVAL_MS'),
    // In production two probes of a load balancer checking every 5 s (Kubernetes probes every 10 s:
    // set 20000 there); none elsewhere, where nothing routes traffic by /readyz.
    shutdownGraceMs: readMilliseconds(env.SHUTDOWN_GRACE_MS, production ? 10_000 : 0, 'SHUTDOWN_GRACE_MS'),
    depositFollowIntervalMs: readPositiveInteger(env.DEPOSIT_FOLLOW_INTERVAL_MS, 1_000, 'DEPOSIT_FOLLOW_INTERVAL_MS'),
    // A withdrawal within policy is paid well inside DESIGN 13's 2 minutes.
    autoPayoutIntervalMs: readPositiveInteger(env.AUTO_PAYOUT_INTERVAL_MS, 20_000, 'AUTO_PAYOUT_INTERVAL_MS'),
    trustProxy: Number.isInteger(Number(env.TRUST_PROXY)) && Number(env.TRUST_PROXY) > 0 ? Number(env.TRUST_PROXY) : 0,
    loginRateLimit: readPositiveInteger(env.LOGIN_RATE_LIMIT, 10, 'LOGIN_RATE_LIMIT'),
    signInRateLimit: readPositiveInteger(env.SIGN_IN_RATE_LIMIT, 120, 'SIGN_IN_RATE_LIMIT'),
    rpcRateLimit: readPositiveInteger(env.RPC_RATE_LIMIT, 600, 'RPC_RATE_LIMIT'),
    intentRateLimit: readPositiveInteger(env.INTENT_RATE_LIMIT, 30, 'INTENT_RATE_LIMIT'),
    cacheTtlMs: readMilliseconds(env.CACHE_TTL_MS, DEFAULT_CACHE_TTL_MS, 'CACHE_TTL_MS'),
    statsCacheMs: readMilliseconds(env.STATS_CACHE_MS, DEFAULT_STATS_CACHE_MS, 'STATS_CACHE_MS'),
    metricsToken: readMetricsToken(env.METRICS_TOKEN),
    payoutSigner: readPayoutSigner(env.PAYOUT_SIGNER),
    withdrawalOverdueHours: readPositiveInteger(env.WITHDRAWAL_OVERDUE_HOURS, 12, 'WITHDRAWAL_OVERDUE_HOURS'),
    reservesProofDays: readPositiveInteger(env.RESERVES_PROOF_DAYS, DEFAULT_RESERVES_PROOF_DAYS, 'RESERVES_PROOF_DAYS'),
    demo,
  };
}
