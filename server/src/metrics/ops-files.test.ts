import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { Sequelize } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';
import { addStateGauges } from '../health/state-gauges.js';

// The Grafana dashboard and the Prometheus rules in ops/ name metrics by hand: every name they use
// must be one the server registers, or a panel stays empty and an alert never fires.
const ops = (file: string) => readFileSync(new URL(`../../../ops/${file}`, import.meta.url), 'utf8');

/** Every metric name /metrics can show, from the registry main.ts fills (nothing is read: no figure is collected). */
function exportedNames(): Set<string> {
  const metrics = createMetrics();
  addStateGauges(metrics, new Sequelize('postgres://unused@127.0.0.1:9/unused', { logging: false }), {
    jobs: { waiting: async () => ({}) },
    coverage: () => Promise.reject(new Error('not read')),
    checks: {},
    lastBackupAge: () => Promise.reject(new Error('not read')),
  });
  return new Set(metrics.registry.getMetricsAsArray().map((metric) => metric.name));
}

/** The stakedesk_* names an expression uses, a histogram's _bucket/_sum/_count series by the histogram's own name. */
const namesIn = (expressions: string[]) =>
  new Set(
    expressions.flatMap((expr) => [...expr.matchAll(/\bstakedesk_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|sum|count)$/, ''))),
  );

type Rules = { groups: { name: string; rules: { alert: string; expr: string; annotations: { summary: string } }[] }[] };
type Dashboard = { panels: { title: string; targets: { expr: string }[] }[] };

describe('ops/prometheus-rules.yml', () => {
  const rules = load(ops('prometheus-rules.yml')) as Rules;
  const all = rules.groups.flatMap((group) => group.rules);

  it('parses as YAML into the alert groups an operator expects, each alert with an expression and a summary', () => {
    expect(rules.groups.map((group) => group.name)).toEqual([
      'stakedesk-availability',
      'stakedesk-withdrawals',
      'stakedesk-treasury',
      'stakedesk-jobs',
      'stakedesk-rpc',
      'stakedesk-backups',
    ]);
    expect(all.map((rule) => rule.alert)).toEqual([
      'StakedeskInstanceDown',
      'StakedeskFiguresUnreadable',
      'StakedeskNotReady',
      'StakedeskWithdrawalWaitingTooLong',
      'StakedeskTreasuryUncovered',
      'StakedeskUnexplainedOutflow',
      'StakedeskJobFailing',
      'StakedeskJobsBehind',
      'StakedeskDepositsBehind',
      'StakedeskRpcErrors',
      'StakedeskBackupTooOld',
    ]);
    for (const rule of all) expect(rule).toMatchObject({ expr: expect.any(String), annotations: { summary: expect.any(String) } });
  });

  it('uses only metrics the server exports', () => {
    const used = namesIn(all.map((rule) => rule.expr));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !exportedNames().has(name))).toEqual([]);
  });
});

/** Prometheus sets `job` on every series it scrapes: grouping or naming by it means the scrape job, never one of ours. */
const groupsByJob = (text: string) => /\b(by|without) \([^)]*\bjob\b|\$labels\.job|\{\{ ?job ?\}\}/.test(text);

describe('the label job', () => {
  it('is never what a rule or a dashboard panel groups by or shows (ours is queue)', () => {
    expect(groupsByJob(ops('prometheus-rules.yml'))).toBe(false);
    expect(groupsByJob(ops('grafana-dashboard.json'))).toBe(false);
    expect(groupsByJob('sum by (job) (increase(stakedesk_job_failures_total[1h]))')).toBe(true);
  });
});

describe('ops/grafana-dashboard.json', () => {
  const dashboard = JSON.parse(ops('grafana-dashboard.json')) as Dashboard;
  const used = namesIn(dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)));

  it('uses only metrics the server exports', () => {
    expect([...used].filter((name) => !exportedNames().has(name))).toEqual([]);
  });

  it("shows traffic, latency, RPC, withdrawals, coverage, background jobs, the deposit detection delay and the last backup's age", () => {
    expect([...used].sort()).toEqual(
      expect.arrayContaining([
        'stakedesk_http_requests_total',
        'stakedesk_http_request_duration_seconds',
        'stakedesk_rpc_calls_total',
        'stakedesk_rpc_errors_total',
        'stakedesk_pending_withdrawals',
        'stakedesk_oldest_pending_withdrawal_age_seconds',
        'stakedesk_treasury_coverage_ratio',
        'stakedesk_job_failures_total',
        'stakedesk_job_queue_waiting',
        'stakedesk_deposit_detection_delay_seconds',
        'stakedesk_last_backup_age_seconds',
      ]),
    );
  });
});
