import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreasuryCoverage, UnrecordedDeposit } from '@stakedesk/shared/api-types';
import { MESSAGES } from '@stakedesk/shared/messages';
import { MINT, openStaking, STAKING_WALLET } from '../test/fixtures.js';
import { randomTxId, randomWallet, startTestServer, type TestServer } from '../test/test-server.js';

let api: TestServer;
let token: string;
beforeAll(async () => {
  api = await startTestServer();
  token = await api.login();
});
afterAll(() => api.close());

const reconciliation = () => api.request<UnrecordedDeposit[]>('GET', '/api/admin/reconciliation?limit=100', undefined, token);
const treasury = () => api.request<TreasuryCoverage>('GET', '/api/admin/treasury', undefined, token);

// The panel names the cause that stops a chain reading by these codes: not configured, or the chain unreachable.
describe('before the token and staking wallet are set', () => {
  it('reconciliation answers 503 stakingNotConfigured, without asking the chain', async () => {
    const response = await reconciliation();
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'stakingNotConfigured', message: MESSAGES.stakingNotConfigured });
    expect(api.chain.calls).toEqual([]);
  });

  it('treasury answers the balance unknown because staking is not configured (by code), not because of the chain', async () => {
    api.chain.reachable = false;
    try {
      const response = await treasury();
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        balance: null,
        balanceUnavailable: MESSAGES.stakingNotConfigured,
        balanceUnavailableReason: { code: 'stakingNotConfigured' },
      });
    } finally {
      api.chain.reachable = true;
    }
  });
});

// An empty list must mean "every deposit is recorded": each other cause answers its own code.
describe('GET /api/admin/reconciliation once configured', () => {
  it('answers 503 notReconciledRetry with the chain’s reason when the chain cannot be read', async () => {
    await openStaking(api, token);
    api.chain.reachable = false;
    try {
      const response = await reconciliation();
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({
        code: 'notReconciledRetry',
        params: { reason: { code: 'chainProblem', params: { detail: 'The Solana RPC endpoint is unreachable' } } },
        retryable: true,
        message: 'The Solana RPC endpoint is unreachable. The deposits could not be checked; please try again shortly.',
      });
    } finally {
      api.chain.reachable = true;
    }
  });

  it('answers the unrecorded deposits, and an empty list once there are none', async () => {
    const txId = randomTxId();
    api.chain.addDeposit({ txId, walletAddress: randomWallet(), amount: '42', mint: MINT, stakingWallet: STAKING_WALLET });
    const listed = await reconciliation();
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ txId, amount: '42' })]);
  });
});
