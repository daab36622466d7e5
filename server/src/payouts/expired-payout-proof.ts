import { QueryTypes, type Sequelize } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { PayoutChain, Verdict } from '../chain/chain.js';
import { carriesMessage } from '../chain/signed-copy.js';
import { recipientReasons } from './landed-outcome.js';
import { isBuilt, PAYOUT_COLUMNS, type PayoutRow } from './payout-records.js';

/**
 * A pasted TXID that is the signature of a payout of this very withdrawal that the server called
 * expired: a provider that lied or lagged hid it landing (DESIGN 15), and the operator, having
 * checked the chain, records it. Proven as the follower proves a landing, not as a foreign
 * transaction (an automatic payout leaves the hot wallet, not the staking wallet): a copy of the
 * prepared message that landed without error and paid this holder exactly as owed. Null when
 * `txId` is no such payout's signature.
 */
export async function expiredPayoutVerdict(
  sequelize: Sequelize,
  chain: Pick<PayoutChain, 'landedTransaction'>,
  withdrawalId: number,
  txId: string,
): Promise<Verdict | null> {
  const [payout] = await sequelize.query<PayoutRow>(
    `SELECT ${PAYOUT_COLUMNS} FROM payouts p JOIN payout_withdrawals pw ON pw.payout_id = p.id
     WHERE pw.withdrawal_id = :withdrawalId AND p.status = 'expired' AND p.signature = :txId`,
    { replacements: { withdrawalId, txId }, type: QueryTypes.SELECT },
  );
  if (!payout || !isBuilt(payout)) return null;
  const landed = await chain.landedTransaction(txId);
  if (!landed) return { ok: false, reason: msg('txNotFoundOnChain'), retryable: true };
  if (landed.failed || !carriesMessage(landed.wire, payout.message)) return { ok: false, reason: msg('txFailedOnChain') };
  const reason = recipientReasons(payout, landed).get(withdrawalId);
  return reason ? { ok: false, reason } : { ok: true };
}
