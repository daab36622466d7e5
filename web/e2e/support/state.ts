import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';

/** What the global setup started, for the test workers (written once per run, removed after it). */
export type RunState = {
  baseURL: string;
  rpcUrl: string;
  mint: string;
  decimals: number;
  stakingWallet: string;
  /** base58 of the 64-byte secret key */
  stakingWalletSecretKey: string;
  /** The payout signer's wallet (PAYOUT_SIGNER): automatic payouts pay from it. */
  hotWallet: string;
  mintAuthoritySecretKey: string;
  admin: { username: string; password: string };
  dataDir: string;
  serverPid: number;
};

export const STATE_DIR = fileURLToPath(new URL('../.state/', import.meta.url));
const STATE_FILE = `${STATE_DIR}run.json`;
/** The hot wallet's key, as PAYOUT_SIGNER reads it; removed with the state. */
export const HOT_WALLET_KEY_FILE = `${STATE_DIR}hot-wallet.json`;

export function writeState(state: RunState): void {
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
}

export function removeState(): void {
  rmSync(STATE_FILE, { force: true });
  rmSync(HOT_WALLET_KEY_FILE, { force: true });
}

let cached: RunState | undefined;
export function readState(): RunState {
  cached ??= JSON.parse(readFileSync(STATE_FILE, 'utf8')) as RunState;
  return cached;
}

export const keypairOf = (secretKey: string) => Keypair.fromSecretKey(bs58.decode(secretKey));
