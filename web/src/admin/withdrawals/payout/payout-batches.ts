import type { Withdrawal } from '@stakedesk/shared/api-types';
import { MAX_PAYOUT_WITHDRAWALS } from '@stakedesk/shared/constants';

/** What grouping a withdrawal into a payout needs of it. */
export type PayableItem = Pick<Withdrawal, 'id' | 'walletAddress' | 'stakingWallet' | 'tokenContract'>;

/**
 * The chosen withdrawals as payouts the server accepts (POST /api/admin/payouts): one staking
 * wallet (the payer) and one token per payout, each holder's wallet at most once (the server proves
 * a payout by what each account received), at most `size` withdrawals. Order is kept: the first
 * chosen are paid first.
 */
export function payoutBatches<T extends PayableItem>(withdrawals: readonly T[], size: number = MAX_PAYOUT_WITHDRAWALS): T[][] {
  const groups = new Map<string, T[][]>();
  for (const withdrawal of withdrawals) {
    const key = `${withdrawal.stakingWallet}:${withdrawal.tokenContract}`;
    const batches = groups.get(key) ?? [];
    groups.set(key, batches);
    const open = batches.find((batch) => batch.length < size && !batch.some((other) => other.walletAddress === withdrawal.walletAddress));
    if (open) open.push(withdrawal);
    else batches.push([withdrawal]);
  }
  return [...groups.values()].flat();
}

/** A payout the server found too large for one transaction (400 payoutTooLarge): `count` at a time. */
export function splitBatch<T>(batch: readonly T[], count: number): T[][] {
  const size = Math.max(1, Math.floor(count));
  const parts: T[][] = [];
  for (let start = 0; start < batch.length; start += size) parts.push(batch.slice(start, start + size));
  return parts;
}
