import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { normalizeDecimal, sumDecimals } from '@stakedesk/shared/decimal';
import { DUE_SOON_DAYS } from '@stakedesk/shared/treasury';
import { IN_REVIEW_OF_W } from '../payouts/index.js';
import { OWED_STAKES_SQL, STAKE_COMPLETE_SQL } from '../stakes/index.js';
import { PENDING_WITHDRAWALS_SQL } from '../withdrawals/index.js';

export type Liabilities = Pick<
  TreasuryCoverage,
  'liabilities' | 'dueWithin7Days' | 'dueWithin30Days' | 'liabilitiesElsewhere' | 'underReview'
> & {
  /** What each staking wallet of the mint owes: the current one first (even owing nothing), then earlier ones, largest first. */
  owedByWallet: { stakingWallet: string; owed: string }[];
};

type Row = Record<
  'token_contract' | 'staking_wallet' | 'principal' | 'rewards' | 'pending' | 'under_review' | 'due_soon' | 'due_later',
  string
>;

/**
 * The one rule of what is owed, a row per stake or withdrawal (the CTE `owed` of both queries
 * below), by mint, staking wallet the deposit was verified against, and holder. A stake with a
 * pending withdrawal is owed through that withdrawal's finalAmount (after any early penalty), so
 * stakes count only while active or completed; withdrawn stakes are paid or restaked (the restake
 * is its own active stake). Complete stakes (isComplete) and pending withdrawals are due now; an
 * active stake when it ends. A pending withdrawal whose payout landed short and waits for an
 * owner's review is not owed from the balance any more (its tokens left with that payout): it is
 * counted apart, as under review.
 */
const OWED_SQL = `
  WITH owed AS (
    SELECT token_contract, staking_wallet, wallet_address, amount AS principal, reward_amount AS reward, 0 AS pending, 0 AS under_review,
      CASE WHEN ${STAKE_COMPLETE_SQL} THEN now() ELSE ends_at END AS due_at
    FROM ${OWED_STAKES_SQL} s
    UNION ALL
    SELECT w.token_contract, w.staking_wallet, w.wallet_address, 0, 0, CASE WHEN r.held THEN 0 ELSE w.final_amount END,
      CASE WHEN r.held THEN w.final_amount ELSE 0 END, now()
    FROM ${PENDING_WITHDRAWALS_SQL} w
    CROSS JOIN LATERAL (SELECT ${IN_REVIEW_OF_W} AS held) r
  )`;

/** What the platform owes, in one statement (one snapshot), per mint and staking wallet. */
const LIABILITIES_SQL = `${OWED_SQL}
  SELECT token_contract, staking_wallet,
    sum(principal)::text AS principal, sum(reward)::text AS rewards, sum(pending)::text AS pending, sum(under_review)::text AS under_review,
    coalesce(sum(principal + reward + pending) FILTER (WHERE due_at <= now() + make_interval(days => :soon)), 0)::text AS due_soon,
    coalesce(sum(principal + reward + pending) FILTER (WHERE due_at <= now() + make_interval(days => :later)), 0)::text AS due_later
  FROM owed GROUP BY token_contract, staking_wallet`;

/**
 * Each holder's liability in `:mint` (DESIGN 14: a proof-of-reserves leaf), whichever staking
 * wallet it is owed from, and the staking wallets that owe anything in it. A pending withdrawal
 * under review counts in full, as DESIGN 14's formula and the holder's own list say (the holder's
 * check compares the leaf with that list, DESIGN 15): so the leaves sum to readLiabilities'
 * `liabilities.total` plus `underReview` for that mint. Holders owed nothing have no leaf.
 */
const HOLDER_LIABILITIES_SQL = `${OWED_SQL}
  SELECT wallet_address AS wallet, sum(principal + reward + pending + under_review)::text AS liability
  FROM owed WHERE token_contract = :mint GROUP BY wallet_address HAVING sum(principal + reward + pending + under_review) > 0`;

const OWING_WALLETS_SQL = `${OWED_SQL}
  SELECT DISTINCT staking_wallet FROM owed WHERE token_contract = :mint AND principal + reward + pending + under_review > 0`;

const totalOf = (row: Row) =>
  (BigInt(normalizeDecimal(row.principal)) + BigInt(normalizeDecimal(row.rewards)) + BigInt(normalizeDecimal(row.pending))).toString();

const largestFirst = (a: string, b: string) => (BigInt(b) > BigInt(a) ? 1 : BigInt(b) < BigInt(a) ? -1 : 0);

const sumOf = (rows: Row[], column: keyof Row) => sumDecimals(rows.map((row) => row[column]));

/**
 * What is owed in `mint`, from every staking wallet its deposits were paid into (the one the
 * settings name now, `stakingWallet`, and any earlier one), with each wallet's share (the current
 * wallet first, then largest first); and apart, whatever is owed in another mint, which no balance
 * of `mint` covers. `liabilitiesElsewhere` keeps naming every wallet but the current one.
 */
export async function readLiabilities(db: Sequelize, mint: string, stakingWallet: string): Promise<Liabilities> {
  const [soon, later] = DUE_SOON_DAYS;
  const rows = await db.query<Row>(LIABILITIES_SQL, { replacements: { soon, later }, type: QueryTypes.SELECT });
  const inMint = rows.filter((row) => row.token_contract === mint);
  const elsewhere = rows.filter((row) => row.token_contract !== mint || row.staking_wallet !== stakingWallet);
  const current = inMint.find((row) => row.staking_wallet === stakingWallet);
  const earlier = inMint
    .filter((row) => row !== current)
    .map((row) => ({ stakingWallet: row.staking_wallet, owed: totalOf(row) }))
    .sort((a, b) => largestFirst(a.owed, b.owed));
  return {
    liabilities: {
      total: inMint.reduce((sum, row) => sum + BigInt(totalOf(row)), 0n).toString(),
      stakePrincipal: sumOf(inMint, 'principal'),
      stakeRewards: sumOf(inMint, 'rewards'),
      pendingWithdrawals: sumOf(inMint, 'pending'),
    },
    dueWithin7Days: sumOf(inMint, 'due_soon'),
    dueWithin30Days: sumOf(inMint, 'due_later'),
    underReview: sumOf(inMint, 'under_review'),
    owedByWallet: [{ stakingWallet, owed: current ? totalOf(current) : '0' }, ...earlier],
    liabilitiesElsewhere: elsewhere
      .map((row) => ({ tokenContract: row.token_contract, stakingWallet: row.staking_wallet, total: totalOf(row) }))
      .sort((a, b) => largestFirst(a.total, b.total)),
  };
}

/** `owed`: whole tokens, as stakes and withdrawals count them. */
export type HolderLiability = { wallet: string; owed: string };

/**
 * What each holder is owed in `mint` (whole tokens), and which staking wallets owe anything in it.
 * Run both in one REPEATABLE READ `transaction` so that they are of one moment.
 */
export async function readHolderLiabilities(
  db: Sequelize,
  mint: string,
  transaction: Transaction,
): Promise<{ holders: HolderLiability[]; owingStakingWallets: string[] }> {
  const rows = await db.query<{ wallet: string; liability: string }>(HOLDER_LIABILITIES_SQL, {
    replacements: { mint },
    type: QueryTypes.SELECT,
    transaction,
  });
  const wallets = await db.query<{ staking_wallet: string }>(OWING_WALLETS_SQL, {
    replacements: { mint },
    type: QueryTypes.SELECT,
    transaction,
  });
  return {
    holders: rows.map((row) => ({ wallet: row.wallet, owed: normalizeDecimal(row.liability) })),
    owingStakingWallets: wallets.map((row) => row.staking_wallet),
  };
}
