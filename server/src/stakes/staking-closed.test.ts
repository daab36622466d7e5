import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stakedesk/shared/messages';
import { createPlan, signedInWallet } from '../test/fixtures.js';
import { randomTxId, startTestServer, type TestServer } from '../test/test-server.js';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api.close());

describe('before the operator configures the token', () => {
  it('answers 503 to a deposit, saying staking is not open yet, without asking the chain', async () => {
    const plan = await createPlan(api, await api.login());
    const walletAddress = await signedInWallet(api);
    const response = await api.request(
      'POST',
      '/api/stakes',
      { planId: plan.id, txId: randomTxId(), walletAddress, amount: '1000' },
      { as: walletAddress },
    );
    expect(response.status).toBe(503);
    expect(response.body.message).toBe(MESSAGES.stakingNotConfigured);
    expect(api.chain.calls).toEqual([]);
  });
});
