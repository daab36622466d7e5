import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * prom-client's default gauges named like counters: `promtool check metrics` rejects a gauge ending
 * in _total. Their break-down by type (nodejs_active_handles and so on) stays, and sums to them.
 */
const GAUGES_NAMED_AS_COUNTERS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/**
 * What /metrics shows (DESIGN 13), in one registry per server: the process's own figures, requests
 * by route and status with their durations, RPC calls and errors by method, deposits recorded and
 * their detection delay, background jobs that failed. Figures read from the database at scrape time are added with `gauge`.
 */
export function createMetrics() {
  const registry = new Registry();
  // Unprefixed: the names stock Node.js dashboards and alerts look for (process_*, nodejs_*).
  collectDefaultMetrics({ register: registry });
  for (const name of GAUGES_NAMED_AS_COUNTERS) registry.removeSingleMetric(name);
  const requests = new Counter({
    name: 'stakedesk_http_requests_total',
    help: 'HTTP requests answered, by method, route (the matched pattern, never the raw URL) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'stakedesk_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const rpcCalls = new Counter({
    name: 'stakedesk_rpc_calls_total',
    help: 'JSON-RPC calls the server made to its Solana provider, by method.',
    labelNames: ['method'] as const,
    registers: [registry],
  });
  const rpcErrors = new Counter({
    name: 'stakedesk_rpc_errors_total',
    help: 'JSON-RPC calls that failed (no answer, an HTTP error or a JSON-RPC error), by method.',
    labelNames: ['method'] as const,
    registers: [registry],
  });
  // `queue`, not `job`: Prometheus sets `job` on every series it scrapes and would rename ours to exported_job.
  const jobFailures = new Counter({
    name: 'stakedesk_job_failures_total',
    help: 'Background job rounds that failed, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });

  const depositsRecorded = new Counter({
    name: 'stakedesk_deposits_recorded_total',
    help: 'Deposits the server found on chain by itself and recorded as stakes.',
    registers: [registry],
  });
  const detectionDelay = new Histogram({
    name: 'stakedesk_deposit_detection_delay_seconds',
    help: "From a deposit transaction's block time to the server recording it (holders are promised about 3 s).",
    buckets: [0.5, 1, 2, 3, 5, 10, 30, 60, 300],
    registers: [registry],
  });

  const reservesCheckFailures = new Counter({
    name: 'stakedesk_reserves_check_failures_total',
    help: "Holders whose browser could not verify their proof of reserves, each counted once per snapshot, by the verifier's reason.",
    labelNames: ['code'] as const,
    registers: [registry],
  });

  const readFailures = new Counter({
    name: 'stakedesk_metric_read_failures_total',
    help: 'Scrapes at which a figure could not be read (the database did not answer), by metric; that figure is left out. Shown from the scrape after.',
    labelNames: ['metric'] as const,
    registers: [registry],
  });

  return {
    registry,
    request(method: string, route: string, status: number, seconds: number): void {
      requests.inc({ method, route, status: String(status) });
      durations.observe({ method, route }, seconds);
    },
    rpcCall(method: string, failed: boolean): void {
      rpcCalls.inc({ method });
      if (failed) rpcErrors.inc({ method });
    },
    /** `blockTime` in seconds, as the chain gives it; null (the RPC gave none) is counted without a delay. */
    depositRecorded(blockTime: number | null): void {
      depositsRecorded.inc();
      if (blockTime !== null) detectionDelay.observe(Math.max(0, Date.now() / 1000 - blockTime));
    },
    /** A holder's failed check of a proof-of-reserves snapshot, reported for the first time (`code`: the verifier's reason). */
    reservesCheckFailed(code: string): void {
      reservesCheckFailures.inc({ code });
    },
    jobFailed(queue: string): void {
      jobFailures.inc({ queue });
    },
    /**
     * A figure read when Prometheus scrapes (`read` answers label values and numbers). One that
     * cannot be read, or that `read` answers nothing for, has no sample at all (never a 0 an alert
     * would take as the truth); a read that failed is counted in stakedesk_metric_read_failures_total.
     */
    gauge(
      name: string,
      help: string,
      labelNames: string[],
      read: () => Promise<{ labels?: Record<string, string>; value: number }[]>,
    ): void {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          const values = await read().catch(() => {
            readFailures.inc({ metric: name });
            return [];
          });
          // reset() leaves a gauge without labels at 0: remove that sample.
          if (labelNames.length === 0) this.remove();
          for (const { labels, value } of values) {
            if (labels) this.set(labels, value);
            else this.set(value);
          }
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
