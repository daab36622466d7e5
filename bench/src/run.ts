/**
 * npm run bench [-- --stakes 1000000 | --million] [--seconds 10] [--skip-web] [--deposit-detection-only] [--reserves-only]
 *
 * Seeds a throwaway PostgreSQL with N stakes (100,000 by default, 1,000,000 with --million),
 * starts the real server on it (`node server/dist/main.js`, as `npm start` does), and measures
 * it with autocannon on loopback next to a bare Express 5 route (the ceiling); then the expiry
 * of 100,000 stakes at once, deposits verified against the test chain, deposits the server finds
 * by itself at 10,000 open intents (deposit-detection.ts), the query plans, the web app in
 * Chromium, the server's start-up time, and the proof-of-reserves tree at 1,000,000 holders. Prints the results and writes bench/results.md
 * and bench/explain.md.
 */
import { randomBytes } from 'node:crypto';
import { DASHBOARD_PAGE_SIZE } from '@stakedesk/shared/constants';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ChainReady, Deposit } from './chain-child.js';
import { openBenchDatabase, withClient, type BenchDatabase } from './database.js';
import { explainQueries } from './explain.js';
import { measureExpiry } from './expiry.js';
import { measure, type LoadResult } from './load.js';
import type { LoadRow } from './report.js';
import { descendants, load1, machineInfo, MAX_ATTEMPTS, noiseMeter, NOISY_PERCENT } from './machine.js';
import { ask, forkReady, memoryOf, REPO, startServer, stopChild, type Child } from './processes.js';
import { writeResults, type Results } from './report.js';
import { seed, vacuumAnalyze } from './seed.js';
import { signInAs } from './sign-in.js';
import { formatLighthouse, measureLighthouse } from './lighthouse.js';
import { measureWeb } from './web.js';
import { formatReserves, measureReserves, RESERVES_LEAVES } from './reserves.js';
import { formatDepositDetection, measureDepositDetection } from './deposit-detection.js';

const { values: args } = parseArgs({
  options: {
    million: { type: 'boolean', default: false },
    stakes: { type: 'string' },
    n: { type: 'string' }, // the old name of --stakes
    seconds: { type: 'string', default: '10' },
    'skip-web': { type: 'boolean', default: false },
    // Only the deposit detection rows (on an empty database): printed, results.md left as it is.
    'deposit-detection-only': { type: 'boolean', default: false },
    // Only the proof-of-reserves row (no database, no server): printed, results.md left as it is.
    'reserves-only': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(REPO, 'bench') },
  },
});
const stakesArg = args.stakes ?? args.n;
const N = stakesArg ? Number(stakesArg) : args.million ? 1_000_000 : 100_000;
const SECONDS = Number(args.seconds);
const EXPIRING = Math.min(100_000, N);
const DEPOSITS = 500;
if (!Number.isInteger(N) || N < 1000) throw new Error('--stakes must be a whole number of at least 1000');

const benchStarted = performance.now();
const fmt = (value: number) => value.toLocaleString('en-US');
const log = (message: string) => console.log(`[bench ${((performance.now() - benchStarted) / 1000).toFixed(0).padStart(4)} s] ${message}`);
const logDir = mkdtempSync(path.join(tmpdir(), 'stakedesk-bench-logs-'));
const compiled = (name: string) => new URL(`./${name}.js`, import.meta.url).pathname;

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup:', error));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUp().then(() => process.exit(130)));

function postmasterPid(db: BenchDatabase): number | undefined {
  if (!db.dataDir) return undefined;
  const file = path.join(db.dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

async function main(): Promise<void> {
  if (args['reserves-only']) {
    log(`proof-of-reserves tree of ${fmt(RESERVES_LEAVES)} leaves; load ${load1()}`);
    log(`  ${formatReserves(measureReserves())}`);
    return;
  }
  const db = await openBenchDatabase();
  cleanups.push(() => db.destroy());
  const machine = machineInfo(db.version);
  log(`${machine.cores} × ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}, PostgreSQL ${machine.postgres}; load ${load1()}`);
  log(`logs in ${logDir}`);

  const chain = await forkReady<ChainReady & { url: string }>(compiled('chain-child'), {}, path.join(logDir, 'chain.log'));
  cleanups.push(() => stopChild(chain));

  const adminPassword = randomBytes(18).toString('base64url');
  const serverEnv = (databaseEnv: Record<string, string>): Record<string, string> => ({
    ...databaseEnv,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_USERNAME: 'bench',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: adminPassword,
    // Production logging: one JSON line per request, to a file.
    LOG_LEVEL: 'info',
    SOLANA_RPC_URL: chain.ready.url,
    SOLANA_CLUSTER: 'devnet',
    // The bench expires stakes itself, when it measures that; no background round meanwhile.
    EXPIRY_INTERVAL_MS: '3600000',
    LOGIN_RATE_LIMIT: '1000',
    // Every depositing holder signs in from this one address before the deposit run.
    SIGN_IN_RATE_LIMIT: '100000',
  });
  const serverLog = path.join(logDir, 'server.log');
  const jwtEnv = serverEnv({ DATABASE_URL: db.url });

  // 1. First start on an empty database: migrations, default settings, first admin.
  log('first start on an empty database');
  const first = await startServer(jwtEnv, serverLog);
  const firstStartMs = first.startMs;
  await stopChild(first);

  if (args['deposit-detection-only']) {
    log('deposit detection at 1, 100 and 10,000 open intents');
    const detection = await measureDepositDetection({ databaseUrl: db.url, chain, serverEnv: jwtEnv, logFile: serverLog, log });
    console.log(['', '## Deposit detection', '', ...formatDepositDetection(detection)].join('\n'));
    return;
  }

  // 2. Seed.
  log(`seeding ${N.toLocaleString('en-US')} stakes`);
  const seeded = await withClient(db.url, async (client) => {
    // First: each stake records the mint and staking wallet it was verified against.
    await client.query(
      `UPDATE settings SET token_name = 'Bench Token', token_symbol = 'BNCH', token_contract = $1, staking_wallet = $2 WHERE id = 1`,
      [chain.ready.mint, chain.ready.stakingWallet],
    );
    const result = await seed(client, N, (done) => process.stdout.write(`\r  ${done.toLocaleString('en-US')} stakes`));
    process.stdout.write('\n');
    const vacuumStarted = performance.now();
    await vacuumAnalyze(client);
    return { ...result, vacuumSeconds: (performance.now() - vacuumStarted) / 1000 };
  });
  log(
    `seeded ${seeded.stakes.toLocaleString('en-US')} stakes of ${seeded.wallets.toLocaleString('en-US')} holders and ` +
      `${seeded.withdrawals.toLocaleString('en-US')} withdrawals in ${seeded.seconds.toFixed(1)} s (VACUUM ANALYZE ${seeded.vacuumSeconds.toFixed(1)} s)`,
  );

  // 3. The real server on the seeded database, and the ceiling beside it.
  const server: Child = await startServer(jwtEnv, serverLog);
  cleanups.push(() => stopChild(server));
  const ceiling = await forkReady<{ url: string }>(compiled('ceiling'), { NODE_ENV: 'production' });
  cleanups.push(() => stopChild(ceiling));
  const serverPid = server.child.pid!;
  const ourPids = () => [process.pid, serverPid, ceiling.child.pid!, chain.child.pid!, ...descendants(postmasterPid(db) ?? -1)];

  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: adminPassword }),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const admin = { authorization: `Bearer ${token}` };

  const wallets = seeded.sampleWallets;
  const randomWallet = () => wallets[Math.floor(Math.random() * wallets.length)]!;
  const prefix = () => randomWallet().slice(0, 4);
  const deep = Math.floor(N / 2);
  const quarter = Math.floor(N / 4);
  const deepWithdrawals = Math.floor(seeded.withdrawals / 4);
  const OPEN = 'status=active,pending_withdrawal';
  const CLOSED = 'status=completed,withdrawn';

  // Holder-facing reads: 50 connections. Admin lists: what the panel asks (its Active and
  // Completed tabs, 20 rows a page), by 5 admins at once; latency there is the page's, not a queue's.
  // `paced`: measured again at half the rate it reached, still with 50 connections. Flat out, 50
  // busy connections queue by construction (latency = connections / rate), so p99 there says how
  // fast the machine is; at half the rate it says how long one answer takes under load.
  type Run = {
    name: string;
    group: string;
    url: string;
    path: string | (() => string);
    headers?: Record<string, string>;
    pid?: number;
    connections?: number;
    rate?: number;
    paced?: boolean;
  };
  const adminRun = (group: string, name: string, path: string | (() => string)): Run => ({
    group,
    name,
    url: server.url,
    path,
    headers: admin,
    connections: 5,
  });
  /** The cursor the panel holds after paging to row `row` of a list (the same list, sort and filter as `path`). */
  const cursorAfter = async (path: string, row: number) => {
    const answer = await fetch(`${server.url}${path}${path.endsWith('?') ? '' : '&'}limit=1&offset=${row - 1}`, { headers: admin });
    const cursor = answer.headers.get('x-next-cursor');
    if (!answer.ok || !cursor) throw new Error(`no cursor after row ${row} of ${path}: ${answer.status}`);
    return cursor;
  };
  const runs: Run[] = [
    { group: 'ceiling', name: 'bare Express 5 ceiling', url: ceiling.url, path: '/ceiling', pid: ceiling.child.pid! },
    { group: 'public', name: 'GET /api/settings', url: server.url, path: '/api/settings' },
    { group: 'public', name: 'GET /api/staking-plans', url: server.url, path: '/api/staking-plans' },
    { group: 'public', name: 'GET /api/stats', url: server.url, path: '/api/stats' },
    { group: 'wallet', name: 'GET /api/stakes/{wallet}', url: server.url, path: () => `/api/stakes/${randomWallet()}`, paced: true },
    { group: 'wallet', name: 'GET /api/withdrawals/{wallet}', url: server.url, path: () => `/api/withdrawals/${randomWallet()}` },
    // What the dashboard asks: its cards, and the first page of its Active table and of its withdrawals.
    { group: 'dashboard', name: 'GET /api/stakes/{wallet}/summary', url: server.url, path: () => `/api/stakes/${randomWallet()}/summary` },
    {
      group: 'dashboard',
      name: `GET /api/stakes/{wallet}?group=running&limit=${DASHBOARD_PAGE_SIZE} (the dashboard's first page)`,
      url: server.url,
      path: () => `/api/stakes/${randomWallet()}?group=running&limit=${DASHBOARD_PAGE_SIZE}`,
    },
    {
      group: 'dashboard',
      name: `GET /api/withdrawals/{wallet}?limit=${DASHBOARD_PAGE_SIZE} (the dashboard's first page)`,
      url: server.url,
      path: () => `/api/withdrawals/${randomWallet()}?limit=${DASHBOARD_PAGE_SIZE}`,
    },
    {
      group: 'dashboard',
      name: `GET /api/stakes/{wallet}/summary, the largest holder (${fmt(seeded.whale.stakes)} stakes)`,
      url: server.url,
      path: `/api/stakes/${seeded.whale.wallet}/summary`,
    },
    {
      group: 'dashboard',
      name: `GET /api/stakes/{wallet}?group=running&limit=${DASHBOARD_PAGE_SIZE}, the largest holder`,
      url: server.url,
      path: `/api/stakes/${seeded.whale.wallet}?group=running&limit=${DASHBOARD_PAGE_SIZE}`,
    },
    adminRun('admin', 'admin stakes, Active tab, first page', `/api/admin/stakes?${OPEN}&limit=20`),
    adminRun('admin', 'admin stakes, all, first page (API default: 100 rows)', '/api/admin/stakes'),
    adminRun('admin', 'admin stakes, Active tab, by amount', `/api/admin/stakes?${OPEN}&limit=20&sort=amount&order=desc`),
    adminRun('admin', 'admin stakes, Active tab, by end date', `/api/admin/stakes?${OPEN}&limit=20&sort=endsAt&order=asc`),
    adminRun('admin', 'admin stakes, Completed tab, search by wallet start', () => `/api/admin/stakes?${CLOSED}&limit=20&q=${prefix()}`),
    adminRun('admin', 'admin stakes, Active tab, search by plan name', `/api/admin/stakes?${OPEN}&limit=20&q=rowt`),
    adminRun(
      'admin-deep',
      `admin stakes, Completed tab, deep page by cursor (after row ${fmt(quarter)})`,
      `/api/admin/stakes?${CLOSED}&limit=20&cursor=${await cursorAfter(`/api/admin/stakes?${CLOSED}`, quarter)}`,
    ),
    adminRun(
      'admin-deep',
      `admin stakes, all, deep page by cursor (after row ${fmt(deep)})`,
      `/api/admin/stakes?limit=100&cursor=${await cursorAfter('/api/admin/stakes?', deep)}`,
    ),
    adminRun(
      'admin-offset',
      `admin stakes, Completed tab, deep page by offset (${fmt(quarter)}), as clients paging by number ask`,
      `/api/admin/stakes?${CLOSED}&limit=20&offset=${quarter}`,
    ),
    adminRun('admin', 'admin withdrawals, pending, first page', '/api/admin/withdrawals?status=pending&limit=20'),
    adminRun(
      'admin',
      'admin withdrawals, completed, by amount',
      '/api/admin/withdrawals?status=completed&limit=20&sort=finalAmount&order=desc',
    ),
    adminRun(
      'admin',
      'admin withdrawals, completed, search by wallet start',
      () => `/api/admin/withdrawals?status=completed&limit=20&q=${prefix()}`,
    ),
    adminRun(
      'admin-deep',
      `admin withdrawals, completed, deep page by cursor (after row ${fmt(deepWithdrawals)})`,
      `/api/admin/withdrawals?status=completed&limit=20&cursor=${await cursorAfter('/api/admin/withdrawals?status=completed', deepWithdrawals)}`,
    ),
    adminRun('admin-stats', 'GET /api/admin/stats', '/api/admin/stats'),
    { group: 'ceiling', name: 'bare Express 5 ceiling (again, at the end)', url: ceiling.url, path: '/ceiling', pid: ceiling.child.pid! },
  ];

  const loads: LoadRow[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    const connections = run.connections ?? 50;
    log(`${run.name}: ${SECONDS} s, ${connections} connections${run.rate ? `, ${run.rate} req/s offered` : ''}`);
    // A figure taken while other processes used the CPU says little: measure again, up to MAX_ATTEMPTS times.
    let attempts = 0;
    let result: LoadResult;
    let othersPercent: number;
    do {
      attempts++;
      const noise = noiseMeter(ourPids);
      result = await measure({ ...run, pid: run.pid ?? serverPid, seconds: SECONDS, warmupSeconds: 2, connections });
      ({ othersPercent } = noise.stop());
      if (othersPercent > NOISY_PERCENT && attempts < MAX_ATTEMPTS)
        log(`  noisy: other processes used ${othersPercent}% of the CPU; again`);
    } while (othersPercent > NOISY_PERCENT && attempts < MAX_ATTEMPTS);
    if (run.paced) {
      const rate = Math.max(10, Math.round(result.reqPerSec / 2));
      runs.splice(i + 1, 0, { ...run, group: `${run.group}-paced`, name: `${run.name} at half that rate`, rate, paced: false });
    }
    const noisy = othersPercent > NOISY_PERCENT;
    loads.push({ ...result, group: run.group, othersPercent, load: load1(), attempts, noisy });
    log(
      `  ${Math.round(result.reqPerSec)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms` +
        `${result.failures ? `, ${result.failures} FAILED (${JSON.stringify(result.statusCodes)})` : ''}; other processes ${othersPercent}% CPU` +
        `${noisy ? ` (noisy after ${attempts} tries: not judged)` : ''}`,
    );
  }

  // 4. Deposits: POST /api/stakes, each verified against the test chain.
  log(`putting ${DEPOSITS} deposits on the test chain`);
  const { deposits } = await ask<{ deposits: Deposit[] }>(chain.child, { deposits: DEPOSITS, minimum: 100 });
  const planId = await withClient(
    db.url,
    async (client) => (await client.query<{ id: number }>(`SELECT id FROM staking_plans WHERE name = 'Starter'`)).rows[0]!.id,
  );
  // Each deposit is recorded with its holder's own session, as the holder app does.
  const cookies = await Promise.all(deposits.map((deposit) => signInAs(server.url, deposit)));
  let next = 0;
  const depositBody = () => {
    const index = next++ % deposits.length;
    const { seed: _seed, ...deposit } = deposits[index]!;
    return { body: JSON.stringify({ planId, status: 'active', ...deposit }), headers: { cookie: cookies[index]! } };
  };
  log('POST /api/stakes (verified on chain)');
  const noise = noiseMeter(ourPids);
  const postStakes = await measure({
    name: 'POST /api/stakes (verified on the test chain)',
    url: server.url,
    path: '/api/stakes',
    method: 'POST',
    body: depositBody,
    connections: 10,
    amount: DEPOSITS,
    pid: serverPid,
  });
  const depositNoise = noise.stop().othersPercent;
  loads.push({
    ...postStakes,
    group: 'deposit',
    othersPercent: depositNoise,
    load: load1(),
    attempts: 1,
    noisy: depositNoise > NOISY_PERCENT,
  });
  log(
    `  ${Math.round(postStakes.reqPerSec)} req/s, p50 ${postStakes.p50} ms, p99 ${postStakes.p99} ms, ${JSON.stringify(postStakes.statusCodes)}`,
  );

  // 5. Expiry of 100,000 stakes at once.
  log(`update-expired-stakes with ${EXPIRING.toLocaleString('en-US')} stakes expiring at once`);
  const expiryNoise = noiseMeter(ourPids);
  const measuredExpiry = await measureExpiry(db.url, server.url, admin, EXPIRING, { cohort: 3, scattered: 1 }, serverPid);
  const expiry = { ...measuredExpiry, othersPercent: expiryNoise.stop().othersPercent, load: load1() };
  log(`  ${expiry.runs.map((r) => `${r.layout} ${r.ms.toFixed(0)} ms (${r.error ?? r.updatedCount})`).join(', ')}`);

  // 6. Query plans of what the endpoints run, at this size.
  log('EXPLAIN (ANALYZE, BUFFERS) of the hot queries');
  const explain = await explainQueries(db.url, seeded.sampleWallets[0]!, N, { one: seeded.oneStakeWallet, whale: seeded.whale.wallet });

  // 7. The web app in Chromium.
  let web: Awaited<ReturnType<typeof measureWeb>> | undefined;
  let lighthouse: Awaited<ReturnType<typeof measureLighthouse>> | undefined;
  if (!args['skip-web']) {
    log('web: JavaScript per route, LCP and dashboard in Chromium (CPU 4x slower)');
    web = await measureWeb(server.url, { few: seeded.dashboardWallet, one: seeded.oneStakeWallet, whale: seeded.whale.wallet });
    log('web: Lighthouse, mobile preset, on /, /documentation and /dashboard');
    lighthouse = await measureLighthouse(server.url);
    for (const line of formatLighthouse(lighthouse)) log(`  ${line}`);
  }
  const serverMemory = memoryOf(serverPid);
  await stopChild(server);

  // 7b. Deposits the server finds by itself (its own instance behind a counting RPC endpoint).
  log('deposit detection at 1, 100 and 10,000 open intents');
  const depositDetection = await measureDepositDetection({ databaseUrl: db.url, chain, serverEnv: jwtEnv, logFile: serverLog, log });
  for (const line of formatDepositDetection(depositDetection)) log(`  ${line}`);

  // 7c. The proof-of-reserves tree, in this process (nothing else of the bench runs meanwhile).
  log(`proof-of-reserves tree of ${fmt(RESERVES_LEAVES)} leaves`);
  const reserves = measureReserves();
  log(`  ${formatReserves(reserves)}`);

  // 8. Start-up on the existing database: with DATABASE_URL, then as `npm start` does (embedded).
  log('server start-up with the existing database');
  const startLoad = load1();
  const startUrl: number[] = [];
  for (let i = 0; i < 3; i++) {
    const again = await startServer(jwtEnv, serverLog);
    startUrl.push(again.startMs);
    await stopChild(again);
  }
  const startEmbedded: number[] = [];
  if (db.dataDir) {
    await db.stop();
    for (let i = 0; i < 3; i++) {
      const { DATABASE_URL: _unused, ...embeddedEnv } = jwtEnv;
      const again = await startServer({ ...embeddedEnv, DATA_DIR: db.dataDir }, serverLog);
      startEmbedded.push(again.startMs);
      await stopChild(again);
    }
  }
  log(
    `  DATABASE_URL: ${startUrl.map((ms) => ms.toFixed(0)).join(', ')} ms; embedded: ${startEmbedded.map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );

  const results: Results = {
    date: new Date().toISOString(),
    n: N,
    machine,
    seeded,
    firstStartMs,
    loads,
    expiry,
    startUrl,
    startEmbedded,
    startLoad,
    serverPeakMb: serverMemory?.peakMb,
    explain,
    web,
    lighthouse,
    depositDetection,
    reserves,
    totalSeconds: (performance.now() - benchStarted) / 1000,
    logDir,
  };
  const written = writeResults(results, args.out!);
  log(`wrote ${written.join(', ')}`);
}

main()
  .then(cleanUp, async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exitCode = 1;
  })
  .finally(() => writeFileSync(path.join(logDir, 'done'), ''));
