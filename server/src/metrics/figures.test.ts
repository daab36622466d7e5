import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import type { StakingPlan, TreasuryCoverage } from '@stakedesk/shared/api-types';
import { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainCheck, databaseCheck } from '../health/readiness.js';
import { createLogger } from '../logger.js';
import { MINT, STAKING_WALLET, stakeFor, startStakingServer } from '../test/fixtures.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { treasuryCoverage } from '../treasury/treasury.service.js';
import { createMetrics } from './metrics.js';
import { addStateGauges } from '../health/state-gauges.js';

const family = (text: string, name: string): MetricFamily | undefined => parsePrometheusTextFormat(text).find((f) => f.name === name);

describe('treasury coverage and readiness on /metrics', () => {
  let api: TestServer;
  let token: string;
  let plan: StakingPlan;
  beforeAll(async () => {
    ({ api, token, plan } = await startStakingServer({
      treasuryCacheMs: 0,
      metrics: (db, chain) => {
        const metrics = createMetrics();
        addStateGauges(metrics, db, {
          coverage: treasuryCoverage(db, chain, createLogger('silent'), undefined, 0),
          checks: { database: databaseCheck(db), chain: chainCheck(async () => 'http://127.0.0.1:9/down', fetch) },
        });
        return metrics;
      },
    }));
  });
  afterAll(() => api.close());

  const scrape = async () => (await fetch(`${api.baseUrl}/metrics`)).text();
  const coverage = async () => Number(family(await scrape(), 'stakedesk_treasury_coverage_ratio')!.metrics[0]!.value);

  it('is what the wallet holds over what is owed, as the treasury card counts it, and falls below 1 when it cannot pay', async () => {
    await stakeFor(api, plan, { amount: '1000' });
    api.chain.setBalance(MINT, STAKING_WALLET, '5000');
    const owed = Number((await api.request<TreasuryCoverage>('GET', '/api/admin/treasury', undefined, token)).body.liabilities.total);
    expect(family(await scrape(), 'stakedesk_treasury_coverage_ratio')!.type).toBe('GAUGE');
    expect(await coverage()).toBeCloseTo(5000 / owed, 6);
    api.chain.setBalance(MINT, STAKING_WALLET, '500');
    expect(await coverage()).toBeLessThan(1);
  });

  it('shows how long deposit detection has been behind and how many outflows are unexplained, 0 when none', async () => {
    const value = async (name: string) => Number(family(await scrape(), name)!.metrics[0]!.value);
    expect(await value('stakedesk_deposits_behind_seconds')).toBe(0);
    expect(await value('stakedesk_unexplained_outflows')).toBe(0);
    await api.db.query(
      `INSERT INTO deposit_cursors (address, owner, mint, last_signature, gap_before, behind_since)
       VALUES ('account', :wallet, :mint, 'newest', 'oldest-read', now() - interval '90 seconds')`,
      { replacements: { wallet: STAKING_WALLET, mint: MINT } },
    );
    await api.db.query(
      `INSERT INTO treasury_outflows (signature, account, owner, mint, amount, decimals) VALUES
         ('theft', 'account', :wallet, :mint, 5, 6), ('paid', 'account', :wallet, :mint, 5, 6)`,
      { replacements: { wallet: STAKING_WALLET, mint: MINT } },
    );
    await api.db.query(
      `UPDATE treasury_outflows SET status = 'explained', explained_by = '{"kind":"payout","payoutId":1}', explained_at = now() WHERE signature = 'paid'`,
    );
    expect(await value('stakedesk_deposits_behind_seconds')).toBeGreaterThanOrEqual(90);
    expect(await value('stakedesk_unexplained_outflows')).toBe(1);
  });

  it('shows what the last finished audit of the books found, by kind, and how long ago it finished; no age before the first', async () => {
    const text = async () => await scrape();
    expect(family(await text(), 'stakedesk_audit_last_finished_age_seconds')?.metrics ?? []).toEqual([]);
    const difference = (kind: string, signature: string) => ({
      kind,
      signature,
      stakeId: null,
      withdrawalId: null,
      books: null,
      chain: null,
      reason: null,
      resolution: null,
    });
    await api.db.query(
      `INSERT INTO books_audits (status, reason, started_at, finished_at, checked, differences) VALUES
         ('finished', 'daily', now() - interval '2 days', now() - interval '2 days', '{}', :older),
         ('finished', 'owner', now() - interval '10 minutes', now() - interval '5 minutes', '{}', :latest),
         ('running', 'owner', now(), NULL, '{}', '[]')`,
      {
        replacements: {
          older: JSON.stringify([difference('outflowDiffers', 'a')]),
          latest: JSON.stringify([
            difference('depositDiffers', 'b'),
            difference('depositDiffers', 'c'),
            difference('payoutOfUnpaidWithdrawal', 'd'),
          ]),
        },
      },
    );
    const found = family(await text(), 'stakedesk_audit_differences')!;
    expect(found.type).toBe('GAUGE');
    expect(Object.fromEntries(found.metrics.map((m) => [m.labels!.kind, m.value]))).toEqual({
      depositDiffers: '2',
      depositUnrecorded: '0',
      payoutDiffers: '0',
      payoutOfUnpaidWithdrawal: '1',
      payoutUnrecorded: '0',
      outflowDiffers: '0',
      providersDisagree: '0',
    });
    const age = Number(family(await text(), 'stakedesk_audit_last_finished_age_seconds')!.metrics[0]!.value);
    expect(age).toBeGreaterThanOrEqual(300);
    expect(age).toBeLessThan(400);
  });

  it('shows each readiness check, so an alert sees the one that fails: the RPC here', async () => {
    const ready = family(await scrape(), 'stakedesk_ready')!;
    expect(ready.type).toBe('GAUGE');
    expect(Object.fromEntries(ready.metrics.map((m) => [m.labels!.check, m.value]))).toEqual({ database: '1', chain: '0' });
  });
});

describe('deposits on /metrics', () => {
  it('counts each deposit recorded and its delay from the block time, in seconds', async () => {
    const metrics = createMetrics();
    metrics.depositRecorded(Date.now() / 1000 - 2.5);
    // A transaction the RPC gave no block time for is counted, with no delay to observe.
    metrics.depositRecorded(null);
    const text = await metrics.registry.metrics();
    expect(family(text, 'stakedesk_deposits_recorded_total')).toMatchObject({ type: 'COUNTER', metrics: [{ value: '2' }] });
    const delay = family(text, 'stakedesk_deposit_detection_delay_seconds')!;
    expect(delay.type).toBe('HISTOGRAM');
    expect(delay.metrics[0]).toMatchObject({ count: '1', buckets: { '2': '0', '3': '1' } });
    expect(Number(delay.metrics[0]!.sum)).toBeGreaterThanOrEqual(2.5);
  });
});

describe('figures that cannot be read', () => {
  it('have no sample at all (never a 0 an alert takes as the truth), and each failed read is counted', async () => {
    const metrics = createMetrics();
    // A database that does not answer, and a chain that cannot be read.
    const unreachable = new Sequelize('postgres://stakedesk@127.0.0.1:9/stakedesk', { logging: false, retry: { max: 0 } });
    addStateGauges(metrics, unreachable, { coverage: () => Promise.reject(new Error('chain down')) });
    // The failures of a scrape are counted while it is collected: they show from the next one.
    await metrics.registry.metrics();
    const text = await metrics.registry.metrics();
    for (const name of [
      'stakedesk_pending_withdrawals',
      'stakedesk_oldest_pending_withdrawal_age_seconds',
      'stakedesk_treasury_coverage_ratio',
      'stakedesk_hot_wallet_balance_tokens',
    ]) {
      expect(family(text, name)?.metrics ?? [], name).toEqual([]);
    }
    const failures = family(text, 'stakedesk_metric_read_failures_total')!.metrics;
    expect(Object.fromEntries(failures.map((m) => [m.labels!.metric, m.value]))).toMatchObject({
      stakedesk_pending_withdrawals: '1',
      stakedesk_oldest_pending_withdrawal_age_seconds: '1',
      stakedesk_treasury_coverage_ratio: '1',
    });
    await unreachable.close();
  });

  it('on a fresh install (no token configured) shows no coverage ratio, and 0 pending withdrawals because there are none', async () => {
    const api = await startTestServer({
      metrics: (db, chain) => {
        const metrics = createMetrics();
        addStateGauges(metrics, db, { coverage: treasuryCoverage(db, chain, createLogger('silent'), undefined, 0) });
        return metrics;
      },
    });
    try {
      const text = await (await fetch(`${api.baseUrl}/metrics`)).text();
      expect(family(text, 'stakedesk_treasury_coverage_ratio')?.metrics ?? []).toEqual([]);
      expect(family(text, 'stakedesk_pending_withdrawals')!.metrics).toEqual([{ value: '0' }]);
    } finally {
      await api.close();
    }
  });
});
