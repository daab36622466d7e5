import { Router } from 'express';
import bs58 from 'bs58';
import type { DemoStakingWallet } from '@stakedesk/shared/api-types';
import type { Dependencies } from '../dependencies.js';
import { parseBody } from '../http/validate.js';
import type { DemoKeys } from './demo-keys.js';
import { giveDemoTokens } from './faucet.js';

/**
 * /api/demo (DESIGN 16), mounted by a server in demo mode alone: anywhere else these paths are
 * unknown (404). The demo's server listens on this machine only, its chain is a local one and its
 * tokens are play tokens, so neither route asks who calls.
 */
export function demoRoutes({ database: sequelize, chain }: Dependencies, keys: DemoKeys): Router {
  const router = Router();
  router.post('/demo/tokens', async (req, res) => {
    const { walletAddress } = parseBody('POST /api/demo/tokens', req.body);
    res.json(await giveDemoTokens(sequelize, chain, keys.faucet, walletAddress));
  });
  // The panel's demo wallet holds the staking wallet, so an admin can pay a withdrawal by hand.
  router.get('/demo/staking-wallet', (_req, res) => {
    const body: DemoStakingWallet = {
      address: keys.stakingWallet.publicKey.toBase58(),
      secretKey: bs58.encode(keys.stakingWallet.secretKey),
    };
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
