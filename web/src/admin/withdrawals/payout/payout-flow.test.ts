import { describe, expect, it } from 'vitest';
import type { Payout, PreparedPayout } from '@stakedesk/shared/api-types';
import { ApiError } from '../../../lib/api-client.js';
import type { PayableItem } from './payout-batches.js';
import { payInPayouts } from './payout-flow.js';

const chosen = (count: number): PayableItem[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    walletAddress: `wallet-${index}`,
    stakingWallet: 's',
    tokenContract: 'm',
  }));

/** The server's side: prepares up to `fits` withdrawals per payout, refusing more with 400 payoutTooLarge. */
function server(fits: number) {
  const prepares: number[][] = [];
  let nextId = 1;
  return {
    prepares,
    async prepare(withdrawals: PayableItem[]) {
      prepares.push(withdrawals.map((w) => w.id));
      if (withdrawals.length > fits) {
        const message = `Only ${fits} of these withdrawals fit in one transaction: pay at most ${fits} at a time`;
        throw new ApiError(400, message, { message, code: 'payoutTooLarge', params: { count: fits } });
      }
      return { id: nextId++, status: 'prepared', withdrawalIds: withdrawals.map((w) => w.id) } as PreparedPayout;
    },
  };
}
const signEach = (log: number[]) => async (prepared: PreparedPayout) => (log.push(prepared.id), { ...prepared, status: 'sent' } as Payout);

describe('paying chosen withdrawals in payouts', () => {
  it('prepares a payout the server found too large again in parts of the count it said fits, each reviewed before the next is prepared', async () => {
    const fake = server(2);
    const order: string[] = [];
    const run = await payInPayouts(chosen(5), {
      prepare: (withdrawals) => (order.push(`prepare ${withdrawals.length}`), fake.prepare(withdrawals)),
      review: async (prepared) => (order.push(`review ${prepared.id}`), { ...prepared, status: 'sent' } as Payout),
    });
    expect(fake.prepares).toEqual([[1, 2, 3, 4, 5], [1, 2], [3, 4], [5]]);
    expect(order).toEqual(['prepare 5', 'prepare 2', 'review 1', 'prepare 2', 'review 2', 'prepare 1', 'review 3']);
    expect(run).toEqual({ sent: 3, unsigned: null });
  });

  it('stops at a payout closed unsigned: nothing after it is prepared', async () => {
    const fake = server(1);
    const run = await payInPayouts(chosen(3), { prepare: fake.prepare, review: async () => null });
    expect(fake.prepares).toEqual([[1, 2, 3], [1]]);
    expect(run).toMatchObject({ sent: 0, unsigned: { id: 1, withdrawalIds: [1] } });
  });

  it("throws the server's other refusals as they are, after the payouts already sent", async () => {
    const fake = server(50);
    const reviewed: number[] = [];
    const held = new ApiError(409, 'held', { code: 'payoutInFlight' });
    const steps = {
      prepare: async (withdrawals: PayableItem[]) => {
        if (withdrawals.some((w) => w.walletAddress === 'wallet-0') && reviewed.length > 0) throw held;
        return fake.prepare(withdrawals);
      },
      review: signEach(reviewed),
    };
    // One wallet twice: two payouts; the second is refused.
    const twice = [...chosen(2), { ...chosen(1)[0]!, id: 9 }];
    await expect(payInPayouts(twice, steps)).rejects.toBe(held);
    expect(reviewed).toEqual([1]);
  });
});
