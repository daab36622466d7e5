import { QueryTypes, type Sequelize } from 'sequelize';
import { RESTAKE_TX_PREFIX } from '@stakedesk/shared/stake-status';

// The stakes' deposits as the books audit reads them (books-audit/audit-books.ts).

/** A stake's deposit as the books record it: `amount` in whole tokens of `mint`. */
export type RecordedDeposit = { id: number; txId: string; wallet: string; amount: string; mint: string; stakingWallet: string };

/** The stakes after id `after` whose deposit moved tokens (not a restake), at most `limit`, in id order. */
export function recordedDepositsAfter(db: Sequelize, after: number, limit: number): Promise<RecordedDeposit[]> {
  return db.query<RecordedDeposit>(
    `SELECT id, tx_id AS "txId", wallet_address AS wallet, amount::text AS amount, token_contract AS mint,
        staking_wallet AS "stakingWallet"
      FROM stakes WHERE tx_id IS NOT NULL AND NOT starts_with(tx_id, :restake) AND id > :after ORDER BY id LIMIT :limit`,
    { replacements: { restake: RESTAKE_TX_PREFIX, after, limit }, type: QueryTypes.SELECT },
  );
}

/** Every staking wallet a stake of `mint` was sent to. */
export async function stakingWalletsOf(db: Sequelize, mint: string): Promise<string[]> {
  const rows = await db.query<{ wallet: string }>(`SELECT DISTINCT staking_wallet AS wallet FROM stakes WHERE token_contract = :mint`, {
    replacements: { mint },
    type: QueryTypes.SELECT,
  });
  return rows.map((row) => row.wallet);
}
