/**
 * The environment a browser run's server gets: its own data directory and first admin, the run's
 * chain, and limits sized for a whole suite coming from 127.0.0.1.
 */
export function e2eServerEnv(options: {
  dataDir: string;
  rpcUrl: string;
  admin: { username: string; password: string };
  /** A solana-keygen key file (mode 600) whose wallet is the hot wallet automatic payouts pay from. */
  hotWalletKeyFile?: string;
}) {
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
    // Every browser test comes from 127.0.0.1: per-IP limits sized for the whole suite.
    SIGN_IN_RATE_LIMIT: '10000',
    INTENT_RATE_LIMIT: '10000',
    // The admin tests try wrong passwords on purpose; the limit itself is tested on the API.
    LOGIN_RATE_LIMIT: '1000',
    RPC_RATE_LIMIT: '100000',
    EXPIRY_INTERVAL_MS: '3600000',
    // The alerts spec's webhook receiver listens on 127.0.0.1, which the URL rule refuses otherwise.
    ALLOW_PRIVATE_RPC: '1',
    // Automatic payouts stay off until a test's owner turns them on; the hot wallet exists from the start.
    ...(options.hotWalletKeyFile ? { PAYOUT_SIGNER: `keyfile:${options.hotWalletKeyFile}` } : {}),
  };
}

/** A JSON call to a run's server (set-up only: it throws on anything but 2xx). */
export async function serverCall<T>(baseURL: string, method: string, pathname: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseURL}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
