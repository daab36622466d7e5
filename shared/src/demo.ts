/**
 * What `npm run demo` (the demo workspace) and a server in demo mode agree on (DESIGN 16): where
 * the demo keeps its data, and the key files it leaves there for the server.
 */

/** The demo's data directory, beside `npm start`'s ./.data; a production server refuses to start on it. */
export const DEMO_DATA_DIR_NAME = '.data-demo';

/** solana-keygen key files (mode 600) the demo writes into its data directory. */
export const DEMO_KEY_FILES = {
  /** The demo mints' authority, which also pays the SOL of "Get demo tokens". */
  faucet: 'demo-faucet.json',
  /** The staking wallet: the panel's demo wallet signs payouts by hand with it. */
  stakingWallet: 'demo-staking-wallet.json',
  /** The hot wallet: PAYOUT_SIGNER, which pays withdrawals automatically. */
  hotWallet: 'demo-hot-wallet.json',
} as const;

/** What one press of "Get demo tokens" gives: whole tokens of the current mint, and SOL for the fees. */
export const DEMO_TOKENS_GIVEN = 10_000n;
export const DEMO_LAMPORTS_GIVEN = 1_000_000_000n;
