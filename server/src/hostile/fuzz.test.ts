import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StakingPlan } from '@stakedesk/shared/api-types';
import { ADMIN_ROUTES } from '@stakedesk/shared/admin-routes';
import { PUBLIC_ROUTES } from '@stakedesk/shared/api-routes';
import { fieldsRead, ROUTE_BODIES } from '@stakedesk/shared/route-bodies';
import { isQueryRoute, queryKeys } from '@stakedesk/shared/route-queries';
import { ROUTE_TABLE, ROUTES_ENDING_THE_SESSION, type TableRoute } from '@stakedesk/shared/route-table';
import { ageStake, stakeFor, startStakingServer } from '../test/fixtures.js';
import { newHolder, randomWallet, type TestServer } from '../test/test-server.js';
import { routeCoverageGaps } from '../test/route-coverage.js';
import { adminWithRole } from '../test/two-factor.js';

// Every endpoint's body, path parameters and query, fuzzed with hostile values: the server answers
// each with a JSON message (never a 500, never a stack trace), and a refused request changes nothing.
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

let api: TestServer;
let token: string;
let plan: StakingPlan;
let holderCookie: string;
let holderWallet: string;
let stakeId: number;
/** An admin of its own for each route that ends the session it is sent with, by route. */
const disposableTokens: Record<string, string> = {};

beforeAll(async () => {
  ({ api, token, plan } = await startStakingServer());
  // A completed stake of one holder; the fuzzing holder is another, signed in.
  const stake = await stakeFor(api, plan);
  await ageStake(api, stake.id, 30);
  stakeId = stake.id;
  const holder = newHolder();
  holderCookie = await api.signIn(holder);
  holderWallet = holder.wallet;
  for (const [n, route] of ROUTES_ENDING_THE_SESSION.entries())
    disposableTokens[route] = (await adminWithRole(api, token, 'viewer', `fuzz-disposable-${n}`)).token;
}, 60_000);
afterAll(() => api.close());

const hostileStrings = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    '1; DROP TABLE stakes; --',
    "'); DELETE FROM admins; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../../../etc/passwd',
    '%00',
    '\u0000',
    '\u202eevil',
    '${7*7}',
    '{{constructor.constructor("return process")()}}',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '99999999999999999999999999999999999999999',
    '0.000000001',
    '１２３', // full-width digits
    '😀'.repeat(50),
    '',
    ' ',
  ),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer({ min: 1, max: 4 }).map((k) => 'x'.repeat(k * 30_000)),
);

const hostileNumbers = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 0.1, 1.5, 1e-10),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileStrings,
    hostileNumbers,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileStrings, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

type Auth = 'none' | 'admin' | 'holder' | 'disposable-admin';
/** `route`: its route in the tables; `:x` in `path` is fuzzed; `fields`: what its body may carry. */
type Endpoint = { method: string; path: string; route: TableRoute; fields?: string[]; params?: boolean; auth: Auth; query?: string[] };

/** Routes of the tables not fuzzed here, and why. */
const NOT_FUZZED: Partial<Record<TableRoute, string>> = {
  // An event stream never ends, so an answer is never whole; it reads nothing of the request.
  'GET /api/admin/events': 'endless stream',
};

/**
 * A route as the tables give it: its caller (a session of its own when the route ends it), its last
 * parameter as `:x` (any before it held at 1), the fields its body is read for and the query keys it reads.
 */
function endpointOf(route: TableRoute): Endpoint {
  const [method, pattern] = route.split(' ') as [string, string];
  const needs = ROUTE_TABLE[route].role;
  const auth: Auth = endsTheSession(route)
    ? 'disposable-admin'
    : needs === 'signIn'
      ? 'none'
      : needs === 'none' || needs === 'holder'
        ? needs
        : 'admin';
  const path = pattern.replace(/:\w+(?=.*:\w)/g, '1').replace(/:\w+/, ':x');
  const fields = fieldsRead(route);
  return {
    method,
    path,
    route,
    auth,
    params: path.includes(':x'),
    fields: fields.length > 0 ? fields : undefined,
    query: queryOf(route, method),
  };
}

const endsTheSession = (route: TableRoute) => ROUTES_ENDING_THE_SESSION.includes(route);

/** The query keys a route reads, from its schema; a read that reads none is sent a key it must ignore. */
function queryOf(route: TableRoute, method: string): string[] | undefined {
  if (isQueryRoute(route)) return queryKeys(route);
  return method === 'GET' ? ['x'] : undefined;
}

const TABLE_ROUTES = [...Object.keys(PUBLIC_ROUTES), ...Object.keys(ADMIN_ROUTES)] as TableRoute[];
const ENDPOINTS = TABLE_ROUTES.filter((route) => !Object.hasOwn(NOT_FUZZED, route)).map(endpointOf);

/** Bodies: anything at all, objects of the endpoint's own fields holding anything, or raw non-JSON text. */
function bodies(fields: string[]): fc.Arbitrary<{ raw: string }> {
  const known = fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.constantFrom('__proto__', 'constructor', 'extra')), hostileValue, {
    minKeys: 1,
  });
  return fc.oneof(
    hostileValue.map((value) => ({ raw: JSON.stringify(value) ?? 'null' })),
    known.map((value) => ({ raw: JSON.stringify(value) })),
    fc
      .constantFrom('{', '{"a":', 'not json', '[1,2', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}')
      .map((raw) => ({ raw })),
  );
}

const queries = (keys: string[]) =>
  fc.dictionary(fc.constantFrom(...keys), fc.oneof(hostileStrings, fc.array(hostileStrings, { minLength: 2, maxLength: 3 })), {
    maxKeys: keys.length,
  });

function withQuery(path: string, query: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const one of [value].flat()) search.append(key, one.slice(0, 2000));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * A digest of every table a request could change. Not the rate-limit counters, nor what a refused
 * proof of identity must leave behind: the per-account failure count (admin_login_failures) and
 * the audit entries of failed sign-ins, step-ups and lockouts.
 */
async function fingerprint(): Promise<string> {
  const tables: Array<[name: string, source: string]> = [
    ...[
      'settings',
      'staking_plans',
      'stakes',
      'withdrawals',
      'admins',
      'admin_recovery_codes',
      'used_transactions',
      'sign_in_nonces',
      'deposit_intents',
      'payouts',
      'payout_withdrawals',
      'revoked_holder_sessions',
      'revoked_admin_sessions',
      'reserves_snapshots',
      'reserves_leaves',
      'reserves_check_failures',
      'reserves_anchors',
      'webhooks',
    ].map((table): [string, string] => [table, table]),
    ['audit_logs', `(SELECT * FROM audit_logs WHERE action NOT IN ('admin.login_failed', 'admin.login_locked', 'admin.step_up_failed'))`],
  ];
  const [rows] = await api.db.query(
    tables
      .map(([name, source]) => `SELECT '${name}' AS t, md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS h FROM ${source} x`)
      .join(' UNION ALL '),
  );
  return JSON.stringify(rows);
}

const STACK_TRACE = /\n\s+at |node_modules|\/src\/|\.ts:\d+|SequelizeDatabaseError|TypeError|ReferenceError/;

/**
 * The digest a refused request left the database with: still its digest until the next request is
 * sent, so the next one need not read every table again first (half the fuzzer's time was digests).
 */
let digestSinceLastRequest: string | null = null;

async function send(endpoint: Endpoint, path: string, raw?: string) {
  digestSinceLastRequest = null;
  const headers: Record<string, string> = {};
  if (raw !== undefined) headers['content-type'] = 'application/json';
  if (endpoint.auth === 'admin') headers.authorization = `Bearer ${token}`;
  if (endpoint.auth === 'disposable-admin') headers.authorization = `Bearer ${disposableTokens[endpoint.route]}`;
  if (endpoint.auth === 'holder') headers.cookie = holderCookie;
  const response = await fetch(api.baseUrl + path, { method: endpoint.method, headers, body: raw });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' };
}

/** The one rule every answer keeps; the answer, for the caller's own checks. */
async function expectSafeAnswer(endpoint: Endpoint, path: string, raw?: string) {
  const before = digestSinceLastRequest ?? (await fingerprint());
  const answer = await send(endpoint, path, raw);
  const where = `${endpoint.method} ${path.slice(0, 200)} ${raw?.slice(0, 200) ?? ''} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  // The RPC proxy answers 503 when its upstream is down (this test server has none).
  const allowed503 = endpoint.path === '/api/rpc';
  expect(answer.status < 500 || (allowed503 && answer.status === 503), where).toBe(true);
  expect(answer.text, where).not.toMatch(STACK_TRACE);
  if (answer.status >= 400) {
    expect(answer.type, where).toMatch(/^application\/json/);
    // The RPC proxy refuses a bad JSON-RPC call in JSON-RPC's own shape, which web3.js reads.
    const body = JSON.parse(answer.text) as { message?: unknown; error?: { message?: unknown } };
    expect(typeof (endpoint.path === '/api/rpc' ? (body.message ?? body.error?.message) : body.message), where).toBe('string');
    const after = await fingerprint();
    expect(after, `a refused request changed the database: ${where}`).toBe(before);
    digestSinceLastRequest = after;
  }
  return answer;
}

describe('hostile input on every endpoint', () => {
  it('has every route of the route tables, and the tables every API route the app mounted', () => {
    const covered = [...ENDPOINTS.map((e) => e.route), ...Object.keys(NOT_FUZZED)];
    expect(routeCoverageGaps(api.mountedRoutes(), covered, 'api')).toEqual({ notInTable: [], noCase: [] });
  });

  it('sends every body the route tables give a schema', () => {
    const withBody = new Set<string>(ENDPOINTS.filter((e) => e.fields).map((e) => e.route));
    expect(Object.keys(ROUTE_BODIES).filter((route) => !withBody.has(route))).toEqual([]);
  });

  describe.each(ENDPOINTS.filter((e) => e.fields))('$method $path body', (endpoint) => {
    it('answers safely and changes nothing when it refuses', async () => {
      await fc.assert(
        fc.asyncProperty(bodies(endpoint.fields!), async ({ raw }) => {
          await expectSafeAnswer(endpoint, endpoint.path.replace(':x', '1'), raw);
        }),
        { numRuns: RUNS },
      );
    });
  });

  describe.each(ENDPOINTS.filter((e) => e.params))('$method $path parameter', (endpoint) => {
    it('answers safely whatever the path holds', async () => {
      await fc.assert(
        fc.asyncProperty(hostileStrings, async (value) => {
          const path = endpoint.path.replace(':x', encodeURIComponent(value.slice(0, 2000)) || '%20');
          await expectSafeAnswer(endpoint, path, endpoint.fields ? '{}' : undefined);
        }),
        { numRuns: RUNS },
      );
    });
  });

  describe.each(ENDPOINTS.filter((e) => e.query))('$method $path query', (endpoint) => {
    it('answers safely whatever the query holds', async () => {
      await fc.assert(
        fc.asyncProperty(queries(endpoint.query!), async (query) => {
          await expectSafeAnswer(endpoint, withQuery(endpoint.path, query), endpoint.method === 'GET' ? undefined : '{}');
        }),
        { numRuns: RUNS },
      );
    });
  });

  it('keeps prototype pollution out of the server itself', async () => {
    const endpoint = ENDPOINTS.find((e) => e.path === '/api/admin/staking-plans' && e.method === 'POST')!;
    await expectSafeAnswer(endpoint, endpoint.path, '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}}}');
    const again = await send(
      ENDPOINTS.find((e) => e.path === '/api/admin/stats')!,
      '/api/admin/stats',
    );
    expect(again.status).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('still serves valid requests after all of that', async () => {
    expect((await api.request('GET', '/api/staking-plans')).status).toBe(200);
    const withdraw = await api.request('POST', '/api/withdrawals', { stakeId, walletAddress: holderWallet }, { cookie: holderCookie });
    // The signed-in holder is not the stake's owner: refused as another wallet's stake, not a crash.
    expect(withdraw.status).toBe(403);
    expect((await api.request('GET', `/api/stakes/${randomWallet()}`)).status).toBe(200);
  });
});
