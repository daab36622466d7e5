import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { load } from 'js-yaml';
import { Keypair } from '@solana/web3.js';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainCheck, databaseCheck } from '../health/readiness.js';
import { addStateGauges } from '../health/state-gauges.js';
import { createLogger } from '../logger.js';
import { MINT, stakeFor, startStakingServer } from '../test/fixtures.js';
import type { TestServer } from '../test/test-server.js';
import { treasuryCoverage } from '../treasury/treasury.service.js';
import { createMetrics } from './metrics.js';

// What operators run against Stakedesk: Debian's promtool (the prometheus package, installed by
// .ci/run) checks the live /metrics as Prometheus would ingest it, the rules file, and the rules'
// own tests (ops/prometheus-rules.test.yml): each alert silent on a healthy instance, firing on its
// broken case, with what it says.
const run = promisify(execFile);
const opsDir = fileURLToPath(new URL('../../../ops/', import.meta.url));
const promtool = (args: string[], input?: string) => {
  const child = run('promtool', args, { cwd: opsDir });
  if (input !== undefined) child.child.stdin!.end(input);
  return child;
};

describe('promtool on the live /metrics', () => {
  let api: TestServer;
  let plan: StakingPlan;
  beforeAll(async () => {
    const hotWallet = Keypair.generate().publicKey.toBase58();
    ({ api, plan } = await startStakingServer({
      metrics: (db, chain) => {
        const metrics = createMetrics();
        chain.setBalance(MINT, hotWallet, '2500');
        addStateGauges(metrics, db, {
          jobs: { waiting: async () => ({ 'payouts.follow': 0, 'deposits.follow': 1 }) },
          coverage: treasuryCoverage(db, chain, createLogger('silent'), hotWallet, 0),
          checks: { database: databaseCheck(db), chain: chainCheck(async () => 'http://127.0.0.1:9/down', fetch) },
        });
        metrics.jobFailed('payouts.follow');
        metrics.depositRecorded(Date.now() / 1000 - 2);
        return metrics;
      },
    }));
  });
  afterAll(() => api.close());

  it('passes `promtool check metrics`: names, types, units and no gauge named like a counter', async () => {
    await stakeFor(api, plan, { amount: '100' });
    const text = await (await fetch(`${api.baseUrl}/metrics`)).text();
    expect(text).toContain('stakedesk_hot_wallet_balance_tokens 2500');
    expect(text).toContain('stakedesk_job_failures_total{queue="payouts.follow"} 1');
    // Stock Node.js names, as the dashboards written for prom-client's defaults expect them.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
    const checked = await promtool(['check', 'metrics'], text);
    expect(checked.stdout + checked.stderr).toBe('');
  });
});

type RuleTests = { tests: { name: string; alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[] };

describe('ops/prometheus-rules.yml under promtool', () => {
  it('passes `promtool check rules`', async () => {
    const { stdout } = await promtool(['check', 'rules', 'prometheus-rules.yml']);
    expect(stdout).toContain('SUCCESS');
  });

  it("passes its own tests: every alert silent on a healthy instance's two hours and firing on its broken case", async () => {
    const alerts = (load(readFileSync(`${opsDir}prometheus-rules.yml`, 'utf8')) as { groups: { rules: { alert: string }[] }[] }).groups
      .flatMap((group) => group.rules)
      .map((rule) => rule.alert);
    const { tests } = load(readFileSync(`${opsDir}prometheus-rules.test.yml`, 'utf8')) as RuleTests;
    const [healthy, ...broken] = tests;
    expect(healthy!.name).toBe('healthy instance');
    const silent = healthy!.alert_rule_test.filter((check) => check.exp_alerts.length === 0).map((check) => check.alertname);
    const firing = broken.flatMap((test) =>
      test.alert_rule_test.filter((check) => check.exp_alerts.length > 0).map((check) => check.alertname),
    );
    expect(new Set(silent)).toEqual(new Set(alerts));
    expect(new Set(firing)).toEqual(new Set(alerts));

    const { stdout } = await promtool(['test', 'rules', 'prometheus-rules.test.yml']);
    expect(stdout).toContain('SUCCESS');
  });
});
