import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import bs58 from 'bs58';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { startServer, stopServer, type ServerProcess } from '@stakedesk/test-support/browser/server-process';
import { saveFirstSettings } from '@stakedesk/test-support/browser/first-settings';
import { serverDataDir } from '@stakedesk/test-support/browser/server-env';
import { storeCheapPassword } from './database.js';
import { e2eServerEnv } from './server-env.js';
import { hotWalletKeyFile, STATE_DIR, writeState, type RunState } from './state.js';

export const DECIMALS = 6;
const ADMIN = { username: 'e2e-admin', password: 'e2e admin password, long enough' };
/** Enough for the payouts (principal plus rewards) the admin tests send. */
const STAKING_WALLET_TOKENS = 1_000_000n;
/** The hot wallet's float: what automatic payouts may pay once an owner turns them on. */
const HOT_WALLET_TOKENS = 10_000n;

/** The live handles, for global-teardown.ts (both run in the runner process). */
export type RunHandles = { worlds: number; chain?: TestChain; servers: ServerProcess[]; dataDirs: string[] };
declare global {
  var __stakedeskE2e: RunHandles | undefined;
}

/** One platform for each worker the run may have at once (state.ts says why), on one test chain. */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const handles: RunHandles = { worlds: config.workers, servers: [], dataDirs: [] };
  globalThis.__stakedeskE2e = handles;
  try {
    const chain = (handles.chain = await startTestChain());
    mkdirSync(STATE_DIR, { recursive: true });
    const worlds = Array.from({ length: config.workers }, (_, world) => world);
    // The chain's accounts one world after another; the servers (and their PostgreSQL) start together.
    const onChain: WorldKeys[] = [];
    for (const world of worlds) onChain.push(await fundWorld(chain, world));
    const states = await Promise.all(worlds.map((world) => startWorld(chain, world, onChain[world]!, handles)));
    states.forEach((state, world) => writeState(world, state));
  } catch (error) {
    await releaseRun(handles).catch((cleanupError: unknown) => console.error('e2e cleanup after a failed setup:', cleanupError));
    throw error;
  }
}

type WorldKeys = { mint: string; mintAuthority: Keypair; stakingWallet: Keypair; hotWallet: Keypair };

/** A world's mint, staking wallet and hot wallet, funded; the hot wallet's key file for its server. */
async function fundWorld(chain: TestChain, world: number): Promise<WorldKeys> {
  const mintAuthority = Keypair.generate();
  const stakingWallet = Keypair.generate();
  await chain.airdrop(mintAuthority.publicKey, 100 * LAMPORTS_PER_SOL);
  await chain.airdrop(stakingWallet.publicKey, 10 * LAMPORTS_PER_SOL);
  const mint = await chain.createMint(DECIMALS, mintAuthority);
  await chain.mintTo(mint, stakingWallet.publicKey, STAKING_WALLET_TOKENS * 10n ** BigInt(DECIMALS));
  // The payout signer's wallet pays automatic payouts and their fees.
  const hotWallet = Keypair.generate();
  await chain.airdrop(hotWallet.publicKey, 10 * LAMPORTS_PER_SOL);
  await chain.mintTo(mint, hotWallet.publicKey, HOT_WALLET_TOKENS * 10n ** BigInt(DECIMALS));
  // A solana-keygen key file, readable by its owner alone (the server refuses any other).
  writeFileSync(hotWalletKeyFile(world), JSON.stringify([...hotWallet.secretKey]), { mode: 0o600 });
  chmodSync(hotWalletKeyFile(world), 0o600);
  return { mint: mint.toBase58(), mintAuthority, stakingWallet, hotWallet };
}

/** A world's server, its admin and its token settings. */
async function startWorld(chain: TestChain, world: number, keys: WorldKeys, handles: RunHandles): Promise<RunState> {
  const dataDir = serverDataDir(`stakedesk-e2e-${world}-`);
  handles.dataDirs.push(dataDir);
  const server = await startServer(
    e2eServerEnv({ dataDir, rpcUrl: chain.url, admin: ADMIN, hotWalletKeyFile: hotWalletKeyFile(world) }),
    path.join(STATE_DIR, `server-${world}.log`),
  );
  handles.servers.push(server);

  await storeCheapPassword(dataDir, ADMIN.username, ADMIN.password);
  const stakingWallet = keys.stakingWallet.publicKey.toBase58();
  // Holders' browsers read the proof of reserves from the test chain itself, never through the server.
  await saveFirstSettings(server.baseURL, ADMIN, { tokenContract: keys.mint, stakingWallet, holderRpcUrl: chain.url });
  return {
    baseURL: server.baseURL,
    rpcUrl: chain.url,
    mint: keys.mint,
    decimals: DECIMALS,
    stakingWallet,
    stakingWalletSecretKey: bs58.encode(keys.stakingWallet.secretKey),
    hotWallet: keys.hotWallet.publicKey.toBase58(),
    mintAuthoritySecretKey: bs58.encode(keys.mintAuthority.secretKey),
    admin: ADMIN,
    dataDir,
    serverPid: server.child.pid!,
  };
}

/** Stops the servers (and with them PostgreSQL), then the chain, then removes the data directories. */
export async function releaseRun({ chain, servers, dataDirs }: RunHandles): Promise<void> {
  const stopped = await Promise.allSettled(servers.map((server) => stopServer(server)));
  await chain?.close();
  // Left in place if a server could not be stopped: PostgreSQL may still be using it.
  if (stopped.every((result) => result.status === 'fulfilled'))
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}
