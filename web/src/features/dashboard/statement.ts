import type { Stake, Withdrawal } from '@stakedesk/shared/api-types';
import { csvLine } from '@stakedesk/shared/csv';
import { subtractWhole } from '@stakedesk/shared/money';
import { rewardDue } from '@stakedesk/shared/stake-status';

const HEADER = [
  'date',
  'record',
  'id',
  'stake_id',
  'plan',
  'amount',
  'reward',
  'penalty',
  'final_amount',
  'status',
  'ends_at',
  'closed_at',
  'tx_id',
];

type Line = { date: string; cells: unknown[] };

function stakeLine(stake: Stake): Line {
  const record = stake.restakedFromId === null ? 'stake' : 'restake';
  const cells = [
    stake.createdAt,
    record,
    stake.id,
    stake.id,
    stake.plan.name,
    stake.amount,
    rewardDue(stake),
    '',
    '',
    stake.status,
    stake.endsAt,
    stake.completedAt,
    stake.txId,
  ];
  return { date: stake.createdAt, cells };
}

/** A full withdrawal pays principal + reward, so its reward is what it pays above the principal; an early one forfeits it. */
function withdrawalLine(withdrawal: Withdrawal, planName: string | undefined): Line {
  const reward = withdrawal.kind === 'full' ? subtractWhole(withdrawal.finalAmount, withdrawal.amount) : '0';
  const cells = [
    withdrawal.requestedAt,
    'withdrawal',
    withdrawal.id,
    withdrawal.stakeId,
    planName,
    withdrawal.amount,
    reward,
    withdrawal.penaltyAmount,
    withdrawal.finalAmount,
    withdrawal.status,
    '',
    withdrawal.processedAt,
    withdrawal.txId,
  ];
  return { date: withdrawal.requestedAt, cells };
}

/**
 * The holder's statement as CSV, oldest first: every stake (with its reward) and every withdrawal
 * (with what it paid). Cells go through the shared CSV rules (plan names are operator text).
 */
export function statementCsv(stakes: Stake[], withdrawals: Withdrawal[]): string {
  const planOf = new Map(stakes.map((stake) => [stake.id, stake.plan.name]));
  const lines = [...stakes.map(stakeLine), ...withdrawals.map((w) => withdrawalLine(w, planOf.get(w.stakeId)))];
  lines.sort((a, b) => a.date.localeCompare(b.date));
  return csvLine(HEADER) + lines.map((line) => csvLine(line.cells)).join('');
}

export function statementFileName(wallet: string, today = new Date()): string {
  return `statement-${wallet.slice(0, 8)}-${today.toISOString().slice(0, 10)}.csv`;
}
