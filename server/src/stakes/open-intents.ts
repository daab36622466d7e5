import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { MAX_OPEN_INTENTS_PER_WALLET } from '@stakedesk/shared/constants';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { conflict, forbidden, notFound } from '../errors.js';

/** The key space of the per-wallet intent locks (advisory locks' two-key form; its first key). */
const WALLET_INTENTS_LOCK = 7_236_013;

/**
 * Holds the wallet's intents for the rest of `transaction` (an advisory lock on a hash of the
 * wallet: two requests for one wallet take turns, on any instance), then refuses a new intent while
 * MAX_OPEN_INTENTS_PER_WALLET are open: no stake yet, not expired, not cancelled. The count and the
 * insert after it happen under the lock, so requests sent at once cannot all pass the count.
 */
export async function requireRoomForIntent(db: Sequelize, transaction: Transaction, walletAddress: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(:space, hashtext(:walletAddress))', {
    replacements: { space: WALLET_INTENTS_LOCK, walletAddress },
    transaction,
  });
  const [row] = await db.query<{ open: number }>(
    `SELECT count(*)::int AS open FROM deposit_intents
     WHERE wallet_address = :walletAddress AND stake_id IS NULL AND cancelled_at IS NULL AND expires_at > now()`,
    { replacements: { walletAddress }, type: QueryTypes.SELECT, transaction },
  );
  if (row!.open >= MAX_OPEN_INTENTS_PER_WALLET) throw conflict(msg('tooManyOpenIntents', { max: MAX_OPEN_INTENTS_PER_WALLET }));
}

/**
 * DELETE /api/stakes/intents/{id}: the holder's wallet declined, so the intent stops counting as
 * open. It is not forgotten: a transfer carrying its reference that lands anyway is still found
 * and recorded until its expiry plus a grace (stakes/deposit-follower.ts), as is the holder's own post of it. Cancelling twice is
 * harmless; an intent whose deposit is recorded cannot be cancelled (409).
 */
export async function cancelIntent(db: Sequelize, id: number, walletAddress: string): Promise<void> {
  await db.transaction(async (transaction) => {
    const [row] = await db.query<{ wallet_address: string; stake_id: number | null }>(
      'SELECT wallet_address, stake_id FROM deposit_intents WHERE id = :id FOR UPDATE',
      { replacements: { id }, type: QueryTypes.SELECT, transaction },
    );
    if (!row) throw notFound(msg('depositIntentNotFound'));
    if (row.wallet_address !== walletAddress) throw forbidden(msg('walletNotYours'));
    if (row.stake_id !== null) throw conflict(msg('depositIntentRecorded'));
    await db.query('UPDATE deposit_intents SET cancelled_at = coalesce(cancelled_at, now()) WHERE id = :id', {
      replacements: { id },
      transaction,
    });
  });
}
