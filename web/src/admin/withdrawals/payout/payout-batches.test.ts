import { describe, expect, it } from 'vitest';
import { payoutBatches, splitBatch, type PayableItem } from './payout-batches.js';

let nextId = 1;
const withdrawal = (walletAddress: string, stakingWallet = 'staking', tokenContract = 'mint'): PayableItem => ({
  id: nextId++,
  walletAddress,
  stakingWallet,
  tokenContract,
});
const ids = (batches: PayableItem[][]) => batches.map((batch) => batch.map((w) => w.id));

describe('payout batches', () => {
  it('puts withdrawals of one staking wallet and token in one payout, in the order chosen', () => {
    const chosen = [withdrawal('a'), withdrawal('b'), withdrawal('c')];
    expect(ids(payoutBatches(chosen))).toEqual([chosen.map((w) => w.id)]);
  });

  it('pays a wallet at most once per payout: its second withdrawal goes in the next one', () => {
    const [a1, b, a2, a3] = [withdrawal('a'), withdrawal('b'), withdrawal('a'), withdrawal('a')];
    expect(ids(payoutBatches([a1!, b!, a2!, a3!]))).toEqual([[a1!.id, b!.id], [a2!.id], [a3!.id]]);
  });

  it('never mixes staking wallets (payers) or tokens in one payout', () => {
    const [one, otherPayer, otherToken, two] = [
      withdrawal('a'),
      withdrawal('b', 'staking-2'),
      withdrawal('c', 'staking', 'mint-2'),
      withdrawal('d'),
    ];
    expect(ids(payoutBatches([one!, otherPayer!, otherToken!, two!]))).toEqual([[one!.id, two!.id], [otherPayer!.id], [otherToken!.id]]);
  });

  it('holds at most the size the server takes (50 by default)', () => {
    const chosen = Array.from({ length: 120 }, (_, index) => withdrawal(`wallet-${index}`));
    expect(payoutBatches(chosen).map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(payoutBatches(chosen, 7).map((batch) => batch.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 1]);
  });

  it('splits a payout the server found too large into parts of the count it said fits', () => {
    expect(splitBatch([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(splitBatch([1, 2], 0)).toEqual([[1], [2]]);
  });
});
