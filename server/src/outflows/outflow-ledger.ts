import { QueryTypes, type Sequelize } from 'sequelize';
import type { OutflowExplanation } from '@stakedesk/shared/api-types';
import { fromRawAmount, toRawAmount } from '@stakedesk/shared/money';
import { grossUp } from '@stakedesk/shared/transfer-fee';
import { emitAlert } from '../alerts/index.js';
import { ChainUnavailableError, type Chain, type TokenActivity } from '../chain/chain.js';
import type { Logger } from '../logger.js';
import { loadSettings } from '../settings/index.js';
import { outflowOf, type TreasuryAccount } from './outflow-amount.js';

/**
 * How long an unexplained outflow waits before treasury.unexplained_outflow is raised. An operator
 * who pays a withdrawal from their own wallet and then pastes its TXID makes an outflow the server
 * sees before the paste; so does a payout a wallet signed and sent before the panel posted it.
 * Such an outflow is recorded at once and holds automatic payouts at once (the safe side), but the
 * alarm waits this long for the verified paste, or the payout record, that explains it by itself.
 */
export const OUTFLOW_ALERT_GRACE_MS = 15 * 60_000;

/** A transaction the follower read in the history of an account the server pays from. */
export type SeenTransaction = {
  account: TreasuryAccount & { decimals: number };
  /** Every wallet the server pays from, of the account's mint. */
  treasury: ReadonlySet<string>;
  signature: string;
  blockTime: number | null;
  activity: TokenActivity;
};

/**
 * What the books record of a transaction, asked of their owners: the payout that sent it (one that
 * expired or failed sent nothing), and the completed withdrawals of a mint whose verified TXID it is,
 * with what each was owed (whole tokens). Handed in by the files that put the server together:
 * payouts and withdrawals import stakes, whose deposit follower records outflows here.
 */
export type OutflowExplainers = {
  payoutThatSent: (db: Sequelize, signature: string) => Promise<number | null>;
  withdrawalsPaidBy: (db: Sequelize, signature: string, mint: string) => Promise<{ id: number; finalAmount: string }[]>;
};

/**
 * The withdrawals a verified TXID completed, when what left the treasury (`amount`, raw) is no more
 * than they were owed, each grossed up by the mint's transfer fee (the most of its recent ones): a
 * pasted payout that also sent tokens elsewhere explains only its share, so not the transaction.
 */
async function pastedTxidPaying(
  db: Sequelize,
  chain: Chain,
  explainers: OutflowExplainers,
  signature: string,
  mint: string,
  amount: bigint,
): Promise<number[] | null> {
  const paid = await explainers.withdrawalsPaidBy(db, signature, mint);
  if (paid.length === 0) return null;
  const state = await chain.mint(mint);
  if (!state) return null;
  const owed = paid.reduce((total, withdrawal) => {
    const raw = toRawAmount(withdrawal.finalAmount, state.decimals);
    return total + state.recentTransferFees.reduce((most, fee) => (grossUp(raw, fee) > most ? grossUp(raw, fee) : most), raw);
  }, 0n);
  return amount <= owed ? paid.map((withdrawal) => withdrawal.id) : null;
}

/** What the books say took `amount` (raw units of `mint`) out of the treasury in `signature`; null when nothing does. */
async function explanationFor(
  db: Sequelize,
  chain: Chain,
  explainers: OutflowExplainers,
  signature: string,
  mint: string,
  amount: bigint,
): Promise<OutflowExplanation | null> {
  const payoutId = await explainers.payoutThatSent(db, signature);
  if (payoutId !== null) return { kind: 'payout', payoutId };
  const withdrawalIds = await pastedTxidPaying(db, chain, explainers, signature, mint, amount);
  return withdrawalIds && { kind: 'pastedTxid', withdrawalIds };
}

/**
 * Checks a transaction of an account the server pays from (DESIGN 15): tokens it took out of the
 * treasury must be a payout the server built or a TXID it verified; anything else is recorded as
 * an unexplained outflow, which holds automatic payouts from now on (auto-payouts' stop reasons).
 * Once per transaction and account, however often or by however many instances it is read.
 */
export async function recordOutflows(
  db: Sequelize,
  chain: Chain,
  logger: Logger,
  explainers: OutflowExplainers,
  seen: SeenTransaction,
): Promise<void> {
  const { account, signature } = seen;
  const amount = outflowOf(seen.activity, account, seen.treasury);
  if (amount === 0n) return;
  const [others] = await db.query<{ amount: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS amount FROM treasury_outflows WHERE signature = :signature AND account <> :account`,
    { replacements: { signature, account: account.address }, type: QueryTypes.SELECT },
  );
  if (await explanationFor(db, chain, explainers, signature, account.mint, amount + BigInt(others!.amount))) return;
  const [inserted] = await db.query(
    `INSERT INTO treasury_outflows (signature, account, owner, mint, amount, decimals, block_time)
     VALUES (:signature, :account, :owner, :mint, :amount, :decimals, to_timestamp(:blockTime))
     ON CONFLICT (signature, account) DO NOTHING RETURNING signature`,
    {
      replacements: {
        signature,
        account: account.address,
        owner: account.owner,
        mint: account.mint,
        amount: amount.toString(),
        decimals: account.decimals,
        blockTime: seen.blockTime,
      },
      type: QueryTypes.SELECT,
    },
  );
  if (inserted)
    logger.warn(
      { signature, account: account.address, owner: account.owner, amount: amount.toString() },
      'tokens left the treasury unexplained',
    );
}

/** Unexplained outflows whose payout or verified paste has been recorded since: explained by it. */
async function explainFromTheBooks(db: Sequelize, chain: Chain, logger: Logger, explainers: OutflowExplainers): Promise<void> {
  const waiting = await db.query<{ signature: string; mint: string; amount: string }>(
    `SELECT signature, mint, sum(amount)::text AS amount FROM treasury_outflows WHERE status = 'unexplained'
     GROUP BY signature, mint ORDER BY min(created_at) LIMIT 100`,
    { type: QueryTypes.SELECT },
  );
  for (const { signature, mint, amount } of waiting) {
    const explanation = await explanationFor(db, chain, explainers, signature, mint, BigInt(amount));
    if (!explanation) continue;
    await db.query(
      `UPDATE treasury_outflows SET status = 'explained', explained_by = :explanation::jsonb, explained_at = now()
       WHERE signature = :signature AND status = 'unexplained'`,
      { replacements: { signature, explanation: JSON.stringify(explanation) } },
    );
    logger.info({ signature, explanation }, 'an outflow is explained by the books');
  }
}

type DueOutflow = {
  signature: string;
  account: string;
  owner: string;
  mint: string;
  amount: string;
  decimals: number;
  blockTime: Date | null;
};

/** treasury.unexplained_outflow for each outflow still unexplained past the grace period, once (claimed by alerted_at). */
async function alertUnexplained(db: Sequelize): Promise<void> {
  await db.transaction(async (transaction) => {
    const due = await db.query<DueOutflow>(
      `UPDATE treasury_outflows SET alerted_at = now()
       WHERE status = 'unexplained' AND alerted_at IS NULL AND created_at <= now() - make_interval(secs => :graceSeconds)
       RETURNING signature, account, owner, mint, amount::text, decimals, block_time AS "blockTime"`,
      { replacements: { graceSeconds: OUTFLOW_ALERT_GRACE_MS / 1000 }, type: QueryTypes.SELECT, transaction },
    );
    if (due.length === 0) return;
    const settings = await loadSettings(db);
    for (const outflow of due) {
      await emitAlert(
        db,
        'treasury.unexplained_outflow',
        {
          signature: outflow.signature,
          account: outflow.account,
          owner: outflow.owner,
          amount: fromRawAmount(BigInt(outflow.amount), outflow.decimals),
          symbol: outflow.mint === settings.tokenContract ? settings.tokenSymbol : outflow.mint,
          blockTime: outflow.blockTime?.toISOString() ?? null,
        },
        transaction,
      );
    }
  });
}

/**
 * After each round of the follower: outflows the books explain by now (the paste came after the
 * transaction was seen, or the payout follower found a payout a wallet sent itself) are marked
 * explained, and those still unexplained past OUTFLOW_ALERT_GRACE_MS raise the alert. No RPC call
 * unless a paste must be weighed against the mint's transfer fee (and the mint is remembered).
 */
export async function settleOutflows(db: Sequelize, chain: Chain, logger: Logger, explainers: OutflowExplainers): Promise<void> {
  try {
    await explainFromTheBooks(db, chain, logger, explainers);
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    logger.warn({ err: error }, 'outflows could not be weighed against pasted TXIDs; will look again');
  }
  await alertUnexplained(db);
}

/** The oldest outflow still unexplained, if any: while there is one, automatic payouts stay stopped. */
export async function oldestUnexplainedOutflow(db: Sequelize): Promise<{ signature: string; owner: string } | null> {
  const [row] = await db.query<{ signature: string; owner: string }>(
    `SELECT signature, owner FROM treasury_outflows WHERE status = 'unexplained' ORDER BY created_at, signature LIMIT 1`,
    { type: QueryTypes.SELECT },
  );
  return row ?? null;
}

/** How many outflows are unexplained: automatic payouts stop while above 0. */
export async function unexplainedOutflowCount(db: Sequelize): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM treasury_outflows WHERE status = 'unexplained'`, {
    type: QueryTypes.SELECT,
  });
  return row!.n;
}
