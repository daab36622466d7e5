/** One autocannon run on loopback: requests per second, p50/p99 latency, and the server's memory meanwhile. */
import autocannon from 'autocannon';
import { sampleMemory } from './processes.js';

export type LoadResult = {
  name: string;
  path: string;
  connections: number;
  /** The offered rate when the run had one (requests per second, all connections together). */
  rate?: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx plus connection errors: a run with any is reported as such. */
  failures: number;
  statusCodes: Record<string, number>;
  /** Highest RSS of the measured process during the run, MB. */
  memoryMb: number | undefined;
};

export type LoadOptions = {
  name: string;
  url: string;
  /** A fixed path, or one chosen per request (e.g. a random wallet). */
  path: string | (() => string);
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Per request body (POST), or a body with headers of its own (a holder's session); called once per request, in order. */
  body?: () => string | { body: string; headers: Record<string, string> };
  connections?: number;
  seconds?: number;
  /** Requests per second for all connections together; unset: as fast as the server answers. */
  rate?: number;
  /** Stop after this many requests instead of after `seconds`. */
  amount?: number;
  warmupSeconds?: number;
  /** The process whose memory is sampled while the run lasts. */
  pid?: number;
};

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 50;
  const pathOf = typeof options.path === 'string' ? () => options.path as string : options.path;
  const headers = { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers };
  const request: autocannon.Request = {
    method: options.method ?? 'GET',
    path: pathOf(),
    headers,
    setupRequest: (req) => {
      const next = options.body?.();
      const own =
        typeof next === 'object' ? { body: next.body, headers: { ...headers, ...next.headers } } : next === undefined ? {} : { body: next };
      return { ...req, path: pathOf(), ...own };
    },
  };
  if (options.warmupSeconds) {
    await run({ url: options.url, connections, duration: options.warmupSeconds, requests: [request] });
  }
  const memory = options.pid ? sampleMemory(options.pid) : undefined;
  const result = await run({
    url: options.url,
    connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 10 }),
    timeout: 30,
    ...(options.rate ? { overallRate: options.rate } : {}),
    requests: [request],
  });
  const memoryMb = memory?.stop();
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, (stat as { count?: number }).count ?? 0]),
  );
  return {
    name: options.name,
    path: typeof options.path === 'string' ? options.path : `${pathOf()} (varies)`,
    connections,
    ...(options.rate ? { rate: options.rate } : {}),
    seconds: result.duration,
    requests: result.requests.total,
    reqPerSec: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
    statusCodes,
    memoryMb,
  };
}
