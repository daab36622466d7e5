import { PublicKey } from '@solana/web3.js';
import type { Sequelize } from 'sequelize';
import type { AdminReservesSnapshot, PreparedReservesAnchor } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { stakingDestination } from '@stakedesk/shared/staking-open';
import type { ReservesAnchorSubmitInput } from '@stakedesk/shared/schemas';
import { recordAudit, SYSTEM_ACTOR, type AnyActor } from '../audit/index.js';
import { ChainUnavailableError, type Chain } from '../chain/chain.js';
import { checkedSignature, unsignedTransaction } from '../chain/signed-copy.js';
import { badRequest, conflict, unavailable, unprocessable } from '../errors.js';
import type { Logger } from '../logger.js';
import type { PayoutSigner } from '../signer/payout-signer.js';
import { signedTransaction } from '../signer/sign-message.js';
import { claimAnchor, markAnchorSent, readAnchorRow, refuseIfAnchoring, snapshotForAnchor, type AnchorRow } from './anchor-records.js';
import { readAnchorPlan } from './anchor-plan.js';
import { anchorFits, anchorTransaction } from './anchor-transaction.js';
import { followAnchor, sendAnchorOnce } from './follow-anchor.js';
import { adminSnapshot } from './admin-snapshots.js';
import { loadSettings } from '../settings/index.js';

/** How long a submit waits for its anchor to land before answering (it is followed in the background after). */
const LANDING_LOOKS = 4;
const LANDING_PAUSE_MS = 750;
/** An owner's prepared anchor is left to them this long (a blockhash lives about a minute) before the signer anchors instead. */
const OWNER_PREPARED_KEPT_MS = 2 * 60_000;

/** The anchor of snapshot `id` signed by `signer`, built from the server's own reads: its exact message. */
async function buildAnchor(db: Sequelize, chain: Chain, id: number, signer: PublicKey) {
  const snapshot = await snapshotForAnchor(db, id);
  if (snapshot.anchorSignature) throw conflict(msg('reservesAlreadyAnchored', { signature: snapshot.anchorSignature }));
  let plan;
  try {
    plan = await readAnchorPlan(chain, snapshot, signer);
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw unavailable(msg('notPreparedRetry', { reason: error.reason }), { retryable: true });
    throw error;
  }
  const transaction = anchorTransaction(plan);
  if (!anchorFits(transaction)) throw badRequest(msg('reservesAnchorTooLarge'));
  return { plan, message: new Uint8Array(transaction.serializeMessage()) };
}

/**
 * POST /api/admin/reserves/snapshots/{id}/anchor/prepare: the anchor for the staking wallet to
 * sign unchanged, claimed as the snapshot's one attempt (a dead earlier one is replaced; an
 * anchored snapshot or one whose anchor is out answers 409).
 */
export async function prepareAnchor(db: Sequelize, chain: Chain, id: number, actor: AnyActor): Promise<PreparedReservesAnchor> {
  await snapshotForAnchor(db, id);
  const destination = stakingDestination(await loadSettings(db));
  if (!destination) throw unavailable(msg('stakingNotConfigured'));
  const signer = new PublicKey(destination.stakingWallet);
  const { plan, message } = await buildAnchor(db, chain, id, signer);
  await db.transaction(async (transaction) => {
    await refuseIfAnchoring(db, await snapshotForAnchor(db, id, transaction), transaction);
    await claimAnchor(
      db,
      {
        snapshotId: id,
        signer: signer.toBase58(),
        message,
        blockhash: plan.blockhash,
        lastValidBlockHeight: plan.lastValidBlockHeight,
        automatic: false,
        createdBy: actor.id,
      },
      transaction,
    );
    await recordAudit(db, transaction, actor, { action: 'reserves.anchor_prepare', entityType: 'reserves_snapshot', entityId: id });
  });
  return {
    snapshotId: id,
    payer: signer.toBase58(),
    transaction: unsignedTransaction(message).toString('base64'),
    blockhash: plan.blockhash,
    lastValidBlockHeight: plan.lastValidBlockHeight,
  };
}

/** Follows a just-sent anchor for a few moments, so that an owner usually sees it land in the same answer. */
async function awaitLanding(db: Sequelize, chain: Chain, logger: Logger, id: number): Promise<void> {
  for (let look = 0; look < LANDING_LOOKS; look++) {
    try {
      if ((await followAnchor(db, chain, logger, id)) !== 'waiting') return;
    } catch (error) {
      if (!(error instanceof ChainUnavailableError)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, LANDING_PAUSE_MS));
  }
}

/** A signed copy of what is already out: the same copy answers the snapshot as it stands; any other is refused. */
function refuseUnlessSame(row: AnchorRow | undefined, signature: string | null): 'same' {
  if (row?.status === 'sent' && signature !== null && row.signature === signature) return 'same';
  if (row?.status === 'sent') throw conflict(msg('reservesAnchorInFlight'));
  throw conflict(msg('reservesAnchorNotPrepared'));
}

/**
 * POST /api/admin/reserves/snapshots/{id}/anchor/submit: the staking wallet's signed copy of the
 * prepared anchor. It must carry the prepared message byte for byte with a valid signature (else
 * 422, nothing sent); it is recorded as sent under the snapshot's lock, then sent and followed.
 * An anchored snapshot answers 409 and nothing is sent again.
 */
export async function submitAnchor(
  db: Sequelize,
  chain: Chain,
  logger: Logger,
  id: number,
  input: ReservesAnchorSubmitInput,
  actor: AnyActor,
): Promise<AdminReservesSnapshot> {
  const wire = new Uint8Array(Buffer.from(input.transaction, 'base64'));
  const sendNow = await db.transaction(async (transaction) => {
    const snapshot = await snapshotForAnchor(db, id, transaction);
    if (snapshot.anchorSignature) throw conflict(msg('reservesAlreadyAnchored', { signature: snapshot.anchorSignature }));
    const row = await readAnchorRow(db, id, transaction);
    if (row?.status !== 'prepared') {
      refuseUnlessSame(row, row ? checkedSignature(wire, row.message) : null);
      return false;
    }
    const signature = checkedSignature(wire, row.message);
    if (!signature) return null;
    await markAnchorSent(db, id, { signature, wire }, transaction);
    await recordAudit(db, transaction, actor, {
      action: 'reserves.anchor_send',
      entityType: 'reserves_snapshot',
      entityId: id,
      after: { signature },
    });
    return true;
  });
  if (sendNow === null) {
    await db.transaction((transaction) =>
      recordAudit(db, transaction, actor, {
        action: 'reserves.anchor_refused',
        entityType: 'reserves_snapshot',
        entityId: id,
        after: { reason: 'altered' },
      }),
    );
    throw unprocessable(msg('reservesAnchorAltered'));
  }
  if (sendNow) await sendAnchorOnce(chain, logger, id, wire);
  await awaitLanding(db, chain, logger, id);
  return adminSnapshot(db, id);
}

/**
 * The signer's anchor of snapshot `id` (DESIGN 13's hot wallet): built, signed, held to the
 * server's own message and claimed as sent under the snapshot's lock before it is sent, so a
 * crash after the send finds it again. False when the snapshot needs no anchor from the server
 * (anchored, an anchor out, or an owner's prepared one still young enough to be signed).
 */
export async function anchorWithSigner(db: Sequelize, chain: Chain, logger: Logger, signer: PayoutSigner, id: number): Promise<boolean> {
  const { plan, message } = await buildAnchor(db, chain, id, signer.publicKey);
  const wire = new Uint8Array(Buffer.from(await signedTransaction(signer, message), 'base64'));
  const signature = checkedSignature(wire, message);
  if (!signature) throw new Error("the payout signer's signature of an anchor does not verify against the server's message");
  const claimed = await db.transaction(async (transaction) => {
    const snapshot = await snapshotForAnchor(db, id, transaction);
    const row = await readAnchorRow(db, id, transaction);
    if (snapshot.anchorSignature || row?.status === 'sent' || row?.status === 'landed') return false;
    if (row?.status === 'prepared' && Date.now() - new Date(row.created_at).getTime() < OWNER_PREPARED_KEPT_MS) return false;
    await claimAnchor(
      db,
      {
        snapshotId: id,
        signer: signer.publicKey.toBase58(),
        message,
        blockhash: plan.blockhash,
        lastValidBlockHeight: plan.lastValidBlockHeight,
        automatic: true,
        createdBy: null,
        signed: { signature, wire },
      },
      transaction,
    );
    await recordAudit(db, transaction, SYSTEM_ACTOR, {
      action: 'reserves.anchor_send',
      entityType: 'reserves_snapshot',
      entityId: id,
      after: { signature },
    });
    return true;
  });
  if (claimed) await sendAnchorOnce(chain, logger, id, wire);
  return claimed;
}
