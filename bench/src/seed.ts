/**
 * Fills a migrated Stakedesk database with N stakes and their withdrawals, shaped like a live
 * platform: holders with a few stakes each and some with hundreds, three plans, a year of history,
 * statuses that follow the clock (stakes still running are active, ended ones completed, withdrawn
 * or waiting for payout), one withdrawal per payout, some rejected requests, and every chain
 * transaction id recorded once.
 *
 * Stakes go in as multi-row inserts of 10,000 rows (one INSERT ... SELECT FROM unnest(arrays) per
 * batch, the plan's terms joined in by PostgreSQL); withdrawals and used transaction ids are then
 * derived from the stakes by set-based INSERT ... SELECT statements.
 */
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import type pg from 'pg';

const BATCH = 10_000;
const DAY_MS = 86_400_000;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export const BENCH_PLANS = [
  { name: 'Starter', description: 'A short lock to try staking.', yieldRate: 5, durationDays: 30, minStake: 100, penalty: 10, weight: 0.5 },
  {
    name: 'Growth',
    description: 'Our most chosen balance of time and reward.',
    yieldRate: 15,
    durationDays: 90,
    minStake: 500,
    penalty: 15,
    weight: 0.3,
  },
  {
    name: 'Diamond',
    description: 'The longest lock with the highest reward.',
    yieldRate: 40,
    durationDays: 180,
    minStake: 1000,
    penalty: 20,
    weight: 0.2,
  },
] as const;

export type SeedResult = {
  stakes: number;
  withdrawals: number;
  wallets: number;
  /** Wallets to ask for in the per-wallet benchmarks, drawn uniformly from all holders. */
  sampleWallets: string[];
  /** The holder with the most stakes, and how many. */
  whale: { wallet: string; stakes: number };
  /** A holder with a handful of stakes in every state, for the dashboard measurement. */
  dashboardWallet: string;
  /** A holder with one stake: the dashboard's baseline, against the largest holder's. */
  oneStakeWallet: string;
  seconds: number;
};

/** 88 base58 characters, the length of a Solana transaction signature. */
function signatureLike(): string {
  const bytes = randomBytes(88);
  let text = '';
  for (const byte of bytes) text += BASE58[byte % 58];
  return text;
}

/** How many stakes a holder has: most a few (geometric, mean 4), one in a thousand hundreds. */
function stakesPerHolder(): number {
  if (Math.random() < 0.001) return 200 + Math.floor(Math.random() * 800);
  return Math.min(60, 1 + Math.floor(Math.log(1 - Math.random()) / Math.log(0.75)));
}

function pickPlan(): number {
  const u = Math.random();
  let acc = 0;
  for (let i = 0; i < BENCH_PLANS.length; i++) {
    acc += BENCH_PLANS[i]!.weight;
    if (u < acc) return i;
  }
  return BENCH_PLANS.length - 1;
}

type Row = {
  id: number;
  wallet: string;
  plan: number;
  amount: string;
  status: string;
  txId: string;
  createdAt: string;
  completedAt: string | null;
};

/** One stake made at `created`, its status following its dates. */
function stakeRow(id: number, wallet: string, created: number, now: number): Row {
  const planIndex = pickPlan();
  const plan = BENCH_PLANS[planIndex]!;
  const ends = created + plan.durationDays * DAY_MS;
  // Amounts spread over four orders of magnitude (log-uniform), never below the plan minimum.
  const amount = Math.max(plan.minStake, Math.round(10 ** (2 + Math.random() * 4)));
  let status: string;
  let completedAt: number | null = null;
  if (ends > now) {
    status = Math.random() < 0.96 ? 'active' : 'pending_withdrawal';
  } else {
    const u = Math.random();
    status = u < 0.25 ? 'completed' : u < 0.9 ? 'withdrawn' : 'pending_withdrawal';
    completedAt = Math.min(now, ends + Math.random() * DAY_MS);
  }
  return {
    id,
    wallet,
    plan: planIndex,
    amount: String(amount),
    status,
    txId: signatureLike(),
    createdAt: new Date(created).toISOString(),
    completedAt: completedAt === null ? null : new Date(completedAt).toISOString(),
  };
}

const INSERT_STAKES = `
  INSERT INTO stakes (id, wallet_address, plan_id, plan_name, plan_description, yield_rate, duration_days, min_stake_amount,
                      early_penalty_rate, amount, reward_amount, status, tx_id, ends_at, completed_at, created_at, updated_at,
                      token_contract, staking_wallet)
  SELECT u.id, u.wallet, p.id, p.name, p.description, p.yield_rate, p.duration_days, p.min_stake_amount,
         p.early_penalty_rate, u.amount, floor(u.amount * p.yield_rate / 100), u.status, u.tx_id,
         u.created_at + make_interval(days => p.duration_days), u.completed_at, u.created_at, coalesce(u.completed_at, u.created_at),
         c.token_contract, c.staking_wallet
  FROM unnest($1::int[], $2::varchar[], $3::int[], $4::numeric[], $5::varchar[], $6::varchar[], $7::timestamptz[], $8::timestamptz[])
       AS u(id, wallet, plan_id, amount, status, tx_id, created_at, completed_at)
  JOIN staking_plans p ON p.id = u.plan_id
  CROSS JOIN (SELECT token_contract, staking_wallet FROM settings WHERE id = 1) c`;

// A payout-like id per withdrawal, unique, 88 characters.
const PAYOUT_TX = `md5(s.id::text || 'payout') || md5(s.id::text || 'signature') || substr(md5(s.id::text), 1, 24)`;

const DERIVE = [
  // Requests still waiting: an early unstake of a running stake, or a full payout of an ended one.
  `INSERT INTO withdrawals (stake_id, wallet_address, kind, amount, reward_amount, penalty_amount, final_amount, status,
                           stake_status_before, requested_at, created_at, updated_at, token_contract, staking_wallet)
   SELECT s.id, s.wallet_address, w.kind, s.amount, w.reward, w.penalty, s.amount + w.reward - w.penalty, 'pending',
          CASE w.kind WHEN 'full' THEN 'completed' ELSE 'active' END, w.at, w.at, w.at, s.token_contract, s.staking_wallet
   FROM stakes s,
   LATERAL (SELECT CASE WHEN s.completed_at IS NULL THEN 'early' ELSE 'full' END AS kind) k,
   LATERAL (SELECT k.kind,
                   CASE k.kind WHEN 'full' THEN s.reward_amount ELSE 0 END AS reward,
                   CASE k.kind WHEN 'early' THEN floor(s.amount * s.early_penalty_rate / 100) ELSE 0 END AS penalty,
                   coalesce(s.completed_at, s.created_at) + (now() - coalesce(s.completed_at, s.created_at)) * random() AS at) w
   WHERE s.status = 'pending_withdrawal'`,
  // One in ten paid-out stakes had a request rejected first.
  `INSERT INTO withdrawals (stake_id, wallet_address, kind, amount, reward_amount, penalty_amount, final_amount, status,
                           stake_status_before, reject_reason, requested_at, processed_at, created_at, updated_at, token_contract, staking_wallet)
   SELECT s.id, s.wallet_address, 'full', s.amount, s.reward_amount, 0, s.amount + s.reward_amount, 'rejected', 'completed',
          'Amounts did not match the payout', s.completed_at, s.completed_at + interval '2 hours', s.completed_at, s.completed_at,
          s.token_contract, s.staking_wallet
   FROM stakes s WHERE s.status = 'withdrawn' AND s.id % 10 = 3`,
  // Every withdrawn stake was paid out once, on chain.
  `INSERT INTO withdrawals (stake_id, wallet_address, kind, amount, reward_amount, penalty_amount, final_amount, status,
                           stake_status_before, tx_id, requested_at, processed_at, created_at, updated_at, token_contract, staking_wallet)
   SELECT s.id, s.wallet_address, 'full', s.amount, s.reward_amount, 0, s.amount + s.reward_amount, 'completed', 'completed',
          ${PAYOUT_TX}, s.completed_at + interval '3 hours', s.completed_at + interval '20 hours', s.completed_at + interval '3 hours',
          s.completed_at + interval '20 hours', s.token_contract, s.staking_wallet
   FROM stakes s WHERE s.status = 'withdrawn'`,
  `INSERT INTO used_transactions (tx_id, purpose, created_at) SELECT tx_id, 'deposit', created_at FROM stakes WHERE tx_id IS NOT NULL`,
  `INSERT INTO used_transactions (tx_id, purpose, created_at) SELECT tx_id, 'payout', processed_at FROM withdrawals WHERE tx_id IS NOT NULL`,
  `SELECT setval(pg_get_serial_sequence('stakes', 'id'), (SELECT max(id) FROM stakes))`,
  `SELECT setval(pg_get_serial_sequence('withdrawals', 'id'), (SELECT max(id) FROM withdrawals))`,
];

/** Inserts the three bench plans (ids returned in BENCH_PLANS order). */
export async function seedPlans(client: pg.Client): Promise<number[]> {
  const ids: number[] = [];
  for (const plan of BENCH_PLANS) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO staking_plans (name, description, yield_rate, duration_days, min_stake_amount, early_penalty_rate)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [plan.name, plan.description, plan.yieldRate, plan.durationDays, plan.minStake, plan.penalty],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

export async function seed(client: pg.Client, n: number, onProgress: (done: number) => void = () => undefined): Promise<SeedResult> {
  const started = performance.now();
  const planIds = await seedPlans(client);
  const now = Date.now();
  const sampleWallets: string[] = [];
  let whale = { wallet: '', stakes: 0 };
  let dashboardWallet = '';
  let oneStakeWallet = '';

  // The holders, and how many stakes each has.
  const holders: string[] = [];
  const counts: number[] = [];
  for (let total = 0; total < n;) {
    const wallet = bs58.encode(randomBytes(32));
    const count = Math.min(stakesPerHolder(), n - total);
    holders.push(wallet);
    counts.push(count);
    total += count;
    if (count > whale.stakes) whale = { wallet, stakes: count };
    if (!dashboardWallet && count >= 8 && count <= 20) dashboardWallet = wallet;
    if (!oneStakeWallet && count === 1) oneStakeWallet = wallet;
    // Reservoir sample: every holder equally likely, whatever its number of stakes.
    if (sampleWallets.length < 5000) sampleWallets.push(wallet);
    else if (Math.random() < 5000 / holders.length) sampleWallets[Math.floor(Math.random() * 5000)] = wallet;
  }
  const wallets = holders.length;
  // As on a live platform, ids follow time and each holder's stakes are spread over the year:
  // whose stake comes next is a shuffle, when it was made a sorted list of random moments.
  const owner = new Int32Array(n);
  for (let h = 0, i = 0; h < holders.length; h++) for (let k = 0; k < counts[h]!; k++) owner[i++] = h;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [owner[i], owner[j]] = [owner[j]!, owner[i]!];
  }
  const moments = new Float64Array(n);
  for (let i = 0; i < n; i++) moments[i] = now - Math.random() * 365 * DAY_MS;
  moments.sort();

  let batch: Row[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(INSERT_STAKES, [
      batch.map((r) => r.id),
      batch.map((r) => r.wallet),
      batch.map((r) => planIds[r.plan]!),
      batch.map((r) => r.amount),
      batch.map((r) => r.status),
      batch.map((r) => r.txId),
      batch.map((r) => r.createdAt),
      batch.map((r) => r.completedAt),
    ]);
    batch = [];
  };

  let id = 0;
  while (id < n) {
    id += 1;
    batch.push(stakeRow(id, holders[owner[id - 1]!]!, moments[id - 1]!, now));
    if (batch.length >= BATCH) {
      await flush();
      onProgress(id);
    }
  }
  await flush();
  onProgress(id);
  for (const statement of DERIVE) await client.query(statement);
  const { rows } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM withdrawals');
  return {
    stakes: id,
    withdrawals: Number(rows[0]!.n),
    wallets,
    sampleWallets,
    whale,
    dashboardWallet: dashboardWallet || whale.wallet,
    oneStakeWallet: oneStakeWallet || holders[0]!,
    seconds: (performance.now() - started) / 1000,
  };
}

/** What a long-running database has: statistics, and a visibility map so index-only scans work. */
export async function vacuumAnalyze(client: pg.Client): Promise<void> {
  await client.query('VACUUM (ANALYZE) stakes, withdrawals, used_transactions, staking_plans, settings, admins');
}
