import type { DemoAdmin } from './configure.js';
import type { DemoWorld } from './world.js';

/** Where the demo's site listens unless PORT says otherwise: beside `npm start`'s 3000, so both can run. */
export const DEMO_PORT = '3001';

/**
 * The built server's environment: nothing of the user's own (no DATABASE_URL, no PAYOUT_SIGNER of
 * theirs), demo mode on its own data directory, the local chain, the hot wallet as PAYOUT_SIGNER,
 * and the demo's short intervals, so a two-minute stake is completed and paid within seconds of its end.
 */
export function demoServerEnv({
  dataDir,
  world,
  admin,
  port,
}: {
  dataDir: string;
  world: DemoWorld;
  admin: DemoAdmin;
  port: string;
}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    DEMO_MODE: '1',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: port,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SOLANA_RPC_URL: world.chain.url,
    SOLANA_CLUSTER: 'devnet',
    // Webhook receivers (and provider URLs) on this machine are fine for a demo.
    ALLOW_PRIVATE_RPC: '1',
    PAYOUT_SIGNER: `keyfile:${world.hotWalletKeyFile}`,
    AUTO_PAYOUT_INTERVAL_MS: '3000',
    CHAIN_FOLLOW_INTERVAL_MS: '1000',
    EXPIRY_INTERVAL_MS: '5000',
    LOG_LEVEL: 'warn',
  };
}
