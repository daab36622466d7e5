import type { Withdrawal as WithdrawalJson } from '@stakedesk/shared/api-types';
import { isoDate, numeric, rowJson, rowJsonSql, scalar, text, type RowShape } from '../sql/row-json.js';
import type { WithdrawalRow } from './withdrawal.model.js';

/** A withdrawal as every answer shows it, written once for the server and for PostgreSQL. */
const WITHDRAWAL_JSON: RowShape<WithdrawalRow, WithdrawalJson> = {
  id: scalar('id'),
  stakeId: scalar('stakeId'),
  walletAddress: text('walletAddress'),
  kind: text('kind'),
  amount: numeric('amount'),
  finalAmount: numeric('finalAmount'),
  penaltyAmount: numeric('penaltyAmount'),
  status: text('status'),
  requestedAt: isoDate('requestedAt'),
  processedAt: isoDate('processedAt'),
  txId: text('txId'),
  rejectReason: text('rejectReason'),
  tokenContract: text('tokenContract'),
  stakingWallet: text('stakingWallet'),
};

export const toWithdrawalJson = (w: WithdrawalRow): WithdrawalJson => rowJson(WITHDRAWAL_JSON, w);

/** toWithdrawalJson in SQL: the JSON text of the withdrawal row `w`, byte for byte (json-sql.test.ts compares them). */
export const withdrawalJsonSql = (w: string): string => rowJsonSql(WITHDRAWAL_JSON, w);
