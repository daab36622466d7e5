import { browserServerEnv } from '@stakedesk/test-support/browser/server-env';

/**
 * The environment the web suite's servers get: what every browser suite's server gets, and limits
 * sized for a whole suite coming from 127.0.0.1.
 */
export function e2eServerEnv(options: {
  dataDir: string;
  rpcUrl: string;
  admin: { username: string; password: string };
  /** A solana-keygen key file (mode 600) whose wallet is the hot wallet automatic payouts pay from. */
  hotWalletKeyFile?: string;
}) {
  return {
    ...browserServerEnv(options),
    // Every browser test comes from 127.0.0.1: per-IP limits sized for the whole suite.
    SIGN_IN_RATE_LIMIT: '10000',
    INTENT_RATE_LIMIT: '10000',
    // The admin tests try wrong passwords on purpose; the limit itself is tested on the API.
    LOGIN_RATE_LIMIT: '1000',
    RPC_RATE_LIMIT: '100000',
    // The alerts spec's webhook receiver listens on 127.0.0.1, which the URL rule refuses otherwise.
    ALLOW_PRIVATE_RPC: '1',
    // Automatic payouts stay off until a test's owner turns them on; the hot wallet exists from the start.
    // Their rounds every 2 s rather than 20: a spec sees the round it waits for in seconds.
    AUTO_PAYOUT_INTERVAL_MS: '2000',
    ...(options.hotWalletKeyFile ? { PAYOUT_SIGNER: `keyfile:${options.hotWalletKeyFile}` } : {}),
  };
}
