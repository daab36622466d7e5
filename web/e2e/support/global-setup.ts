import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import bs58 from 'bs58';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { startServer, stopServer, type ServerProcess } from '@stakedesk/test-support/browser/server-process';
import { serverCall } from '@stakedesk/test-support/browser/server-call';
import { serverDataDir } from '@stakedesk/test-support/browser/server-env';
import { storeCheapPassword } from './database.js';
import { e2eServerEnv } from './server-env.js';
import { HOT_WALLET_KEY_FILE, STATE_DIR, writeState } from './state.js';

export const DECIMALS = 6;
const ADMIN = { username: 'e2e-admin', password: 'e2e admin password, long enough' };
/** Enough for the payouts (principal plus rewards) the admin tests send. */
const STAKING_WALLET_TOKENS = 1_000_000n;
/** The hot wallet's float: what automatic payouts may pay once an owner turns them on. */
const HOT_WALLET_TOKENS = 10_000n;

/** The live handles, for global-teardown.ts (both run in the runner process). */
export type RunHandles = { chain?: TestChain; server?: ServerProcess; dataDir?: string };
declare global {
  var __stakedeskE2e: RunHandles | undefined;
}

export default async function globalSetup(): Promise<void> {
  const handles: RunHandles = {};
  globalThis.__stakedeskE2e = handles;
  try {
    const chain = (handles.chain = await startTestChain());
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

    const dataDir = (handles.dataDir = serverDataDir('stakedesk-e2e-'));
    mkdirSync(STATE_DIR, { recursive: true });
    // A solana-keygen key file, readable by its owner alone (the server refuses any other).
    writeFileSync(HOT_WALLET_KEY_FILE, JSON.stringify([...hotWallet.secretKey]), { mode: 0o600 });
    chmodSync(HOT_WALLET_KEY_FILE, 0o600);
    const server = (handles.server = await startServer(
      e2eServerEnv({ dataDir, rpcUrl: chain.url, admin: ADMIN, hotWalletKeyFile: HOT_WALLET_KEY_FILE }),
      path.join(STATE_DIR, 'server.log'),
    ));

    await storeCheapPassword(dataDir, ADMIN.username, ADMIN.password);
    const { token } = await serverCall<{ token: string }>(server.baseURL, 'POST', '/api/admin/login', ADMIN);
    await serverCall(
      server.baseURL,
      'PUT',
      '/api/admin/settings',
      // The first wallet and contract are a step-up change too: the admin's password confirms them.
      {
        currentPassword: ADMIN.password,
        tokenName: 'Stakedesk Test Token',
        tokenSymbol: 'SDT',
        tokenContract: mint.toBase58(),
        stakingWallet: stakingWallet.publicKey.toBase58(),
        // Holders' browsers read the proof of reserves from the test chain itself, never through the server.
        holderRpcUrl: chain.url,
      },
      token,
    );

    writeState({
      baseURL: server.baseURL,
      rpcUrl: chain.url,
      mint: mint.toBase58(),
      decimals: DECIMALS,
      stakingWallet: stakingWallet.publicKey.toBase58(),
      stakingWalletSecretKey: bs58.encode(stakingWallet.secretKey),
      hotWallet: hotWallet.publicKey.toBase58(),
      mintAuthoritySecretKey: bs58.encode(mintAuthority.secretKey),
      admin: ADMIN,
      dataDir,
      serverPid: server.child.pid!,
    });
  } catch (error) {
    await releaseRun(handles).catch((cleanupError: unknown) => console.error('e2e cleanup after a failed setup:', cleanupError));
    throw error;
  }
}

/** Stops the server (and with it PostgreSQL), then the chain, then removes the data directory. */
export async function releaseRun({ chain, server, dataDir }: RunHandles): Promise<void> {
  if (server) await stopServer(server);
  await chain?.close();
  // Left in place if the server could not be stopped: PostgreSQL may still be using it.
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
