import type { Sequelize } from 'sequelize';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { hotWalletLow, type AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import { msg, tokenAmount, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { HeightCheck } from '../chain/second-provider.js';
import { oldestUnexplainedOutflow } from '../outflows/index.js';
import { restorePending } from '../books-audit/index.js';
import { payoutDisagreement, payoutInReview } from '../payouts/index.js';

/**
 * Finalized blocks an RPC answer may trail the highest one the provider reported before (nodes
 * behind a provider's load balancer are rarely in step). Past about a minute of blocks its reads
 * are too stale to pay from: a blockhash or a balance may already be history.
 */
export const FINALIZED_HEIGHT_TOLERANCE = 150;

export type StopCheck = {
  db: Sequelize;
  policy: AutoPayoutPolicy;
  /** The token's symbol, for the reasons' amounts. */
  symbol: string;
  coverage: TreasuryCoverage;
  /** The hot wallet's balance in tokens, as just read. */
  hotBalance: string;
  /** The highest finalized block height seen before this round, and the one the RPC answers now. */
  highestFinalizedHeight: number;
  finalizedHeight: number;
  /** What the second provider (SOLANA_VERIFY_RPC_URL) said of that height; null without one. */
  secondHeight: HeightCheck | null;
};

/**
 * Why automatic payouts must not pay now (DESIGN 13), every reason that holds; empty when they may.
 * Each is a state of the world, re-read every round: automation resumes by itself once it is over.
 */
export async function stopReasons(check: StopCheck): Promise<CodedMessage[]> {
  const reasons: CodedMessage[] = [];
  const { coverage } = check;
  if (coverage.covered === null && coverage.liabilities.total !== '0') {
    reasons.push(msg('autoPayoutTreasuryUnknown', { reason: coverage.balanceUnavailableReason ?? msg('chainUnavailable') }));
  } else if (coverage.covered === false) {
    reasons.push(msg('autoPayoutTreasuryUncovered'));
  }
  // DESIGN 19: a restored database may show unpaid what was paid after the restored moment.
  if (await restorePending(check.db)) reasons.push(msg('restoreAuditPending'));
  const review = await payoutInReview(check.db);
  if (review !== null) reasons.push(msg('autoPayoutReviewOpen', { id: review }));
  // Tokens left a wallet the server pays from outside the books: a stolen key, or payments no one recorded (DESIGN 15).
  const outflow = await oldestUnexplainedOutflow(check.db);
  if (outflow) reasons.push(msg('unexplainedOutflow', { wallet: outflow.owner, signature: outflow.signature }));
  if (hotWalletLow(check.policy, check.hotBalance)) {
    reasons.push(
      msg('autoPayoutHotLow', {
        balance: tokenAmount(check.hotBalance, check.symbol),
        minimum: tokenAmount(check.policy.minHotBalance, check.symbol),
      }),
    );
  }
  if (check.finalizedHeight < check.highestFinalizedHeight - FINALIZED_HEIGHT_TOLERANCE) {
    reasons.push(msg('autoPayoutRpcHeightFell', { height: check.finalizedHeight, seen: check.highestFinalizedHeight }));
  }
  // DESIGN 15: the hot wallet sends only while both providers agree, on the height and on every open payout.
  const disagreement =
    check.secondHeight && !check.secondHeight.agrees ? check.secondHeight.disagreement : await payoutDisagreement(check.db);
  if (disagreement) reasons.push(msg('rpcDisagree', { detail: disagreement }));
  return reasons;
}
