import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { startTestChain, type TestChain } from '@stakedesk/test-support/test-chain';
import { startServer, stopServer, type ServerProcess } from '@stakedesk/test-support/browser/server-process';
import { saveFirstSettings } from '@stakedesk/test-support/browser/first-settings';
import { browserServerEnv, serverDataDir } from '@stakedesk/test-support/browser/server-env';
import { contentSecurityPolicy } from '../../src/main/security/content-security-policy.js';
import { startRendererServer, type RendererServer } from './renderer-server.js';
import { STATE_DIR, writeState } from './state.js';

const RENDERER_ROOT = fileURLToPath(new URL('../../out/renderer/', import.meta.url));
const ADMIN = { username: 'desktop-admin', password: 'desktop admin password, long enough' };
const DECIMALS = 6;

export type RunHandles = { renderer?: RendererServer; chain?: TestChain; server?: ServerProcess; dataDir?: string };
declare global {
  var __stakedeskDesktopE2e: RunHandles | undefined;
}

/**
 * The renderer's static server first (its origin goes into the server's CORS_ORIGINS, standing in
 * for app://stakedesk), then the test chain and the real server with its embedded PostgreSQL.
 */
export default async function globalSetup(): Promise<void> {
  if (!existsSync(path.join(RENDERER_ROOT, 'index.html')))
    throw new Error(`${RENDERER_ROOT} is missing: run \`npm run build:desktop\` first`);
  const handles: RunHandles = {};
  globalThis.__stakedeskDesktopE2e = handles;
  try {
    let serverOrigin: string | null = null;
    const renderer = (handles.renderer = await startRendererServer(RENDERER_ROOT, () => contentSecurityPolicy(serverOrigin)));

    const chain = (handles.chain = await startTestChain());
    const mintAuthority = Keypair.generate();
    const stakingWallet = Keypair.generate();
    await chain.airdrop(mintAuthority.publicKey, 10 * LAMPORTS_PER_SOL);
    // SOL for payout fees only: its token balance stays 0 (the first-run test's treasury says so).
    await chain.airdrop(stakingWallet.publicKey, LAMPORTS_PER_SOL);
    const mint = await chain.createMint(DECIMALS, mintAuthority);

    const dataDir = (handles.dataDir = serverDataDir('stakedesk-desktop-e2e-'));
    mkdirSync(STATE_DIR, { recursive: true });
    const server = (handles.server = await startServer(
      { ...browserServerEnv({ dataDir, rpcUrl: chain.url, admin: ADMIN }), CORS_ORIGINS: renderer.origin },
      path.join(STATE_DIR, 'server.log'),
    ));
    serverOrigin = server.baseURL;

    await saveFirstSettings(server.baseURL, ADMIN, { tokenContract: mint.toBase58(), stakingWallet: stakingWallet.publicKey.toBase58() });
    writeState({
      appURL: `${renderer.origin}/index.html`,
      serverURL: server.baseURL,
      admin: ADMIN,
      chain: {
        rpcUrl: chain.url,
        mint: mint.toBase58(),
        decimals: DECIMALS,
        stakingWalletSecretKey: Buffer.from(stakingWallet.secretKey).toString('base64'),
        mintAuthoritySecretKey: Buffer.from(mintAuthority.secretKey).toString('base64'),
      },
    });
  } catch (error) {
    await releaseRun(handles).catch((cleanupError: unknown) => console.error('desktop e2e cleanup after a failed setup:', cleanupError));
    throw error;
  }
}

export async function releaseRun({ renderer, chain, server, dataDir }: RunHandles): Promise<void> {
  if (server) await stopServer(server);
  await chain?.close();
  await renderer?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
