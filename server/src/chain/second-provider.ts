import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { ChainUnavailableError, type ChainFollower, type PayoutChain } from './chain.js';

/**
 * A second, independent RPC provider (SOLANA_VERIFY_RPC_URL, DESIGN 15): what the server asks it
 * before acting on the first provider's word alone, which could be a lie or a lagging index
 * (calling a payout expired, sending from the hot wallet).
 */
export type SecondProvider = ChainFollower & Pick<PayoutChain, 'landedTransaction'>;

/** Finalized blocks the two providers' heights may differ by (about a minute): nodes are rarely in step, but never that far apart. */
export const PROVIDERS_HEIGHT_TOLERANCE = 150;

/** What the second provider says of the first's finalized `height`: its own, when they agree; otherwise why they do not. */
export type HeightCheck = { agrees: true; secondHeight: number } | { agrees: false; disagreement: CodedMessage };

export async function checkHeightWithSecond(second: SecondProvider, height: number): Promise<HeightCheck> {
  let secondHeight: number;
  try {
    secondHeight = await second.blockHeight('finalized');
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    return { agrees: false, disagreement: msg('rpcSecondUnavailable', { reason: error.reason }) };
  }
  if (Math.abs(secondHeight - height) > PROVIDERS_HEIGHT_TOLERANCE)
    return { agrees: false, disagreement: msg('rpcHeightsApart', { height, secondHeight }) };
  return { agrees: true, secondHeight };
}
