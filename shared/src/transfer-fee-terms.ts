import type { TransferFeeJson } from './api-types.js';
import { formatScaled } from './decimal.js';

/** A token's transfer fee as a holder is told it: the rate in percent ("1", "0.25") and the most one transfer pays, in tokens. */
export type TransferFeeTerms = { percent: string; maximum: string };

/**
 * What the screens say about a token's transfer fee wherever a holder is asked for tokens (plan
 * cards, the stake dialog, the documentation and its FAQ): the fee's terms when the mint takes one,
 * null when transfers cost only the network fee (no fee, a rate of 0 or a cap of 0: the program then
 * withholds nothing, as transferFeeOn has it). Only then may a screen say "Only blockchain network
 * fees apply". The settings' fee and decimals come from one read of the mint, so a fee never comes
 * without them.
 */
export function transferFeeTerms(fee: TransferFeeJson | null, decimals: number): TransferFeeTerms | null {
  if (!fee || fee.basisPoints <= 0 || BigInt(fee.maximumFee) <= 0n) return null;
  return {
    percent: formatScaled({ units: BigInt(fee.basisPoints), scale: 2 }),
    maximum: formatScaled({ units: BigInt(fee.maximumFee), scale: decimals }),
  };
}
