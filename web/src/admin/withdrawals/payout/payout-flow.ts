import type { Payout, PreparedPayout } from '@stakedesk/shared/api-types';
import { codedMessageOf } from '../../../i18n/server-messages.js';
import { payoutBatches, splitBatch, type PayableItem } from './payout-batches.js';

export type PayoutSteps<T extends PayableItem> = {
  /** POST /api/admin/payouts: the server builds the payout and claims these withdrawals. */
  prepare(withdrawals: T[]): Promise<PreparedPayout>;
  /** The operator reviews what the server prepared and has the wallet sign it: the payout as sent, or null when closed unsigned. */
  review(prepared: PreparedPayout, withdrawals: T[]): Promise<Payout | null>;
};

/** How many payouts were signed and sent; `unsigned`, the one the operator closed without signing (nothing after it was prepared). */
export type PayoutRun = { sent: number; unsigned: PreparedPayout | null };

/** 400 payoutTooLarge: how many of these withdrawals fit in one transaction. */
function fitsInOne(error: unknown): number | undefined {
  const coded = codedMessageOf(error);
  if (coded?.code !== 'payoutTooLarge') return undefined;
  const count = Number(coded.params?.count);
  return Number.isInteger(count) && count > 0 ? count : undefined;
}

/**
 * Pays the chosen withdrawals in as many payouts as the server needs, one at a time: each is
 * prepared only once the one before it was signed (a payout claims its withdrawals until it ends),
 * and one the server finds too large is prepared again in parts of the size it says fits. Stops at
 * the first payout closed unsigned; a refusal is thrown (the payouts sent before it stay sent).
 */
export async function payInPayouts<T extends PayableItem>(withdrawals: readonly T[], steps: PayoutSteps<T>): Promise<PayoutRun> {
  const queue = payoutBatches(withdrawals);
  let sent = 0;
  for (let batch = queue.shift(); batch; batch = queue.shift()) {
    let prepared: PreparedPayout;
    try {
      prepared = await steps.prepare(batch);
    } catch (error) {
      const fits = fitsInOne(error);
      if (fits === undefined || fits >= batch.length) throw error;
      queue.unshift(...splitBatch(batch, fits));
      continue;
    }
    if (!(await steps.review(prepared, batch))) return { sent, unsigned: prepared };
    sent += 1;
  }
  return { sent, unsigned: null };
}
