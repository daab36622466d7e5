import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { associatedTokenAccount } from '../chain/associated-account.js';
import { startChainStakingServer, type ChainStakingServer } from '../test/chain-staking-server.js';
import { startRewritingRpc, type RewritingRpc } from '../test/rewriting-rpc.js';

// DESIGN 15: a snapshot lists each reserve token account once. Listed twice, its balance would count
// twice in the reserves; a provider that lists an account twice makes the server refuse the snapshot
// and store nothing of it.
let world: ChainStakingServer;
let provider: RewritingRpc;
let lying = false;

beforeAll(async () => {
  world = await startChainStakingServer({
    rpcUrl: async (chain) => {
      provider = await startRewritingRpc(chain.url, (method, _params, result) => {
        if (!lying || method !== 'getTokenAccountsByOwner') return result;
        const answer = result as { value: unknown[] };
        return { ...answer, value: [...answer.value, ...answer.value] };
      });
      return provider.url;
    },
  });
  await world.stakeThroughIntent(await world.fundedHolder(), 400);
}, 120_000);
afterAll(async () => {
  await world?.close();
  await provider?.close();
});

describe('a snapshot of reserves lists each token account once', () => {
  it('is refused, and nothing stored, when the provider lists the staking account twice; taken once it lists it once', async () => {
    const stakingAccount = associatedTokenAccount(world.mint, world.stakingWallet.publicKey, TOKEN_PROGRAM_ID).toBase58();
    lying = true;
    const refused = await world.api.request('POST', '/api/admin/reserves/snapshots', undefined, world.token);
    lying = false;
    expect(refused).toMatchObject({
      status: 503,
      body: { code: 'reservesReserveListedTwice', params: { account: stakingAccount } },
    });
    expect(await world.api.request('GET', '/api/reserves')).toMatchObject({ status: 404, body: { code: 'reservesNoSnapshot' } });

    const taken = await world.api.request<ReservesSnapshot>('POST', '/api/admin/reserves/snapshots', undefined, world.token);
    expect(taken.status).toBe(201);
    expect(taken.body.reserves).toEqual([
      { wallet: world.stakingWallet.publicKey.toBase58(), tokenAccount: stakingAccount, balance: expect.any(String) },
    ]);
  });
});
