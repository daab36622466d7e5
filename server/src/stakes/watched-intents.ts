import { QueryTypes, type Sequelize } from 'sequelize';
import { DEPOSIT_INTENT_GRACE_MS } from '@stakedesk/shared/constants';
import type { IntentRow } from './deposit-intents.service.js';

/**
 * The intents not yet recorded whose reference is among a transaction's `accountKeys`, in one
 * query whatever the number of open intents (references are unique, so indexed). An intent is
 * watched until its expiry plus a grace, cancelled or not (a wallet that declined may still have
 * sent), measured at the transaction's block time when known: a server that was down reads late
 * what landed in time. After that a transfer shows on the reconciliation page instead.
 */
export async function intentsReferencedAmong(db: Sequelize, accountKeys: string[], blockTime: number | null): Promise<IntentRow[]> {
  if (accountKeys.length === 0) return [];
  return db.query<IntentRow>(
    `SELECT * FROM deposit_intents
     WHERE reference = ANY($1::varchar[]) AND stake_id IS NULL
       AND expires_at + make_interval(secs => $2) > coalesce(to_timestamp($3), now())
     ORDER BY id`,
    { bind: [accountKeys, DEPOSIT_INTENT_GRACE_MS / 1000, blockTime], type: QueryTypes.SELECT },
  );
}
