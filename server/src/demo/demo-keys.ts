import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { DEMO_KEY_FILES } from '@stakedesk/shared/demo';
import { StartupError } from '../startup-error.js';

/** The keys `npm run demo` left in the data directory for a server in demo mode. */
export type DemoKeys = { faucet: Keypair; stakingWallet: Keypair };

function readKeyFile(dataDir: string, name: string): Keypair {
  const file = path.join(dataDir, name);
  try {
    return Keypair.fromSecretKey(Uint8Array.from(JSON.parse(readFileSync(file, 'utf8')) as number[]));
  } catch {
    throw new StartupError(`DEMO_MODE is for npm run demo, which writes ${file}: it is missing or not a keypair file`);
  }
}

export function readDemoKeys(dataDir: string): DemoKeys {
  return { faucet: readKeyFile(dataDir, DEMO_KEY_FILES.faucet), stakingWallet: readKeyFile(dataDir, DEMO_KEY_FILES.stakingWallet) };
}
