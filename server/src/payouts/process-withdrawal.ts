import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { PayoutChain, Verdict, ChainVerifier } from '../chain/chain.js';
import { carriesMessage } from '../chain/signed-copy.js';
import { recipientReasons, markPaid, payoutClaimOf, isPayoutTransferTaken, payoutSignedAs } from './settle.js';
import { isBuilt, PAYOUT_COLUMNS, type PayoutRow, refuseHeldWithdrawals } from './store.js';
import type { WithdrawalProcessInput, WithdrawalResolveInput } from '@stakedesk/shared/schemas';
import type { ReviewResolution } from '@stakedesk/shared/stake-status';
import { recordAudit, type Actor } from '../audit/index.js';
import type { StepUp } from '../http/step-up-contract.js';
import { requireProof } from '../chain/verify.js';
import { isUniqueViolation } from '../db/errors.js';
import { conflict, notFound } from '../errors.js';
import { lockStake, returnStakeFromWithdrawal } from '../stakes/index.js';
import { findWithdrawal, lockWithdrawal, markWithdrawalRejected, toWithdrawalJson, type Withdrawal } from '../withdrawals/index.js';
import { heldPayoutBounds, refuseFoundPaidOnChain } from '../books-audit/index.js';

// A withdrawal ended by hand: a pasted TXID proven on chain, a rejection, an owner's review of a
// payout that could not be matched.

/**
 * A pasted TXID that is the signature of a payout of this very withdrawal that the server called
 * expired: a provider that lied or lagged hid it landing (DESIGN 15), and the operator, having
 * checked the chain, records it. Proven as the follower proves a landing, not as a foreign
 * transaction (an automatic payout leaves the hot wallet, not the staking wallet): a copy of the
 * prepared message that landed without error and paid this holder exactly as owed. Null when
 * `txId` is no such payout's signature.
 */
async function expiredPayoutVerdict(
  db: Sequelize,
  chain: Pick<PayoutChain, 'landedTransaction'>,
  withdrawalId: number,
  txId: string,
): Promise<Verdict | null> {
  const [payout] = await db.query<PayoutRow>(
    `SELECT ${PAYOUT_COLUMNS} FROM payouts p JOIN payout_withdrawals pw ON pw.payout_id = p.id
     WHERE pw.withdrawal_id = :withdrawalId AND p.status = 'expired' AND p.signature = :txId`,
    { replacements: { withdrawalId, txId }, type: QueryTypes.SELECT },
  );
  if (!payout || !isBuilt(payout)) return null;
  const landed = await chain.landedTransaction(txId);
  if (!landed) return { ok: false, reason: msg('txNotFoundOnChain'), retryable: true };
  if (landed.failed || !carriesMessage(landed.wire, payout.message)) return { ok: false, reason: msg('txFailedOnChain') };
  const reason = recipientReasons(payout, landed).get(withdrawalId);
  return reason ? { ok: false, reason } : { ok: true };
}

/** What a pasted TXID is proven with: the verifier, and for a payout of the withdrawal called expired, the transaction as it landed. */
type PastedTxIdVerifier = Pick<ChainVerifier, 'verifyPayout'> & Pick<PayoutChain, 'landedTransaction'>;

/**
 * The withdrawal, locked, still pending and held by no payout: neither a pasted TXID nor a
 * rejection may overtake a payout that is open or waiting for review (preparing takes the same lock).
 * One the audit found paid on chain takes only that TXID (DESIGN 19): a rejection would let its
 * holder ask, and be paid, again.
 */
async function lockPendingWithdrawal(db: Sequelize, id: number, transaction: Transaction, pastedTxId?: string): Promise<Withdrawal> {
  const withdrawal = await lockWithdrawal(db, id, transaction);
  if (!withdrawal) throw notFound(msg('withdrawalNotFound'));
  if (withdrawal.status !== 'pending') throw conflict(msg('withdrawalAlreadyProcessed'));
  await refuseHeldWithdrawals(db, [id], transaction);
  await refuseFoundPaidOnChain(db, [id], transaction, pastedTxId);
  return withdrawal;
}

/** A pasted TXID: completes the withdrawal once the chain proves the transaction paid it (SPEC's Process dialog). */
async function completeWithPastedTxId(
  db: Sequelize,
  verifier: PastedTxIdVerifier,
  id: number,
  txId: string,
  actor: Actor,
): Promise<Withdrawal> {
  const pending = await findWithdrawal(db, id);
  if (!pending) throw notFound(msg('withdrawalNotFound'));
  if (pending.status !== 'pending') throw conflict(msg('withdrawalAlreadyProcessed'));
  await refuseHeldWithdrawals(db, [id]);
  await refuseFoundPaidOnChain(db, [id], undefined, txId);
  await refusePayoutSignature(db, id, txId);
  if (await isPayoutTransferTaken(db, txId, pending.walletAddress)) throw conflict(msg('txIdAlreadyUsed'));
  const held = await heldPayoutBounds(db, id, txId);
  const claim = held
    ? { ...payoutClaimOf(pending, txId), stakingWallet: held.payer, notBefore: held.notBefore }
    : payoutClaimOf(pending, txId);
  await requireProof(async () => (await expiredPayoutVerdict(db, verifier, id, txId)) ?? verifier.verifyPayout(claim));
  try {
    return await db.transaction(async (transaction) => {
      const withdrawal = await lockPendingWithdrawal(db, id, transaction, txId);
      await refusePayoutSignature(db, id, txId, transaction);
      const refused = await markPaid(db, transaction, withdrawal, txId, actor);
      if (refused) throw conflict(refused);
      return withdrawal;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(msg('txIdAlreadyUsed'));
    throw error;
  }
}

/**
 * A payout's own signature is never pasted for another withdrawal (DESIGN 15): while the payout is
 * in flight, that withdrawal would complete on its transfer and the payout could never pay its own.
 * Except a payout of this very withdrawal called expired, which the operator found landed after
 * all (expiredPayoutVerdict proves it): no other withdrawal can complete on it. Looked at again
 * under the withdrawal's lock; a payout posted after that is the follower's to catch.
 */
async function refusePayoutSignature(db: Sequelize, withdrawalId: number, txId: string, transaction?: Transaction): Promise<void> {
  const payoutId = await payoutSignedAs(db, txId, withdrawalId, transaction);
  if (payoutId !== null) throw conflict(msg('txIdInUse', { payoutId }));
}

/** The stake goes back to what it was before the request, so the holder can ask again. */
async function rejectWithdrawal(db: Sequelize, id: number, reason: string, actor: Actor): Promise<Withdrawal> {
  return db.transaction(async (transaction) => {
    const withdrawal = await lockPendingWithdrawal(db, id, transaction);
    const before = toWithdrawalJson(withdrawal);
    await markWithdrawalRejected(withdrawal, reason, actor.id, transaction);
    const stake = await lockStake(db, withdrawal.stakeId, transaction);
    await returnStakeFromWithdrawal(stake!, withdrawal.stakeStatusBefore, transaction);
    await recordAudit(db, transaction, actor, {
      action: 'withdrawal.reject',
      entityType: 'withdrawal',
      entityId: id,
      before,
      after: toWithdrawalJson(withdrawal),
    });
    return withdrawal;
  });
}

/** PUT /api/admin/withdrawals/{id}: a pasted payout TXID (verified on chain) or a rejection with its reason. */
export async function processWithdrawal(
  db: Sequelize,
  verifier: PastedTxIdVerifier,
  id: number,
  input: WithdrawalProcessInput,
  actor: Actor,
): Promise<Withdrawal> {
  return input.status === 'completed'
    ? completeWithPastedTxId(db, verifier, id, input.txId!, actor)
    : rejectWithdrawal(db, id, input.reason!, actor);
}

type ReviewClaim = { payout_id: number; evidence_signature: string | null };

/**
 * POST /api/admin/withdrawals/{id}/resolve (owner, step-up): a withdrawal whose payout landed but
 * did not pay it exactly as owed. 'paid': the owner checked the holder was paid after all; the
 * withdrawal completes with the transaction that moved its tokens. 'release': it becomes payable
 * again (what already left stays counted by the treasury as spent). Either way the note is kept.
 */
export async function resolveReview(
  db: Sequelize,
  id: number,
  input: WithdrawalResolveInput,
  actor: Actor,
  stepUp: StepUp,
): Promise<Withdrawal> {
  const confirm = await stepUp();
  return db.transaction(async (transaction) => {
    const withdrawal = await lockWithdrawal(db, id, transaction);
    if (!withdrawal) throw notFound(msg('withdrawalNotFound'));
    const [claim] = await db.query<ReviewClaim>(
      `SELECT payout_id, evidence_signature FROM payout_withdrawals
       WHERE withdrawal_id = :id AND open AND outcome = 'review' FOR UPDATE`,
      { replacements: { id }, type: QueryTypes.SELECT, transaction },
    );
    if (!claim || withdrawal.status !== 'pending') throw conflict(msg('payoutNotUnderReview'));
    await confirm(transaction);
    const action: ReviewResolution = input.action;
    const before = toWithdrawalJson(withdrawal);
    const refused = action === 'paid' ? await markPaid(db, transaction, withdrawal, claim.evidence_signature!, actor) : null;
    if (refused) throw conflict(refused);
    await db.query(
      `UPDATE payout_withdrawals SET open = false, resolution = :action, resolution_note = :note, resolved_by = :adminId,
         resolved_by_username = :username, resolved_at = now()
       WHERE payout_id = :payoutId AND withdrawal_id = :id`,
      {
        replacements: { action, note: input.note, adminId: actor.id, username: actor.username, payoutId: claim.payout_id, id },
        transaction,
      },
    );
    await recordAudit(db, transaction, actor, {
      action: `withdrawal.resolve_${action}`,
      entityType: 'withdrawal',
      entityId: id,
      before: { ...before, payoutId: claim.payout_id },
      after: { ...toWithdrawalJson(withdrawal), resolution: action, note: input.note },
    });
    return withdrawal;
  });
}
