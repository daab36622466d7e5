import { PublicKey } from '@solana/web3.js';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { AuditDifference, BooksAuditChecked } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { fromRawAmount } from '@stakedesk/shared/money';
import { associatedTokenAccount } from '../chain/associated-account.js';
import { chainReason, type Chain, type SignatureInfo, type TokenActivity } from '../chain/chain.js';
import type { SecondProvider } from '../chain/second-provider.js';
import { outflowOf, outflowRecorded, recordedOutflowsAfter } from '../outflows/index.js';
import { loadSettings } from '../settings/index.js';
import {
  newestUsedTransactionTime,
  recordedDepositsAfter,
  recordReferencedDeposits,
  stakingWalletsOf,
  usedTxIds,
} from '../stakes/index.js';
import { lockPendingWithdrawalsOf, lockWithdrawal, noteAutoPayoutHold, pendingWithdrawalOwing } from '../withdrawals/index.js';
import { deltasByOwner, depositSeen, payoutSeen } from './chain-view.js';

/**
 * What an audit reads of the books that other modules own, handed in by the composing files
 * (audited-books.ts): payouts import books-audit's holds, so books-audit cannot import them. The
 * SQL parts are of the withdrawal `w`, or tables to read from.
 */
export type AuditedBooks = {
  /** Completed withdrawals, each a withdrawals row (withdrawals). */
  completedWithdrawals: string;
  /** When each stake's deposit was recorded: `id`, `created_at` (stakes). */
  stakeDepositTimes: string;
  /** The wallet that paid the payout whose transaction is `w`'s TXID, NULL for none (payouts). */
  payoutPayerOfW: string;
  /** Whether an owner marked `w` paid after a review (payouts). */
  paidAfterReviewOfW: string;
  withdrawalCompletedBy: (db: Sequelize, txId: string, walletAddress: string) => Promise<boolean>;
  payoutOfSignatureKnown: (db: Sequelize, signature: string) => Promise<boolean>;
};

/** What an audit reads: the books, the chain, the second provider when there is one, and the hot wallet the server pays from. */
export type AuditWorld = {
  db: Sequelize;
  chain: Chain;
  secondProvider: SecondProvider | null;
  hotWallet: string | null;
  books: AuditedBooks;
};

export type AuditFindings = { checked: BooksAuditChecked; differences: AuditDifference[] };

/** Rows read from the books at once, and transactions asked of the chain at once. */
const BATCH = 200;
const PARALLEL = 8;
/** The most getSignaturesForAddress answers in one call, and the pages of one account's history an audit reads. */
const PAGE = 1000;
const MAX_PAGES = 50;
/** How far before the books' newest transaction the chain's history is read: what happened after a restored moment is in it. */
const HISTORY_MARGIN_SECONDS = 24 * 3600;
/** getSignatureStatuses takes this many signatures at once. */
const STATUS_BATCH = 256;

type Audit = AuditWorld & AuditFindings & { auditId: number; proved: string[]; decimals: Map<string, number | null> };

async function eachInParallel<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += PARALLEL) await Promise.all(items.slice(start, start + PARALLEL).map(run));
}

async function decimalsOf(audit: Audit, mint: string): Promise<number | null> {
  if (!audit.decimals.has(mint)) audit.decimals.set(mint, (await audit.chain.mint(mint))?.decimals ?? null);
  return audit.decimals.get(mint)!;
}

/** Every row `page` reads (rows after an id, at most a batch, in id order), a batch at a time. */
async function eachRow<T extends { id: number }>(
  db: Sequelize,
  page: (db: Sequelize, after: number, limit: number) => Promise<T[]>,
  run: (row: T) => Promise<void>,
): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await page(db, after, BATCH);
    if (rows.length === 0) return;
    await eachInParallel(rows, run);
    after = rows.at(-1)!.id;
  }
}

/**
 * Each recorded deposit: on chain, successful, the stake's amount of its mint from its wallet to its
 * staking wallet. A restake moved no tokens (its id names the stake it came from): nothing to look for.
 */
async function checkDeposits(audit: Audit): Promise<void> {
  await eachRow(audit.db, recordedDepositsAfter, async (stake) => {
    audit.checked.deposits += 1;
    const claim = {
      txId: stake.txId,
      walletAddress: stake.wallet,
      amount: stake.amount,
      mint: stake.mint,
      stakingWallet: stake.stakingWallet,
    };
    const verdict = await audit.chain.verifyDeposit(claim);
    if (verdict.ok) {
      audit.proved.push(stake.txId);
      return;
    }
    const activity = await audit.chain.tokenActivity(stake.txId);
    const decimals = await decimalsOf(audit, stake.mint);
    audit.differences.push({
      kind: 'depositDiffers',
      signature: stake.txId,
      stakeId: stake.id,
      withdrawalId: null,
      books: { wallet: stake.wallet, amount: stake.amount },
      chain: activity && decimals !== null ? depositSeen(activity, stake.mint, stake.stakingWallet, decimals) : null,
      reason: chainReason(verdict.reason),
      resolution: null,
    });
  });
}

type PaidRow = { id: number; txId: string; wallet: string; amount: string; mint: string; payer: string; requestedAt: Date };

/**
 * Each completed payout: on chain, its amount of the stake's mint to the holder, from the wallet that
 * paid (the staking wallet, or the hot wallet for an automatic payout), after it was asked for (or,
 * for one asked for again after a restore and recorded by an audit's hold, from the wallet the audit
 * saw pay it, after the stake's deposit). A withdrawal an owner marked paid after a review was
 * checked by that owner: what landed did not pay it exactly, by definition.
 */
async function checkPayouts(audit: Audit): Promise<void> {
  const { books } = audit;
  const sql = `SELECT w.id, w.tx_id AS "txId", w.wallet_address AS wallet, w.final_amount::text AS amount, w.token_contract AS mint,
      coalesce(${books.payoutPayerOfW}, h.payer, w.staking_wallet) AS payer,
      CASE WHEN h.payer IS NULL THEN w.requested_at ELSE (SELECT s.created_at FROM ${books.stakeDepositTimes} s WHERE s.id = w.stake_id) END
        AS "requestedAt"
    FROM ${books.completedWithdrawals} w
      LEFT JOIN audit_payout_holds h ON h.withdrawal_id = w.id AND h.status = 'recorded' AND h.signature = w.tx_id
    WHERE w.final_amount > 0 AND w.id > :after AND NOT ${books.paidAfterReviewOfW}
    ORDER BY w.id LIMIT :limit`;
  const page = (db: Sequelize, after: number, limit: number) =>
    db.query<PaidRow>(sql, { replacements: { after, limit }, type: QueryTypes.SELECT });
  await eachRow(audit.db, page, async (paid) => {
    audit.checked.payouts += 1;
    const claim = {
      txId: paid.txId,
      walletAddress: paid.wallet,
      amount: paid.amount,
      mint: paid.mint,
      stakingWallet: paid.payer,
      notBefore: new Date(paid.requestedAt),
    };
    const verdict = await audit.chain.verifyPayout(claim);
    if (verdict.ok) {
      audit.proved.push(paid.txId);
      return;
    }
    const activity = await audit.chain.tokenActivity(paid.txId);
    const decimals = await decimalsOf(audit, paid.mint);
    audit.differences.push({
      kind: 'payoutDiffers',
      signature: paid.txId,
      stakeId: null,
      withdrawalId: paid.id,
      books: { wallet: paid.wallet, amount: paid.amount },
      chain: activity && decimals !== null ? payoutSeen(activity, paid.mint, paid.wallet, decimals) : null,
      reason: chainReason(verdict.reason),
      resolution: null,
    });
  });
}

/** The wallets the server pays from, of `mint`: the configured staking wallet, every one a stake records, and the hot wallet. */
async function treasuryOf(audit: Audit, mint: string): Promise<Set<string>> {
  const { tokenContract, stakingWallet } = await loadSettings(audit.db);
  return new Set([
    ...(tokenContract === mint && stakingWallet ? [stakingWallet] : []),
    ...(await stakingWalletsOf(audit.db, mint)),
    ...(audit.hotWallet ? [audit.hotWallet] : []),
  ]);
}

/** Each outflow the ledger recorded (DESIGN 15): the chain shows that much leaving that account. */
async function checkOutflows(audit: Audit): Promise<void> {
  await eachRow(audit.db, recordedOutflowsAfter, async (outflow) => {
    audit.checked.outflows += 1;
    const activity = await audit.chain.tokenActivity(outflow.signature);
    const account = { address: outflow.account, owner: outflow.owner, mint: outflow.mint };
    const onChain = activity && outflowOf(activity, account, await treasuryOf(audit, outflow.mint));
    if (onChain === BigInt(outflow.amount)) {
      audit.proved.push(outflow.signature);
      return;
    }
    audit.differences.push({
      kind: 'outflowDiffers',
      signature: outflow.signature,
      stakeId: null,
      withdrawalId: null,
      books: { wallet: outflow.owner, amount: fromRawAmount(BigInt(outflow.amount), outflow.decimals) },
      chain: onChain === null ? null : { wallet: outflow.owner, amount: fromRawAmount(onChain, outflow.decimals) },
      reason: null,
      resolution: null,
    });
  });
}

/** One transaction of the treasury's history, with what it did to the mint. */
type Seen = { entry: SignatureInfo; activity: TokenActivity; mint: string; decimals: number; treasury: Set<string> };

/**
 * A deposit into a staking wallet that no stake records: recorded as the deposit follower would
 * when it lists the reference of an intent the books know (DESIGN 12), otherwise offered.
 */
async function lookAtDeposit(audit: Audit, seen: Seen, stakingWallet: string): Promise<void> {
  const { entry, activity } = seen;
  if ((await usedTxIds(audit.db, [entry.signature])).size > 0) return;
  const recorded = await recordReferencedDeposits(audit.db, audit.chain, entry, activity.accountKeys);
  if (recorded !== 'retry' && recorded.created.length === 0 && recorded.known.length > 0) return;
  const created = recorded === 'retry' ? [] : recorded.created;
  audit.differences.push({
    kind: 'depositUnrecorded',
    signature: entry.signature,
    stakeId: created[0] ?? null,
    withdrawalId: null,
    books: null,
    chain: depositSeen(activity, seen.mint, stakingWallet, seen.decimals),
    reason: null,
    resolution: created.length > 0 ? 'recorded' : 'toRecord',
  });
}

/** Whether the books account for what `signature` sent `wallet`: a withdrawal it completed, or an open or completed payout of it. */
async function payoutKnown({ db, books }: Audit, signature: string, wallet: string): Promise<boolean> {
  return (await books.withdrawalCompletedBy(db, signature, wallet)) || (await books.payoutOfSignatureKnown(db, signature));
}

/**
 * A payout the books lack at all (after a restore, a withdrawal asked for and paid after the restored
 * moment has no row): its holder's stake looks unwithdrawn, so every withdrawal of that wallet and
 * mint is held (payout-holds.ts) until that TXID records one owing exactly `amount` or an owner
 * dismisses the hold. Once per payout to a wallet, however often the books are audited; the wallet's pending
 * withdrawals are locked first, so a payout being prepared for one of them either sees the hold or
 * was claimed before it.
 */
async function holdUnrecordedPayout(
  audit: Audit,
  payout: { signature: string; wallet: string; payer: string; mint: string; amount: string },
) {
  const { db, auditId } = audit;
  await db.transaction(async (transaction) => {
    const replacements = { ...payout, auditId };
    await lockPendingWithdrawalsOf(db, payout.wallet, payout.mint, transaction);
    await db.query(
      `INSERT INTO audit_payout_holds (signature, wallet_address, payer, token_contract, amount, audit_id)
       VALUES (:signature, :wallet, :payer, :mint, :amount::numeric, :auditId) ON CONFLICT (signature, wallet_address) DO NOTHING`,
      { replacements, transaction },
    );
  });
}

/**
 * Tokens the treasury sent `wallet`. Known to the books, nothing to say. Exactly what a withdrawal
 * the books show unpaid is owed, after it was asked for: the books were restored to before its
 * payout, so it is held (audit_payout_findings) until an operator pastes that TXID, and never paid
 * twice. Otherwise the books lack it altogether: held by wallet and amount, and listed, unless
 * the outflow ledger already lists it for an owner.
 */
async function lookAtPayout(
  audit: Audit,
  seen: Seen,
  { wallet, payer }: { wallet: string; payer: string },
  received: bigint,
): Promise<void> {
  const { db } = audit;
  const { entry, mint, decimals } = seen;
  if (await payoutKnown(audit, entry.signature, wallet)) return;
  const amount = fromRawAmount(received, decimals);
  const unpaid = await pendingWithdrawalOwing(db, { wallet, mint, amount, blockTime: entry.blockTime });
  if (unpaid) {
    const reason = msg('withdrawalPaidOnChain', { signature: entry.signature });
    // Held for good (payout-holds.ts) under the withdrawal's row lock, which preparing a payout takes
    // too; and the withdrawals list says why automatic payouts leave it.
    await db.transaction(async (transaction) => {
      await lockWithdrawal(db, unpaid.id, transaction);
      await db.query(
        `INSERT INTO audit_payout_findings (withdrawal_id, signature, audit_id) VALUES (:withdrawalId, :signature, :auditId)
         ON CONFLICT (withdrawal_id) DO NOTHING`,
        { replacements: { withdrawalId: unpaid.id, signature: entry.signature, auditId: audit.auditId }, transaction },
      );
      await noteAutoPayoutHold(db, unpaid.id, reason, transaction);
    });
    audit.differences.push({
      kind: 'payoutOfUnpaidWithdrawal',
      signature: entry.signature,
      stakeId: null,
      withdrawalId: unpaid.id,
      books: { wallet, amount: unpaid.amount },
      chain: { wallet, amount },
      reason,
      resolution: 'toReview',
    });
    return;
  }
  await holdUnrecordedPayout(audit, { signature: entry.signature, wallet, payer, mint, amount });
  if (await outflowRecorded(db, entry.signature)) return;
  audit.differences.push({
    kind: 'payoutUnrecorded',
    signature: entry.signature,
    stakeId: null,
    withdrawalId: null,
    books: null,
    chain: { wallet, amount },
    reason: null,
    resolution: 'toReview',
  });
}

async function lookAtTransaction(audit: Audit, seen: Seen, stakingWallets: string[]): Promise<void> {
  const deltas = deltasByOwner(seen.activity, seen.mint);
  const outsiders = [...deltas].filter(([owner]) => !seen.treasury.has(owner));
  const treasuryChange = [...deltas].filter(([owner]) => seen.treasury.has(owner)).reduce((sum, [, delta]) => sum + delta, 0n);
  const into = stakingWallets.find((wallet) => (deltas.get(wallet) ?? 0n) > 0n);
  if (into && outsiders.some(([, delta]) => delta < 0n)) await lookAtDeposit(audit, seen, into);
  if (treasuryChange < 0n) {
    // The wallet the server paid from: the treasury's that lost the most.
    const [payer] = [...deltas].filter(([owner]) => seen.treasury.has(owner)).sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0))[0]!;
    for (const [wallet, delta] of outsiders) if (delta > 0n) await lookAtPayout(audit, seen, { wallet, payer }, delta);
  }
}

/** Block time (seconds) from which the chain's history is read: a day before the newest transaction the books record. */
async function historySince(db: Sequelize): Promise<number | null> {
  const newest = await newestUsedTransactionTime(db);
  return newest === null ? null : newest - HISTORY_MARGIN_SECONDS;
}

/**
 * The chain's side: the history of every token account the server pays from and takes deposits
 * into (today's mint), back to a day before the books' newest transaction, each successful
 * transaction read once: deposits and payouts the books lack.
 */
async function scanTreasuryHistory(audit: Audit): Promise<void> {
  const { tokenContract: mint, stakingWallet } = await loadSettings(audit.db);
  if (!mint || !stakingWallet) return;
  const state = await audit.chain.mint(mint);
  if (!state) return;
  const treasury = await treasuryOf(audit, mint);
  const stakingWallets = [...treasury].filter((wallet) => wallet !== audit.hotWallet);
  const since = await historySince(audit.db);
  const read = new Set<string>();
  for (const owner of treasury) {
    const account = associatedTokenAccount(new PublicKey(mint), new PublicKey(owner), new PublicKey(state.programId)).toBase58();
    let before: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const listed = await audit.chain.signaturesForAddress(account, PAGE, before ? { before } : {});
      const inWindow = listed.filter((entry) => since === null || entry.blockTime === null || entry.blockTime >= since);
      const fresh = inWindow.filter((entry) => !entry.failed && !read.has(entry.signature));
      fresh.forEach((entry) => read.add(entry.signature));
      for (const entry of fresh) {
        const activity = await audit.chain.tokenActivity(entry.signature);
        if (!activity) continue;
        audit.checked.transactions += 1;
        await lookAtTransaction(audit, { entry, activity, mint, decimals: state.decimals, treasury }, stakingWallets);
      }
      if (inWindow.length < listed.length || listed.length < PAGE) break;
      before = listed.at(-1)!.signature;
    }
  }
}

/** DESIGN 15: what the first provider proved, the second must show too (one batch call per 256 transactions). */
async function askSecondProvider(audit: Audit, second: SecondProvider): Promise<void> {
  const signatures = [...new Set(audit.proved)];
  for (let start = 0; start < signatures.length; start += STATUS_BATCH) {
    const batch = signatures.slice(start, start + STATUS_BATCH);
    const statuses = await second.signatureStatuses(batch);
    batch.forEach((signature, index) => {
      const status = statuses[index];
      if (status && !status.failed) return;
      audit.differences.push({
        kind: 'providersDisagree',
        signature,
        stakeId: null,
        withdrawalId: null,
        books: null,
        chain: null,
        reason: msg('auditSecondProviderMissing'),
        resolution: null,
      });
    });
  }
}

/**
 * The books against the chain (DESIGN 19): every recorded deposit, completed payout and recorded
 * outflow checked on chain, then the treasury's recent history read for what the books lack.
 * A deposit whose intent the books know is recorded on the way, through the deposit follower's own
 * path; a payout to a withdrawal the books show unpaid is held. Throws ChainUnavailableError when
 * the chain cannot be asked: an audit that could not look finds nothing.
 */
export async function auditBooks(world: AuditWorld, auditId: number): Promise<AuditFindings> {
  const audit: Audit = {
    ...world,
    auditId,
    checked: { deposits: 0, payouts: 0, outflows: 0, transactions: 0, providers: world.secondProvider ? 2 : 1 },
    differences: [],
    proved: [],
    decimals: new Map(),
  };
  await checkDeposits(audit);
  await checkPayouts(audit);
  await checkOutflows(audit);
  await scanTreasuryHistory(audit);
  if (world.secondProvider) await askSecondProvider(audit, world.secondProvider);
  return { checked: audit.checked, differences: audit.differences };
}
