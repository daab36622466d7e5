import type { TransferFeeJson } from '@stakedesk/shared/api-types';
import { fromRawAmount, toRawAmount } from '@stakedesk/shared/money';
import { grossUp, type TransferFee } from '@stakedesk/shared/transfer-fee';

/**
 * The token's transfer fee as the screens state it: whole tokens and a percentage, from the raw
 * units the settings carry. The arithmetic is shared/src/transfer-fee.ts's (the one the server
 * builds deposits and payouts with); here it is only converted for display.
 */

const feeOf = (json: TransferFeeJson): TransferFee => ({ basisPoints: json.basisPoints, maximumFee: BigInt(json.maximumFee) });

/** Basis points as a percentage: 100 is "1", 25 is "0.25". */
export const feePercent = (fee: TransferFeeJson): string => fromRawAmount(BigInt(fee.basisPoints), 2);

/** The most a transfer pays, in whole tokens ("5000", "0.5"). */
export const maximumFeeTokens = (fee: TransferFeeJson, decimals: number): string => fromRawAmount(BigInt(fee.maximumFee), decimals);

/** What a holder sends so that the staking wallet receives exactly `amount` whole tokens: the stake plus the fee the program withholds. */
export function sendAmountFor(amount: string, decimals: number, fee: TransferFeeJson): string {
  return fromRawAmount(grossUp(toRawAmount(amount, decimals), feeOf(fee)), decimals);
}
