import type { Sequelize, Transaction } from 'sequelize';
import { english, msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { OPEN_PAYOUT_STATUSES, PayoutOutcome, PayoutStatus } from '@stakedesk/shared/stake-status';
import { emitAlert } from '../alerts/index.js';
import { recordAudit, SYSTEM_ACTOR } from '../audit/index.js';
import type { LandedTransaction } from '../chain/chain.js';
import { Withdrawal } from '../withdrawals/index.js';
import { markPaid } from './mark-paid.js';
import { readPayout, toPayoutJson, type PayoutRow } from './payout-records.js';

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
  sequelize: Sequelize,
  payoutId: number,
  write: (payout: PayoutRow, transaction: Transaction) => Promise<void>,
): Promise<boolean> {
  return sequelize.transaction(async (transaction) => {
    const payout = await readPayout(sequelize, payoutId, transaction, true);
    if (!payout || (payout.status !== 'prepared' && payout.status !== 'sent')) return false;
    await write(payout, transaction);
    return true;
  });
}

async function setOutcome(
  sequelize: Sequelize,
  transaction: Transaction,
  payoutId: number,
  withdrawalId: number,
  outcome: PayoutOutcome,
  reason: CodedMessage | null,
  evidence: string | null,
): Promise<void> {
  await sequelize.query(
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
export async function settlePayout(sequelize: Sequelize, payoutId: number, ending: Ending): Promise<boolean> {
  return withOpenPayout(sequelize, payoutId, async (payout, transaction) => {
    const { status, outcomes } = decide(payout, ending);
    const signature = ending.kind === 'landed' ? ending.signature : payout.signature;
    const evidence = ending.kind === 'review' ? (ending.evidence ?? payout.signature) : signature;
    const actor = payout.created_by === null ? SYSTEM_ACTOR : { id: payout.created_by, username: payout.created_by_username };
    for (const [withdrawalId, [outcome, reason]] of outcomes) {
      let settled: [PayoutOutcome, CodedMessage | null] = [outcome, reason];
      if (outcome === 'paid') {
        const withdrawal = await Withdrawal.findByPk(withdrawalId, { transaction, lock: transaction.LOCK.UPDATE });
        // A transfer that would pay its wallet a second time (already recorded for another withdrawal) is for an owner to look at.
        const refused =
          withdrawal?.status === 'pending'
            ? await markPaid(sequelize, transaction, withdrawal, signature!, actor)
            : msg('payoutWithdrawalNotPending');
        if (refused) settled = ['review', refused];
      }
      await setOutcome(sequelize, transaction, payoutId, withdrawalId, ...settled, evidence);
      outcomes.set(withdrawalId, settled);
    }
    const reasons = [...outcomes.values()].map(([, reason]) => reason).filter((reason): reason is CodedMessage => reason !== null);
    const finalStatus: EndedPayoutStatus = status === 'completed' && reasons.length > 0 ? 'needs_review' : status;
    const reason = ending.kind === 'failed' ? msg('payoutFailedOnChain') : (reasons[0] ?? null);
    const failureReason = reason ? [...new Set([reason, ...reasons].map(english))].join('; ').slice(0, 1000) : null;
    await sequelize.query(
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
    await recordAudit(sequelize, transaction, SYSTEM_ACTOR, {
      action: `payout.${finalStatus}`,
      entityType: 'payout',
      entityId: payoutId,
      before: { status: before.status, signature: before.signature },
      after: { status: finalStatus, signature, reason: failureReason },
    });
    if (finalStatus === 'completed')
      await emitAlert(sequelize, 'payout.completed', { payoutId, signature: signature!, withdrawals: outcomes.size }, transaction);
    else if (finalStatus === 'failed' || finalStatus === 'needs_review')
      await emitAlert(sequelize, `payout.${finalStatus}`, { payoutId, reason: failureReason ?? finalStatus }, transaction);
  });
}

/** A prepared payout whose signed copy nobody posted was found on chain: it is sent, with that copy. */
export async function adoptLandedCopy(sequelize: Sequelize, payoutId: number, landed: LandedTransaction): Promise<boolean> {
  return withOpenPayout(sequelize, payoutId, async (payout, transaction) => {
    if (payout.status !== 'prepared') return;
    await sequelize.query(
      `UPDATE payouts SET status = 'sent', signature = :signature, signed_transaction = :wire, sent_at = now() WHERE id = :payoutId`,
      { replacements: { payoutId, signature: landed.signature, wire: Buffer.from(landed.wire) }, transaction },
    );
    await recordAudit(sequelize, transaction, SYSTEM_ACTOR, {
      action: 'payout.found_on_chain',
      entityType: 'payout',
      entityId: payoutId,
      before: { status: 'prepared' },
      after: { status: 'sent', signature: landed.signature },
    });
  });
}

/** The first look that found the payout's blockhash dead and no copy landed: a later look must agree before it expires. */
export async function noteExpirySeen(sequelize: Sequelize, payoutId: number, finalizedHeight: number): Promise<void> {
  await sequelize.query(
    `UPDATE payouts SET expiry_seen_height = :finalizedHeight WHERE id = :payoutId AND expiry_seen_height IS NULL AND status IN ('prepared', 'sent')`,
    { replacements: { payoutId, finalizedHeight } },
  );
}
