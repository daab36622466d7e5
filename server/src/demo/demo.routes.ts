import type { Router } from 'express';
import bs58 from 'bs58';
import type { DemoStakingWallet } from '@stakedesk/shared/api-types';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import type { DemoKeys } from './demo-keys.js';
import { giveDemoTokens } from './faucet.js';

/**
 * /api/demo (DESIGN 16), mounted by a server in demo mode alone: anywhere else these paths are
 * unknown (404). The demo's server listens on this machine only, its chain is a local one and its
 * tokens are play tokens, so neither route asks who calls.
 */
export function demoRoutes({ database: db, chain }: Dependencies, keys: DemoKeys): Router {
  const { router, mount } = tableRouter('/api');
  mount('POST /api/demo/tokens', async ({ body }, res) => {
    const { walletAddress } = body();
    res.json(await giveDemoTokens(db, chain, keys.faucet, walletAddress));
  });
  // The panel's demo wallet holds the staking wallet, so an admin can pay a withdrawal by hand.
  mount('GET /api/demo/staking-wallet', (_input, res) => {
    const body: DemoStakingWallet = {
      address: keys.stakingWallet.publicKey.toBase58(),
      secretKey: bs58.encode(keys.stakingWallet.secretKey),
    };
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
