import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { runStateFile } from '@stakedesk/test-support/browser/run-state-file';

/** What the global setup started for one test worker (written once per run, removed after it). */
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

/**
 * Each test worker has a platform of its own (server, database, mint and wallets; the chain is
 * shared): a test that changes what every page shows (maintenance mode, a payout under review)
 * then meets only the tests of its own worker, which run one after another. Playwright numbers
 * the workers running at once 0, 1, ... (TEST_PARALLEL_INDEX); the runner process reads world 0.
 */
export const workerWorld = () => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

const stateFile = (world: number) => runStateFile<RunState>(STATE_DIR, `run-${world}.json`);
/** World `world`'s hot wallet key, as PAYOUT_SIGNER reads it; removed with the state. */
export const hotWalletKeyFile = (world: number) => `${STATE_DIR}hot-wallet-${world}.json`;

export const writeState = (world: number, state: RunState) => stateFile(world).write(state);

export function removeState(worlds: number): void {
  for (let world = 0; world < worlds; world++) {
    stateFile(world).remove();
    rmSync(hotWalletKeyFile(world), { force: true });
  }
}

let cached: RunState | undefined;
/** This worker's platform. */
export function readState(): RunState {
  cached ??= stateFile(workerWorld()).read();
  return cached;
}

export const keypairOf = (secretKey: string) => Keypair.fromSecretKey(bs58.decode(secretKey));
