import type { AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { serverCall } from '@stakedesk/test-support/browser/server-call';
import { DEMO_TOKEN, type DemoWorld } from './world.js';

export type DemoAdmin = { username: string; password: string };

/**
 * Automatic payouts on, with limits a demo shows both sides of: a withdrawal up to 5,000 tokens is
 * paid by the server within seconds, a larger one waits for an operator to pay it by hand.
 */
export const DEMO_POLICY: AutoPayoutPolicy = {
  enabled: true,
  maxPerWithdrawal: '5000',
  maxPer24h: '1000000',
  minHotBalance: '1000',
  newWalletDelayHours: 0,
};

/** The plan that shows the whole cycle in two minutes (a plan of minutes exists in demo mode only). */
export const TWO_MINUTE_PLAN = {
  name: 'Two minutes',
  description: 'The demo plan: stake, watch it complete and get paid, all in two minutes.',
  yieldRate: '1',
  durationMinutes: 2,
  minStakeAmount: '100',
  earlyPenaltyRate: '10',
  isActive: true,
};

/**
 * What an owner would set up in the panel, through the same API: the demo token and staking wallet,
 * the local chain as the holders' endpoint, automatic payouts on, and the first of the three example plans made the two-minute one.
 */
export async function configureDemo(baseURL: string, admin: DemoAdmin, world: DemoWorld): Promise<void> {
  const { token } = await serverCall<{ token: string }>(baseURL, 'POST', '/api/admin/login', admin);
  await serverCall(
    baseURL,
    'PUT',
    '/api/admin/settings',
    {
      // The token, the staking wallet and the policy are step-up changes: the owner's password confirms them.
      currentPassword: admin.password,
      tokenName: DEMO_TOKEN.name,
      tokenSymbol: DEMO_TOKEN.symbol,
      tokenContract: world.demoMint.toBase58(),
      stakingWallet: world.stakingWallet.publicKey.toBase58(),
      // Holders' browsers check the proof of reserves on this chain (DESIGN 15); the cluster's public one knows nothing of it.
      holderRpcUrl: world.chain.url,
      autoPayout: DEMO_POLICY,
    },
    token,
  );
  const [first] = await serverCall<StakingPlan[]>(baseURL, 'GET', '/api/admin/staking-plans', undefined, token);
  if (!first) throw new Error('the server seeded no example plans');
  await serverCall(baseURL, 'PUT', `/api/admin/staking-plans/${first.id}`, TWO_MINUTE_PLAN, token);
}
