import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Keypair } from '@solana/web3.js';

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
const STATE_FILE = `${STATE_DIR}run.json`;

export function writeState(state: RunState): void {
  mkdirSync(STATE_DIR, { recursive: true });
  writeFileSync(STATE_FILE, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
}

export function removeState(): void {
  rmSync(STATE_FILE, { force: true });
}

export const keypairOf = (secretKey: string) => Keypair.fromSecretKey(Buffer.from(secretKey, 'base64'));

export function readState(): RunState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as RunState;
}
