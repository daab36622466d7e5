import type { MigrationContext } from '../migration-context.js';
import { ADD_DIFFERENCES, TOTALS_OF } from './011-holder-totals.js';

export const name = '018-forfeited-rewards';

/**
 * An early unstake forfeits the stake's reward, yet the holder's Total Rewards (holder_stake_totals'
 * live_reward) went on counting it while the withdrawal waited, and the stake's row showed it.
 * stakes.reward_forfeited records it with the request (cleared if the operator rejects it), and
 * live_reward counts rewardDue (shared/src/stake-status.ts), the reward a stake will still pay.
 * The triggers are replaced before the backfill, so the backfill's own differences take the
 * forfeited rewards out of the totals.
 */
const TOTALS_WITHOUT_FORFEITS = (rows: string, sign: '' | '-') => `
  SELECT wallet_address,
    ${sign}(status IN ('active', 'completed'))::int AS open_stakes,
    ${sign}(status = 'pending_withdrawal')::int AS waiting_stakes,
    ${sign}(status = 'withdrawn')::int AS withdrawn_stakes,
    CASE WHEN status IN ('active', 'completed', 'pending_withdrawal') THEN ${sign}amount ELSE 0 END AS live_amount,
    CASE WHEN status IN ('active', 'completed', 'pending_withdrawal') AND NOT reward_forfeited THEN ${sign}reward_amount ELSE 0 END AS live_reward
  FROM ${rows}`;

type TotalsOf = typeof TOTALS_OF;

const TRIGGER_FUNCTIONS = (totalsOf: TotalsOf) => `
  CREATE OR REPLACE FUNCTION holder_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${ADD_DIFFERENCES(totalsOf('new_rows', ''))}
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION holder_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${ADD_DIFFERENCES(`${totalsOf('old_rows', '-')} UNION ALL ${totalsOf('new_rows', '')}`)}
    RETURN NULL;
  END $$;
  CREATE OR REPLACE FUNCTION holder_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${ADD_DIFFERENCES(totalsOf('old_rows', '-'))}
    RETURN NULL;
  END $$;`;

/** Every holder's totals counted afresh from the stakes, by `totalsOf`. */
const RECOUNT = (totalsOf: TotalsOf) => `
  DELETE FROM holder_stake_totals;
  ${ADD_DIFFERENCES(totalsOf('stakes', ''))}`;

/**
 * The triggers that keep forfeited rewards out, and the totals recounted by them: for a database
 * whose holder_stake_totals was rebuilt by 011 (its test takes 011 down and up again).
 */
export async function keepForfeitsOutOfTotals(sql: MigrationContext['context']): Promise<void> {
  await sql(`${TRIGGER_FUNCTIONS(TOTALS_WITHOUT_FORFEITS)}${RECOUNT(TOTALS_WITHOUT_FORFEITS)}`);
}

export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE stakes ADD COLUMN reward_forfeited boolean NOT NULL DEFAULT false;
    ${TRIGGER_FUNCTIONS(TOTALS_WITHOUT_FORFEITS)}
    UPDATE stakes s SET reward_forfeited = true
    FROM withdrawals w
    WHERE w.stake_id = s.id AND w.kind = 'early' AND w.status IN ('pending', 'completed');
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ${TRIGGER_FUNCTIONS(TOTALS_OF)}
    ALTER TABLE stakes DROP COLUMN reward_forfeited;
    ${RECOUNT(TOTALS_OF)}
  `);
}
