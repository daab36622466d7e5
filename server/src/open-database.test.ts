/**
 * Two servers in one process (the tests start several) each read and write their own database:
 * every model is a class bound to the handle its server opened, never one class that the last
 * database opened takes over from the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSettings, StakingPlan } from '@stakedesk/shared/api-types';
import { listActivePlans, plansTable } from './plans/index.js';
import { randomWallet, startTestServer, STEP_UP, type TestServer } from './test/test-server.js';

let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer();
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

const PLAN = { yieldRate: '12.5', durationDays: 30, minStakeAmount: '100', earlyPenaltyRate: '10' };

async function createPlan(server: TestServer, name: string): Promise<StakingPlan> {
  const response = await server.request<StakingPlan>('POST', '/api/admin/staking-plans', { ...PLAN, name }, await server.login());
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const planNames = async (server: TestServer) =>
  (await server.request<StakingPlan[]>('GET', '/api/staking-plans')).body.map((plan) => plan.name);

describe('two databases opened in one process', () => {
  it('bind a model class of their own each', () => {
    expect(plansTable(first.db)).not.toBe(plansTable(second.db));
    expect(plansTable(first.db)).toBe(plansTable(first.db));
    expect(plansTable(first.db).sequelize).toBe(first.db);
    expect(plansTable(second.db).sequelize).toBe(second.db);
  });

  it("keep a plan written through the first server's service out of the second's, and each reads its own", async () => {
    // Written through the server opened first, after the second was opened.
    await createPlan(first, 'Only on the first');
    await createPlan(second, 'Only on the second');
    expect(await planNames(first)).toEqual(['Only on the first']);
    expect(await planNames(second)).toEqual(['Only on the second']);
    expect((await listActivePlans(first.db)).map((plan) => plan.name)).toEqual(['Only on the first']);
    expect((await listActivePlans(second.db)).map((plan) => plan.name)).toEqual(['Only on the second']);
  });

  it("keep the first server's settings apart from the second's", async () => {
    const save = async (server: TestServer, tokenName: string) => {
      const body = { tokenName, tokenSymbol: 'TST', tokenContract: randomWallet(), stakingWallet: randomWallet(), ...STEP_UP };
      const response = await server.request('PUT', '/api/admin/settings', body, await server.login());
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    };
    await save(first, 'First Token');
    await save(second, 'Second Token');
    const tokenName = async (server: TestServer) => (await server.request<PublicSettings>('GET', '/api/settings')).body.tokenName;
    expect(await tokenName(first)).toBe('First Token');
    expect(await tokenName(second)).toBe('Second Token');
  });
});
