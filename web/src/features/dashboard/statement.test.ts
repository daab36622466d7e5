import { describe, expect, it } from 'vitest';
import type { Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { statementCsv, statementFileName } from './statement.js';

const plan = {
  id: 1,
  name: '=HYPERLINK("http://evil","Gold")',
  description: null,
  yieldRate: '10',
  durationDays: 30,
  minStakeAmount: '100',
  earlyPenaltyRate: '20',
};
const stake = (id: number, createdAt: string, extra: Partial<Stake> = {}): Stake => ({
  id,
  walletAddress: 'Wallet1111',
  plan,
  amount: '1000',
  rewardAmount: '100',
  rewardForfeited: false,
  status: 'active',
  createdAt,
  endsAt: '2026-02-01T00:00:00.000Z',
  completedAt: null,
  txId: 'sig1',
  restakedFromId: null,
  overCapacity: false,
  tokenContract: 'Mint1111',
  stakingWallet: 'Vault1111',
  ...extra,
});
const withdrawal: Withdrawal = {
  id: 7,
  stakeId: 2,
  walletAddress: 'Wallet1111',
  amount: '1000',
  finalAmount: '1100',
  penaltyAmount: '0',
  kind: 'full',
  status: 'completed',
  requestedAt: '2026-03-01T00:00:00.000Z',
  processedAt: '2026-03-02T00:00:00.000Z',
  txId: 'payout1',
  rejectReason: null,
  tokenContract: 'Mint1111',
  stakingWallet: 'Vault1111',
};

describe('statementCsv', () => {
  it('lists stakes and withdrawals oldest first, with rewards, and defuses formulas', () => {
    const csv = statementCsv(
      [stake(2, '2026-01-02T00:00:00.000Z', { status: 'withdrawn' }), stake(1, '2026-01-01T00:00:00.000Z')],
      [withdrawal],
    );
    expect(csv.split('\r\n')).toEqual([
      'date,record,id,stake_id,plan,amount,reward,penalty,final_amount,status,ends_at,closed_at,tx_id',
      `2026-01-01T00:00:00.000Z,stake,1,1,"'=HYPERLINK(""http://evil"",""Gold"")",1000,100,,,active,2026-02-01T00:00:00.000Z,,sig1`,
      `2026-01-02T00:00:00.000Z,stake,2,2,"'=HYPERLINK(""http://evil"",""Gold"")",1000,100,,,withdrawn,2026-02-01T00:00:00.000Z,,sig1`,
      `2026-03-01T00:00:00.000Z,withdrawal,7,2,"'=HYPERLINK(""http://evil"",""Gold"")",1000,100,0,1100,completed,,2026-03-02T00:00:00.000Z,payout1`,
      '',
    ]);
  });

  it('lists no reward for a stake an early unstake forfeited it on', () => {
    const csv = statementCsv([stake(3, '2026-01-03T00:00:00.000Z', { status: 'pending_withdrawal', rewardForfeited: true })], []);
    expect(csv.split('\r\n')[1]).toBe(
      `2026-01-03T00:00:00.000Z,stake,3,3,"'=HYPERLINK(""http://evil"",""Gold"")",1000,0,,,pending_withdrawal,2026-02-01T00:00:00.000Z,,sig1`,
    );
  });

  it('names the file after the wallet and the day', () => {
    expect(statementFileName('AbCdEfGh12345', new Date('2026-11-23T10:00:00Z'))).toBe('statement-AbCdEfGh-2026-11-23.csv');
  });
});
