/** When each stake's deposit was recorded, as the subquery `s` of a larger statement. */
export const STAKE_DEPOSIT_TIMES_SQL = '(SELECT id, created_at FROM stakes)';

/** Each wallet with a stake (of the statuses in `:statuses`, when `filtered`) counted once: a statement of its own or a subquery. */
export const holdersSql = (filtered: boolean) =>
  `SELECT count(*) FROM (SELECT DISTINCT wallet_address FROM stakes ${filtered ? 'WHERE status IN (:statuses)' : ''}) holders`;
