import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh data directory for a run's server. */
export function serverDataDir(prefix: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  // The embedded PostgreSQL runs as the postgres user, which must be able to enter the directory.
  chmodSync(dataDir, 0o755);
  return dataDir;
}

/**
 * What every browser suite's server is started with: its own data directory and first admin, the
 * run's test chain, and quick chain following. Each suite adds what its own world needs.
 */
export function browserServerEnv(options: { dataDir: string; rpcUrl: string; admin: { username: string; password: string } }) {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    DATA_DIR: options.dataDir,
    PORT: '0',
    ADMIN_USERNAME: options.admin.username,
    ADMIN_PASSWORD: options.admin.password,
    SOLANA_RPC_URL: options.rpcUrl,
    SOLANA_CLUSTER: 'devnet',
    // Payouts and intents' deposits are followed on chain this often (the default is 5 s).
    CHAIN_FOLLOW_INTERVAL_MS: '500',
    LOG_LEVEL: 'warn',
    EXPIRY_INTERVAL_MS: '3600000',
  };
}
