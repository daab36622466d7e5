import { fileURLToPath } from 'node:url';
import { Keypair } from '@solana/web3.js';
import { runStateFile } from '@stakedesk/test-support/browser/run-state-file';

/** What the global setup started, for the tests (written once per run, removed after it). */
export type RunState = {
  /** The built renderer's index.html on the test's static server. */
  appURL: string;
  /** The real Stakedesk server. */
  serverURL: string;
  admin: { username: string; password: string };
  /** The test chain and the keys the run holds, for tests that make payouts on it. */
  chain: {
    rpcUrl: string;
    mint: string;
    decimals: number;
    /** base64 of the 64-byte secret keys */
    stakingWalletSecretKey: string;
    mintAuthoritySecretKey: string;
  };
};

export const STATE_DIR = fileURLToPath(new URL('../.state/', import.meta.url));
const stateFile = runStateFile<RunState>(STATE_DIR);

export const writeState = stateFile.write;
export const removeState = stateFile.remove;

export const keypairOf = (secretKey: string) => Keypair.fromSecretKey(Buffer.from(secretKey, 'base64'));

export const readState = stateFile.read;
