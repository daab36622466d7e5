import type { Sequelize, Transaction } from 'sequelize';
import type { Payout } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { PayoutSignedInput } from '@stakedesk/shared/schemas';
import { recordAudit, type AnyActor } from '../audit/index.js';
import { ChainUnavailableError, type Chain, type LandedTransaction } from '../chain/chain.js';
import { askChain, notYetOnChain } from '../chain/verify.js';
import { conflict, notFound, unprocessable } from '../errors.js';
import type { Logger } from '../logger.js';
import { foreignPayment, settlePayout } from './settle.js';
import { isBuilt, readPayout, toPayoutJson, type BuiltPayoutRow } from './store.js';
import { checkedSignature } from '../chain/signed-copy.js';

// A payout's signed copy posted by a wallet: checked against the exact prepared message and sent by
// the server itself, again while its blockhash lives.

/** The signed copy as posted, or the transaction a wallet sent itself (signature only) as the chain holds it. */
async function signedCopyOf(chain: Chain, input: PayoutSignedInput): Promise<{ wire: Uint8Array; landed: LandedTransaction | null }> {
  if (input.transaction) return { wire: new Uint8Array(Buffer.from(input.transaction, 'base64')), landed: null };
  const landed = await askChain(() => chain.landedTransaction(input.signature!));
  if (!landed) throw notYetOnChain();
  return { wire: landed.wire, landed };
}

/**
 * A wallet that signed and sent something other than the prepared payout, and it paid one of the
 * payout's accounts: tokens left outside the server's hands, so the payout goes to review at once
 * (no copy of it may be signed or sent any more) rather than waiting for its blockhash to die.
 */
async function reviewForeignLanding(db: Sequelize, payout: BuiltPayoutRow, landed: LandedTransaction | null): Promise<void> {
  const account = landed && foreignPayment(payout, landed);
  if (!account) return;
  const reason = msg('payoutForeignTransfer', { signature: landed.signature, account });
  await settlePayout(db, payout.id, { kind: 'review', reason, evidence: landed.signature });
}

/** Hands the signed copy to the network once; the follower sends it again until it lands or its blockhash dies. */
export async function sendOnce(chain: Chain, logger: Logger, payoutId: number, wire: Uint8Array): Promise<void> {
  try {
    await chain.sendTransaction(wire);
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    logger.warn({ err: error, payoutId }, 'a payout could not be sent; the server sends it again on its next round');
  }
}

/**
 * POST /api/admin/payouts/{id}/signed: the staking wallet's signed copy of a prepared payout. It
 * must carry the prepared message byte for byte with a valid signature of the payer, else 422
 * and nothing is sent (the payout stays prepared, to be signed again). The server then records it
 * as sent and sends it itself; posting the same copy again answers the payout as it stands.
 */
export async function postSignedPayout(
  db: Sequelize,
  chain: Chain,
  logger: Logger,
  id: number,
  input: PayoutSignedInput,
  actor: AnyActor,
  /** Runs with the payout locked, before it is recorded as sent; throwing sends nothing (automatic payouts re-check their switch). */
  beforeSend?: (transaction: Transaction) => Promise<void>,
): Promise<Payout> {
  const found = await readPayout(db, id);
  if (!found) throw notFound(msg('payoutNotFound'));
  if (!isBuilt(found)) throw conflict(msg('payoutNotOpen', { status: found.status }));
  const { wire, landed } = await signedCopyOf(chain, input);
  const signature = checkedSignature(wire, found.message);
  if (!signature) {
    await reviewForeignLanding(db, found, landed);
    await db.transaction((transaction) =>
      recordAudit(db, transaction, actor, {
        action: 'payout.sign_refused',
        entityType: 'payout',
        entityId: id,
        after: { reason: 'altered' },
      }),
    );
    throw unprocessable(msg('payoutTransactionAltered'));
  }
  const sentNow = await db.transaction(async (transaction) => {
    const payout = (await readPayout(db, id, transaction, true))!;
    if (payout.status !== 'prepared') {
      if (payout.signature === signature) return false;
      throw conflict(msg('payoutNotOpen', { status: payout.status }));
    }
    await beforeSend?.(transaction);
    await db.query(
      `UPDATE payouts SET status = 'sent', signature = :signature, signed_transaction = :wire, sent_at = now(), next_check_at = now()
       WHERE id = :id`,
      { replacements: { id, signature, wire: Buffer.from(wire) }, transaction },
    );
    await recordAudit(db, transaction, actor, {
      action: 'payout.send',
      entityType: 'payout',
      entityId: id,
      before: { status: 'prepared' },
      after: { status: 'sent', signature },
    });
    return true;
  });
  if (sentNow && input.transaction) await sendOnce(chain, logger, id, wire);
  return toPayoutJson((await readPayout(db, id))!);
}
