import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { hotWalletLow } from '@stakedesk/shared/auto-payout';
import { emitAlert } from '../alerts/index.js';
import { loadSettings } from '../settings/index.js';

/** How often the treasury is looked at for alerts; a look costs one coverage read (cached for the panel too). */
export const TREASURY_WATCH_INTERVAL_MS = 60_000;

type Condition = 'treasury.uncovered' | 'hot_wallet.low';

/**
 * Records whether `condition` holds now; true when it has just begun (it did not hold at the last
 * look, or was never looked at). The row lock makes one instance see each beginning.
 */
async function begins(db: Sequelize, transaction: Transaction, condition: Condition, active: boolean): Promise<boolean> {
  const changed = await db.query<{ active: boolean }>(
    `INSERT INTO alert_conditions (name, active) VALUES (:condition, :active)
     ON CONFLICT (name) DO UPDATE SET active = EXCLUDED.active, changed_at = now()
       WHERE alert_conditions.active IS DISTINCT FROM EXCLUDED.active
     RETURNING active`,
    { replacements: { condition, active }, type: QueryTypes.SELECT, transaction },
  );
  return changed[0]?.active === true;
}

/**
 * treasury.uncovered and hot_wallet.low (DESIGN 13), each once when it begins, whether or not
 * automatic payouts are on: a treasury that cannot pay what it owes is news to an operator either
 * way. The hot wallet is watched while automation is on, against the policy's minimum. A reading
 * the chain could not give changes nothing. Answers the alerts it sent.
 */
export async function watchTreasury(db: Sequelize, coverage: () => Promise<TreasuryCoverage>): Promise<Condition[]> {
  const [treasury, settings] = await Promise.all([coverage(), loadSettings(db)]);
  const symbol = settings.tokenSymbol;
  const hot = treasury.hotWallet;
  const watchHot = settings.autoPayout.enabled && hot !== null;
  return db.transaction(async (transaction) => {
    const sent: Condition[] = [];
    if (treasury.covered !== null && (await begins(db, transaction, 'treasury.uncovered', !treasury.covered))) {
      await emitAlert(
        db,
        'treasury.uncovered',
        { balance: treasury.heldBalance ?? '0', liabilities: treasury.liabilities.total, symbol },
        transaction,
      );
      sent.push('treasury.uncovered');
    }
    if (watchHot && hot.balance !== null) {
      const low = hotWalletLow(settings.autoPayout, hot.balance);
      if (await begins(db, transaction, 'hot_wallet.low', low)) {
        const minimum = settings.autoPayout.minHotBalance;
        await emitAlert(db, 'hot_wallet.low', { wallet: hot.address, balance: hot.balance, minimum, symbol }, transaction);
        sent.push('hot_wallet.low');
      }
    } else if (!watchHot) {
      // Automation off: a low hot wallet is announced again once it is turned back on.
      await begins(db, transaction, 'hot_wallet.low', false);
    }
    return sent;
  });
}
