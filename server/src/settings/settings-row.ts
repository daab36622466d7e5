import type { Sequelize, Transaction } from 'sequelize';
import { settingsTable, type Settings } from './settings.model.js';

/** The one settings row, as a subquery of a larger statement (`CROSS JOIN (${SETTINGS_ROW_SQL}) s`). */
export const SETTINGS_ROW_SQL = 'SELECT * FROM settings WHERE id = 1';

/** Whether the owner has automatic payouts switched on, as a condition of a larger statement. */
export const AUTO_PAYOUT_ENABLED_SQL = "(SELECT (auto_payout->>'enabled')::boolean FROM settings WHERE id = 1)";

/**
 * The settings row as the caller's transaction sees it, never the cached copy: FOR SHARE with
 * `share` (a change of the settings waits until the caller commits). Without a transaction, as
 * committed now.
 */
export async function findSettingsRow(db: Sequelize, transaction?: Transaction, lock?: 'share'): Promise<Settings | null> {
  return settingsTable(db).findByPk(1, transaction ? { transaction, ...(lock === 'share' ? { lock: transaction.LOCK.SHARE } : {}) } : {});
}

/**
 * Holds the settings row FOR SHARE until the caller's transaction ends: a change of the token
 * contract waits for what this transaction writes, and then sees it.
 */
export async function holdSettingsShared(db: Sequelize, transaction: Transaction): Promise<void> {
  await db.query('SELECT 1 FROM settings WHERE id = 1 FOR SHARE', { transaction });
}
