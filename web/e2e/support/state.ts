import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { runStateFile } from '@stakedesk/test-support/browser/run-state-file';

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
const stateFile = runStateFile<RunState>(STATE_DIR);
/** The hot wallet's key, as PAYOUT_SIGNER reads it; removed with the state. */
export const HOT_WALLET_KEY_FILE = `${STATE_DIR}hot-wallet.json`;

export const writeState = stateFile.write;

export function removeState(): void {
  stateFile.remove();
  rmSync(HOT_WALLET_KEY_FILE, { force: true });
}

let cached: RunState | undefined;
export function readState(): RunState {
  cached ??= stateFile.read();
  return cached;
}

export const keypairOf = (secretKey: string) => Keypair.fromSecretKey(bs58.decode(secretKey));
