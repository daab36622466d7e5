import type { Stake as StakeJson } from '@stakedesk/shared/api-types';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import type { StakeRow } from './stake.model.js';

/** A stake with its plan as it was when the stake was made (the snapshot, not today's plan). */
export function toStakeJson(stake: StakeRow): StakeJson {
  return {
    id: stake.id,
    walletAddress: stake.walletAddress,
    plan: {
      id: stake.planId,
      name: stake.planName,
      description: stake.planDescription,
      yieldRate: normalizeDecimal(stake.yieldRate),
      durationDays: stake.durationDays,
      minStakeAmount: normalizeDecimal(stake.minStakeAmount),
      earlyPenaltyRate: normalizeDecimal(stake.earlyPenaltyRate),
    },
    amount: stake.amount,
    rewardAmount: stake.rewardAmount,
    status: stake.status,
    createdAt: stake.createdAt.toISOString(),
    endsAt: stake.endsAt.toISOString(),
    completedAt: stake.completedAt ? stake.completedAt.toISOString() : null,
    txId: stake.txId,
    restakedFromId: stake.restakedFromId,
    overCapacity: stake.overCapacity,
    tokenContract: stake.tokenContract,
    stakingWallet: stake.stakingWallet,
  };
}
