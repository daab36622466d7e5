import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageStake, createPlan, openStaking, stakeFor } from '../test/fixtures.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let api: TestServer;
let token: string;

beforeAll(async () => {
  api = await startTestServer();
  token = await api.login();
  await openStaking(api, token);
});
afterAll(() => api.close());

async function download(path: string) {
  const response = await fetch(api.baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
  return { response, lines: (await response.text()).trimEnd().split('\r\n') };
}

describe('CSV exports', () => {
  it('exports every stake, beyond one batch, with a header and formula-looking cells defused', async () => {
    const plan = await createPlan(api, token, { name: '=HYPERLINK("http://evil")' });
    const stake = await stakeFor(api, plan);
    // 1,200 more rows straight into the table, so the export has to fetch more than one batch.
    await api.db.query(
      `
      INSERT INTO stakes (wallet_address, plan_id, plan_name, yield_rate, duration_days, min_stake_amount, early_penalty_rate,
                          amount, reward_amount, ends_at, token_contract, staking_wallet)
      SELECT 'Wallet' || g, :planId, 'Bulk', 10, 30, 1, 5, 100, 10, now() + interval '30 days', 'Mint', 'Vault' FROM generate_series(1, 1200) g`,
      { replacements: { planId: plan.id } },
    );
    const { response, lines } = await download('/api/admin/stakes.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="stakes.csv"');
    expect(lines[0]).toBe(
      'id,wallet,plan,yield_rate,duration_days,amount,reward,status,created_at,ends_at,completed_at,tx_id,over_capacity',
    );
    expect(lines).toHaveLength(1 + 1201);
    const first = lines.find((line) => line.startsWith(`${stake.id},`))!;
    expect(first).toContain(`,"'=HYPERLINK(""http://evil"")",12.5,30,1000,125,active,`);
    expect(first.endsWith(`,${stake.txId},false`)).toBe(true);
  });

  it('exports withdrawals filtered by status', async () => {
    const plan = await createPlan(api, token);
    const stake = await stakeFor(api, plan);
    await ageStake(api, stake.id, 30);
    await api.request('POST', '/api/withdrawals', { stakeId: stake.id, walletAddress: stake.walletAddress }, { as: stake.walletAddress });
    const { response, lines } = await download('/api/admin/withdrawals.csv?status=pending');
    expect(response.status).toBe(200);
    expect(lines[0]).toBe('id,stake_id,wallet,kind,amount,penalty,final_amount,status,requested_at,processed_at,tx_id,reject_reason');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${stake.id},${stake.walletAddress},full,1000,0,1125,pending,`);
    expect((await download('/api/admin/withdrawals.csv?status=completed')).lines).toHaveLength(1);
  });

  it('needs an admin token', async () => {
    expect((await fetch(api.baseUrl + '/api/admin/stakes.csv')).status).toBe(401);
    expect((await fetch(api.baseUrl + '/api/admin/withdrawals.csv')).status).toBe(401);
  });
});
