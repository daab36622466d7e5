import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReservesProof } from '@stakedesk/shared/reserves/proof';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { verifyReservesProof } from '@stakedesk/shared/reserves/verify';
import { startChainStakingServer, tokens, type ChainStakingServer } from '../test/chain-staking-server.js';

// A snapshot of a Token-2022 mint with a transfer fee: the staking wallet's account of the
// Token-2022 program counts in the reserves, and a holder's leaf is what they staked (after the
// fee, as the staking wallet received it) plus its reward.
let world: ChainStakingServer;
beforeAll(async () => {
  world = await startChainStakingServer({ mintKind: 'token-2022 1% fee' });
}, 60_000);
afterAll(() => world.close());

it("counts a Token-2022 staking wallet's balance and proves each holder's stake", async () => {
  const holder = await world.fundedHolder();
  await world.stakeThroughIntent(holder, 500);
  const taken = await world.api.request<ReservesSnapshot>('POST', '/api/admin/reserves/snapshots', undefined, world.token);
  expect(taken.status).toBe(201);
  expect(taken.body.reserves).toEqual([
    {
      wallet: world.stakingWallet.publicKey.toBase58(),
      tokenAccount: expect.any(String),
      balance: String(world.chain.tokenBalance(world.mint, world.stakingWallet.publicKey)),
    },
  ]);
  expect(taken.body.totalLiabilities).toBe(String(tokens(550)));
  const proof = await world.api.request<ReservesProof>('GET', `/api/reserves/${taken.body.id}/proof/${holder.wallet}`, undefined, {
    as: holder.wallet,
  });
  expect(verifyReservesProof(proof.body, taken.body.root, taken.body.totalLiabilities)).toEqual({ ok: true, liability: tokens(550) });
});
