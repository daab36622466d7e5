import { Op, QueryTypes, type Sequelize } from 'sequelize';
import { english, msg } from '@stakedesk/shared/i18n/catalogue';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.js';
import { chainReason, ChainUnavailableError, type Chain, type SignatureState } from '../chain/chain-verifier.js';
import type { Logger } from '../logger.js';
import { markPaid } from '../withdrawals/mark-paid.js';
import { payoutClaimOf } from '../withdrawals/payout-claim.js';
import { isPayoutTransferTaken } from '../withdrawals/payout-transfers.js';
import { Withdrawal } from '../withdrawals/withdrawal.model.js';
import { PAYOUT_COLUMNS, toPayoutJson, type PayoutRow } from './payout-records.js';

const FAILED_ON_CHAIN = 'The payout transaction failed on chain: no tokens moved, only the network fee was paid';

/** How a sent payout ended: each withdrawal paid (no reason) or not (why). */
type Outcome = { status: 'expired' } | { status: 'failed'; reason: string } | { status: 'checked'; reasons: Map<number, string | null> };

/**
 * Takes up to `batch` sent payouts that are due a look, and pushes their next look `recheckMs`
 * ahead: several server instances share the work without looking at one payout together, and
 * one that dies mid-look leaves it to the next round.
 */
async function claimDue(sequelize: Sequelize, batch: number, recheckMs: number): Promise<PayoutRow[]> {
  return sequelize.query<PayoutRow>(
    `WITH due AS (
       SELECT id FROM payouts WHERE status = 'sent' AND next_check_at <= now() ORDER BY next_check_at LIMIT :batch FOR UPDATE SKIP LOCKED
     )
     UPDATE payouts p SET next_check_at = now() + make_interval(secs => :seconds) FROM due WHERE p.id = due.id
     RETURNING ${PAYOUT_COLUMNS}`,
    { replacements: { batch, seconds: recheckMs / 1000 }, type: QueryTypes.SELECT },
  );
}

/**
 * What the chain says of one payout, or null while it has no final word. `finalizedHeight` was
 * read before the status: when even the finalized chain is past the last valid block height and
 * the signature is still unknown, the transaction can never land.
 */
async function outcomeOf(chain: Chain, payout: PayoutRow, state: SignatureState | null, finalizedHeight: number): Promise<Outcome | null> {
  if (!state) return finalizedHeight > Number(payout.last_valid_block_height) ? { status: 'expired' } : null;
  if (!state.finalized) return null;
  if (state.failed) return { status: 'failed', reason: FAILED_ON_CHAIN };
  const sequelize = Withdrawal.sequelize!;
  const withdrawals = await Withdrawal.findAll({ where: { id: { [Op.in]: payout.withdrawal_ids } } });
  const reasons = new Map<number, string | null>();
  for (const withdrawal of withdrawals) {
    if (await isPayoutTransferTaken(sequelize, payout.signature, withdrawal.walletAddress)) {
      reasons.set(withdrawal.id, english(msg('txIdAlreadyUsed')));
      continue;
    }
    const verdict = await chain.verifyPayout(payoutClaimOf(withdrawal, payout.signature));
    if (!verdict.ok && verdict.retryable) return null;
    reasons.set(withdrawal.id, verdict.ok ? null : english(chainReason(verdict.reason)));
  }
  return { status: 'checked', reasons };
}

/**
 * Writes how a payout ended, once: its row lock and status make a second instance (or a second
 * look) a no-op. Proven withdrawals complete with the signature; the others are released
 * (expired, failed on chain) or released and flagged with the reason (landed, did not pay).
 */
async function settle(sequelize: Sequelize, payoutId: number, outcome: Outcome): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const [payout] = await sequelize.query<PayoutRow>(`SELECT ${PAYOUT_COLUMNS} FROM payouts p WHERE p.id = :payoutId FOR UPDATE`, {
      replacements: { payoutId },
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!payout || payout.status !== 'sent') return;
    const actor = payout.created_by === null ? SYSTEM_ACTOR : { id: payout.created_by, username: payout.created_by_username };
    const reasons = outcome.status === 'checked' ? outcome.reasons : new Map<number, string | null>();
    for (const id of payout.withdrawal_ids) {
      const withdrawal = await Withdrawal.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
      if (outcome.status === 'checked' && reasons.get(id) === null) {
        if (withdrawal?.status === 'pending') await markPaid(sequelize, transaction, withdrawal, payout.signature, actor);
        else reasons.set(id, 'The withdrawal was no longer pending');
      }
      await sequelize.query(
        'UPDATE payout_withdrawals SET open = false, failure_reason = :reason WHERE payout_id = :payoutId AND withdrawal_id = :id',
        {
          replacements: { payoutId, id, reason: reasons.get(id) ?? null },
          transaction,
        },
      );
    }
    const unpaid = [...new Set([...reasons.values()].filter((reason): reason is string => reason !== null))];
    const status = outcome.status === 'checked' ? (unpaid.length === 0 ? 'completed' : 'failed') : outcome.status;
    const failureReason = outcome.status === 'failed' ? outcome.reason : unpaid.length > 0 ? unpaid.join('; ').slice(0, 1000) : null;
    await sequelize.query(
      `UPDATE payouts SET status = :status, failure_reason = :failureReason, finished_at = now() WHERE id = :payoutId`,
      {
        replacements: { payoutId, status, failureReason },
        transaction,
      },
    );
    const before = toPayoutJson(payout);
    await recordAudit(transaction, SYSTEM_ACTOR, {
      action: `payout.${status}`,
      entityType: 'payout',
      entityId: payoutId,
      before,
      after: { ...before, status, failureReason },
    });
  });
}

/**
 * One look at every sent payout that is due one: settled when the chain has its final word
 * (finalized and checked, failed, or expired), left for the next look otherwise. Returns how
 * many were settled.
 */
export async function followPayouts(
  sequelize: Sequelize,
  chain: Chain,
  logger: Logger,
  { batch = 100, recheckMs = 5_000 }: { batch?: number; recheckMs?: number } = {},
): Promise<number> {
  const due = await claimDue(sequelize, batch, recheckMs);
  if (due.length === 0) return 0;
  let settled = 0;
  try {
    const finalizedHeight = await chain.blockHeight('finalized');
    const states = await chain.signatureStatuses(due.map((payout) => payout.signature));
    for (const [index, payout] of due.entries()) {
      const outcome = await outcomeOf(chain, payout, states[index] ?? null, finalizedHeight);
      if (!outcome) continue;
      await settle(sequelize, payout.id, outcome);
      settled += 1;
    }
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    logger.warn({ err: error }, 'payouts could not be followed on chain; will look again');
  }
  return settled;
}
