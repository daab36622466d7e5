import type { Sequelize } from 'sequelize';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { ChainUnavailableError } from '../chain/chain.js';
import { checkHeightWithSecond, type SecondProvider } from '../chain/second-provider.js';
import { searchPayerHistory } from './payout-history.js';
import type { BuiltPayoutRow } from './payout-records.js';

/**
 * What the second provider sees of a payout the first calls dead with no copy landed:
 * 'agrees' (the server may call it expired), 'notYet' (on its chain a copy could still land, or
 * its history was not read whole), or why the two disagree.
 */
async function lookWithSecond(second: SecondProvider, payout: BuiltPayoutRow, height: number): Promise<'agrees' | 'notYet' | CodedMessage> {
  const heights = await checkHeightWithSecond(second, height);
  if (!heights.agrees) return heights.disagreement;
  if (heights.secondHeight <= Number(payout.last_valid_block_height)) return 'notYet';
  const shown = msg('rpcSecondShowsCopy', { id: payout.id });
  try {
    if (payout.signature) {
      const [state] = await second.signatureStatuses([payout.signature]);
      if (state) return shown;
    }
    const found = await searchPayerHistory(second, payout);
    if (found.ours || found.foreign) return shown;
    return found.complete ? 'agrees' : 'notYet';
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    return msg('rpcSecondUnavailable', { reason: error.reason });
  }
}

/**
 * DESIGN 15: with a second provider, a payout is called expired only when it agrees with the
 * first (heights within 150 blocks, no status, no copy in the payer's history). Otherwise the
 * payout stays open, to be looked at again next round, and a disagreement is kept on it: while
 * it is there, automatic payouts stop (`rpcDisagree`).
 */
export async function secondProviderAgrees(
  sequelize: Sequelize,
  second: SecondProvider,
  payout: BuiltPayoutRow,
  finalizedHeight: number,
): Promise<boolean> {
  const seen = await lookWithSecond(second, payout, finalizedHeight);
  const disagreement = typeof seen === 'string' ? null : seen;
  await sequelize.query(
    `UPDATE payouts SET rpc_disagreement = :disagreement::jsonb WHERE id = :id AND status IN ('prepared', 'sent')
       AND rpc_disagreement IS DISTINCT FROM :disagreement::jsonb`,
    { replacements: { id: payout.id, disagreement: disagreement && JSON.stringify(disagreement) } },
  );
  return seen === 'agrees';
}
