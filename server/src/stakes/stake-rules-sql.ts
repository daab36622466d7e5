import type { StakeGroup } from '@stakedesk/shared/stake-status';

/**
 * The stake rules of shared/src/stake-status.ts as SQL conditions on a row of `stakes`, for
 * statements that must decide them in the database. ends_at is recorded as stakeEndsAt(created_at,
 * duration_days), so "past its end" is ends_at <= now(): the same boundary as hasElapsed (a stake
 * ending exactly now has ended). stake-rules-sql.test.ts checks each against its function.
 */

/** Mirrors isExpired: active, and its period is over. */
export const STAKE_EXPIRED_SQL = `(status = 'active' AND ends_at <= now())`;

/** Mirrors isComplete: completed, or active and past its end. */
export const STAKE_COMPLETE_SQL = `(status = 'completed' OR ${STAKE_EXPIRED_SQL})`;

/** Mirrors isLive (LIVE_STAKE_STATUSES): every stake not yet paid out or restaked. */
export const STAKE_LIVE_SQL = `(status IN ('active', 'completed', 'pending_withdrawal'))`;

/** Mirrors stakeGroup: where the holder's dashboard lists a stake (its Active, Completed or Historical table). */
export const STAKE_GROUP_SQL = {
  finished: `(status = 'withdrawn')`,
  complete: STAKE_COMPLETE_SQL,
  running: `(status = 'pending_withdrawal' OR (status = 'active' AND ends_at > now()))`,
} as const satisfies Record<StakeGroup, string>;

/** Active and completed stakes, still owed and not yet asked for (a withdrawal owes the rest), as a subquery of a larger statement. */
export const OWED_STAKES_SQL = "(SELECT * FROM stakes WHERE status IN ('active', 'completed'))";
