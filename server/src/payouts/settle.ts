import type { PayoutClaim, LandedTransaction } from '../chain/chain.js';
import {
  type WithdrawalRow,
  type Withdrawal,
  lockWithdrawal,
  markWithdrawalCompleted,
  toWithdrawalJson,
  WITHDRAWAL_PAID_BY_TRANSFER_SQL,
  withdrawalPaidByTransfer,
} from '../withdrawals/index.js';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { msg, type CodedMessage, english } from '@stakedesk/shared/i18n/catalogue';
import { fromRawAmount, toRawAmount } from '@stakedesk/shared/money';
import { splitTransaction } from '../chain/signed-copy.js';
import { type BuiltPayoutRow, readPayout, toPayoutJson, type PayoutRow } from './store.js';
import { recordAudit, type Actor, SYSTEM_ACTOR } from '../audit/index.js';
import { recordHeldPayout } from '../books-audit/index.js';
import { claimTxIdForPayout, lockStake, markStakeWithdrawn, USED_TRANSACTION_SQL } from '../stakes/index.js';
import type { OPEN_PAYOUT_STATUSES, PayoutOutcome, PayoutStatus } from '@stakedesk/shared/stake-status';
import { emitAlert } from '../alerts/index.js';

// How a payout ended, written once under the payout's row lock: what a landed copy paid each
// withdrawal, the transfer each payout transaction may pay once, and the withdrawal completed.

/**
 * What `txId` must show to pay this withdrawal: its finalAmount of its stake's mint, from its
 * stake's staking wallet (never today's settings), to its wallet, after it was requested.
 */
export function payoutClaimOf(withdrawal: WithdrawalRow, txId: string): PayoutClaim {
  return {
    txId,
    walletAddress: withdrawal.walletAddress,
    amount: withdrawal.finalAmount,
    mint: withdrawal.tokenContract,
    stakingWallet: withdrawal.stakingWallet,
    notBefore: withdrawal.requestedAt,
  };
}

/**
 * A payout transaction may pay several holders (a batch), so its txId may complete several
 * withdrawals; what it sent one wallet pays only one of them (unique index
 * withdrawals_one_per_payout_transfer). A deposit's txId is never a payout.
 */

/** The early, friendly answer; the database has the final word inside the completing transaction. */
export async function isPayoutTransferTaken(db: Sequelize, txId: string, walletAddress: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM (${USED_TRANSACTION_SQL}) u
     WHERE u.tx_id = :txId
       AND (u.purpose <> 'payout' OR ${WITHDRAWAL_PAID_BY_TRANSFER_SQL})`,
    { replacements: { txId, walletAddress }, type: QueryTypes.SELECT },
  );
  return rows.length > 0;
}

/**
 * Claims txId for what it sent `walletAddress`, inside the transaction that completes a
 * withdrawal with it: null when it may, else why not (a deposit holds it; it already paid a
 * withdrawal of that wallet). The used_transactions row is written first and so locked: a
 * concurrent claim of the same txId waits for this one to end and then sees what it wrote.
 */
async function claimPayoutTransfer(
  db: Sequelize,
  transaction: Transaction,
  txId: string,
  walletAddress: string,
): Promise<CodedMessage | null> {
  if (!(await claimTxIdForPayout(db, transaction, txId))) return msg('txIdAlreadyUsed');
  const paid = await withdrawalPaidByTransfer(db, transaction, txId, walletAddress);
  return paid ? msg('payoutWalletAlreadyPaid', { withdrawalId: paid.id }) : null;
}

/**
 * The payout whose signature txId is (built or registered by the server), if any: its transaction
 * pays its own withdrawals only. A payout of `withdrawalId` that ended expired is not counted: a
 * provider may have hidden it landing, and the operator records it for that withdrawal.
 */
export async function payoutSignedAs(db: Sequelize, txId: string, withdrawalId: number, transaction?: Transaction): Promise<number | null> {
  const [payout] = await db.query<{ id: number }>(
    `SELECT p.id FROM payouts p
     WHERE p.signature = :txId
       AND NOT (p.status = 'expired' AND EXISTS (SELECT 1 FROM payout_withdrawals pw WHERE pw.payout_id = p.id AND pw.withdrawal_id = :withdrawalId))
     LIMIT 1`,
    { replacements: { txId, withdrawalId }, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  return payout?.id ?? null;
}

/** What one token account gained of `mint` in the transaction, and who owned it afterwards. */
function accountChange(landed: LandedTransaction, account: string, mint: string): { received: bigint; owner: string | null } {
  const index = landed.accountKeys.indexOf(account);
  const find = (balances: LandedTransaction['preTokenBalances']) => balances.find((b) => b.accountIndex === index && b.mint === mint);
  const before = find(landed.preTokenBalances);
  const after = find(landed.postTokenBalances);
  return { received: (after?.amount ?? 0n) - (before?.amount ?? 0n), owner: after?.owner ?? null };
}

/**
 * How a landed, successful copy of the payout paid each withdrawal: null when the holder's token
 * account received exactly what is owed and still belonged to the holder's wallet, else why not
 * (the account changed hands between preparing and landing; a transfer fee took a share). Read
 * from the transaction's own token balances, never from what anyone says it did.
 */
export function recipientReasons(payout: BuiltPayoutRow, landed: LandedTransaction): Map<number, CodedMessage | null> {
  const reasons = new Map<number, CodedMessage | null>();
  for (const recipient of payout.recipients) {
    const account = recipient.tokenAccount!;
    const owed = toRawAmount(recipient.amount, payout.decimals);
    const { received, owner } = accountChange(landed, account, payout.mint);
    if (owner !== recipient.wallet) {
      reasons.set(recipient.withdrawalId, msg('payoutDestinationChangedHands', { account, owner: owner ?? '?', wallet: recipient.wallet }));
    } else if (received !== owed) {
      const tokens = (raw: bigint) => fromRawAmount(raw, payout.decimals);
      reasons.set(recipient.withdrawalId, msg('payoutReceivedShort', { account, received: tokens(received), amount: recipient.amount }));
    } else {
      reasons.set(recipient.withdrawalId, null);
    }
  }
  return reasons;
}

/** Whether `wallet` signed the transaction (the fee payer is its first signer): signers are the first keys, one per signature. */
function signedBy(landed: LandedTransaction, wallet: string): boolean {
  const signatures = splitTransaction(landed.wire)?.signatures.length ?? 0;
  return landed.accountKeys.slice(0, signatures).includes(wallet);
}

/**
 * The first recipient account that a transaction the server did not prepare, signed by the
 * payout's payer, sent tokens of the payout's mint to, if any (DESIGN 15): tokens the payer's
 * wallet sent another way. Anyone may send a holder tokens; a transfer the payer did not sign is
 * not the payout's business.
 */
export function foreignPayment(payout: BuiltPayoutRow, landed: LandedTransaction): string | null {
  if (landed.failed || !signedBy(landed, payout.payer)) return null;
  const paid = payout.recipients.find((recipient) => accountChange(landed, recipient.tokenAccount!, payout.mint).received > 0n);
  return paid?.tokenAccount ?? null;
}

/**
 * Completes a pending withdrawal with the payout transaction proven to pay it: the withdrawal,
 * its stake and the used transaction id change together. The caller holds the withdrawal's row
 * lock and has checked it is pending; a pasted TXID, a followed payout and an owner's review all
 * end here, and so does an audit's open hold on what that transaction sent the wallet (DESIGN 19).
 * Returns null once paid, or why the transaction cannot pay it (nothing written): what it sent the
 * wallet already paid another withdrawal, or it is a deposit's.
 */
export async function markPaid(
  db: Sequelize,
  transaction: Transaction,
  withdrawal: Withdrawal,
  txId: string,
  actor: Actor | typeof SYSTEM_ACTOR,
): Promise<CodedMessage | null> {
  const refused = await claimPayoutTransfer(db, transaction, txId, withdrawal.walletAddress);
  if (refused) return refused;
  const before = toWithdrawalJson(withdrawal);
  const now = new Date();
  await markWithdrawalCompleted(withdrawal, { txId, at: now, by: actor.id }, transaction);
  const stake = await lockStake(db, withdrawal.stakeId, transaction);
  await markStakeWithdrawn(stake!, now, transaction);
  await recordHeldPayout(db, transaction, withdrawal, txId, actor);
  await recordAudit(db, transaction, actor, {
    action: 'withdrawal.complete',
    entityType: 'withdrawal',
    entityId: withdrawal.id,
    before,
    after: toWithdrawalJson(withdrawal),
  });
  return null;
}

/**
 * How a payout ended, as the server decided from what it read on chain:
 * - landed: a successful copy, with each withdrawal's reason for not being paid as owed (null: paid);
 * - failed: a copy landed with an error, nothing moved;
 * - expired: its blockhash died and no copy landed;
 * - review: tokens may have left for its withdrawals in a way the server cannot match to them
 *   (`evidence`: the transaction that moved them, when one is known).
 */
export type Ending =
  | { kind: 'landed'; signature: string; reasons: Map<number, CodedMessage | null> }
  | { kind: 'failed' }
  | { kind: 'expired' }
  | { kind: 'review'; reason: CodedMessage; evidence: string | null };

/** A payout's status once the server has settled it. */
type EndedPayoutStatus = Exclude<PayoutStatus, (typeof OPEN_PAYOUT_STATUSES)[number]>;

/** Runs `write` on the payout under its row lock if it is still open; a second instance or look finds it ended and does nothing. */
async function withOpenPayout(
  db: Sequelize,
  payoutId: number,
  write: (payout: PayoutRow, transaction: Transaction) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const payout = await readPayout(db, payoutId, transaction, true);
    if (!payout || (payout.status !== 'prepared' && payout.status !== 'sent')) return false;
    await write(payout, transaction);
    return true;
  });
}

async function setOutcome(
  db: Sequelize,
  transaction: Transaction,
  payoutId: number,
  withdrawalId: number,
  outcome: PayoutOutcome,
  reason: CodedMessage | null,
  evidence: string | null,
): Promise<void> {
  await db.query(
    `UPDATE payout_withdrawals SET outcome = :outcome, open = :open, reason = :reason, failure_reason = :english,
       evidence_signature = :evidence
     WHERE payout_id = :payoutId AND withdrawal_id = :withdrawalId`,
    {
      replacements: {
        payoutId,
        withdrawalId,
        outcome,
        evidence: outcome === 'review' ? evidence : null,
        open: outcome === 'review',
        reason: reason ? JSON.stringify(reason) : null,
        english: reason ? english(reason).slice(0, 500) : null,
      },
      transaction,
    },
  );
}

/** Each withdrawal's outcome and the payout's status and reason for an ending. */
function decide(
  payout: PayoutRow,
  ending: Ending,
): { status: EndedPayoutStatus; outcomes: Map<number, [PayoutOutcome, CodedMessage | null]> } {
  const ids = payout.recipients.map((recipient) => recipient.withdrawalId);
  const all = (outcome: PayoutOutcome, reason: CodedMessage | null) =>
    new Map(ids.map((id) => [id, [outcome, reason] as [PayoutOutcome, CodedMessage | null]]));
  switch (ending.kind) {
    case 'failed':
      return { status: 'failed', outcomes: all('freed', null) };
    case 'expired':
      return { status: 'expired', outcomes: all('freed', null) };
    case 'review':
      return { status: 'needs_review', outcomes: all('review', ending.reason) };
    case 'landed': {
      const outcomes = new Map(
        ids.map((id) => {
          const reason = ending.reasons.get(id) ?? null;
          return [id, [reason ? 'review' : 'paid', reason] as [PayoutOutcome, CodedMessage | null]];
        }),
      );
      const allPaid = [...outcomes.values()].every(([outcome]) => outcome === 'paid');
      return { status: allPaid ? 'completed' : 'needs_review', outcomes };
    }
  }
}

/**
 * Writes how a payout ended, once, in one transaction: paid withdrawals complete with its
 * signature; failed and expired ones are freed; one that landed short stays held, under review,
 * until an owner resolves it (never payable again by itself).
 */
export async function settlePayout(db: Sequelize, payoutId: number, ending: Ending): Promise<boolean> {
  return withOpenPayout(db, payoutId, async (payout, transaction) => {
    const { status, outcomes } = decide(payout, ending);
    const signature = ending.kind === 'landed' ? ending.signature : payout.signature;
    const evidence = ending.kind === 'review' ? (ending.evidence ?? payout.signature) : signature;
    const actor = payout.created_by === null ? SYSTEM_ACTOR : { id: payout.created_by, username: payout.created_by_username };
    for (const [withdrawalId, [outcome, reason]] of outcomes) {
      let settled: [PayoutOutcome, CodedMessage | null] = [outcome, reason];
      if (outcome === 'paid') {
        const withdrawal = await lockWithdrawal(db, withdrawalId, transaction);
        // A transfer that would pay its wallet a second time (already recorded for another withdrawal) is for an owner to look at.
        const refused =
          withdrawal?.status === 'pending'
            ? await markPaid(db, transaction, withdrawal, signature!, actor)
            : msg('payoutWithdrawalNotPending');
        if (refused) settled = ['review', refused];
      }
      await setOutcome(db, transaction, payoutId, withdrawalId, ...settled, evidence);
      outcomes.set(withdrawalId, settled);
    }
    const reasons = [...outcomes.values()].map(([, reason]) => reason).filter((reason): reason is CodedMessage => reason !== null);
    const finalStatus: EndedPayoutStatus = status === 'completed' && reasons.length > 0 ? 'needs_review' : status;
    const reason = ending.kind === 'failed' ? msg('payoutFailedOnChain') : (reasons[0] ?? null);
    const failureReason = reason ? [...new Set([reason, ...reasons].map(english))].join('; ').slice(0, 1000) : null;
    await db.query(
      `UPDATE payouts SET status = :status, signature = coalesce(signature, :signature), reason = :reason, failure_reason = :failureReason,
         finished_at = now()
       WHERE id = :payoutId`,
      {
        replacements: {
          payoutId,
          status: finalStatus,
          signature: signature ?? null,
          reason: reason ? JSON.stringify(reason) : null,
          failureReason,
        },
        transaction,
      },
    );
    const before = toPayoutJson(payout);
    await recordAudit(db, transaction, SYSTEM_ACTOR, {
      action: `payout.${finalStatus}`,
      entityType: 'payout',
      entityId: payoutId,
      before: { status: before.status, signature: before.signature },
      after: { status: finalStatus, signature, reason: failureReason },
    });
    if (finalStatus === 'completed')
      await emitAlert(db, 'payout.completed', { payoutId, signature: signature!, withdrawals: outcomes.size }, transaction);
    else if (finalStatus === 'failed' || finalStatus === 'needs_review')
      await emitAlert(db, `payout.${finalStatus}`, { payoutId, reason: failureReason ?? finalStatus }, transaction);
  });
}

/** A prepared payout whose signed copy nobody posted was found on chain: it is sent, with that copy. */
export async function adoptLandedCopy(db: Sequelize, payoutId: number, landed: LandedTransaction): Promise<boolean> {
  return withOpenPayout(db, payoutId, async (payout, transaction) => {
    if (payout.status !== 'prepared') return;
    await db.query(
      `UPDATE payouts SET status = 'sent', signature = :signature, signed_transaction = :wire, sent_at = now() WHERE id = :payoutId`,
      { replacements: { payoutId, signature: landed.signature, wire: Buffer.from(landed.wire) }, transaction },
    );
    await recordAudit(db, transaction, SYSTEM_ACTOR, {
      action: 'payout.found_on_chain',
      entityType: 'payout',
      entityId: payoutId,
      before: { status: 'prepared' },
      after: { status: 'sent', signature: landed.signature },
    });
  });
}

/** The first look that found the payout's blockhash dead and no copy landed: a later look must agree before it expires. */
export async function noteExpirySeen(db: Sequelize, payoutId: number, finalizedHeight: number): Promise<void> {
  await db.query(
    `UPDATE payouts SET expiry_seen_height = :finalizedHeight WHERE id = :payoutId AND expiry_seen_height IS NULL AND status IN ('prepared', 'sent')`,
    { replacements: { payoutId, finalizedHeight } },
  );
}
