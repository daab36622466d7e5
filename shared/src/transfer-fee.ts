/** A Token-2022 mint's transfer fee in force: basis points of what is sent, capped at maximumFee (raw units). */
export type TransferFee = { basisPoints: number; maximumFee: bigint };

const ONE_IN_BASIS_POINTS = 10_000n;

/** What the token program withholds from a transfer of `sent` raw units: the fee rounded up, capped. */
export function transferFeeOn(sent: bigint, fee: TransferFee | null): bigint {
  if (!fee || fee.basisPoints === 0 || sent === 0n) return 0n;
  const rounded = (sent * BigInt(fee.basisPoints) + ONE_IN_BASIS_POINTS - 1n) / ONE_IN_BASIS_POINTS;
  return rounded < fee.maximumFee ? rounded : fee.maximumFee;
}

/**
 * The least a sender sends so that the recipient receives exactly `received` raw units: the lesser
 * of `received` plus the cap and the uncapped estimate ceil(received / (1 - rate)). Below both,
 * the fee (rounded up, capped) leaves less than `received`; at the estimate it leaves more than
 * `received` - 1, so exactly `received`.
 */
export function grossUp(received: bigint, fee: TransferFee | null): bigint {
  if (received < 0n) throw new RangeError('an amount received cannot be negative');
  if (!fee || fee.basisPoints === 0 || fee.maximumFee === 0n || received === 0n) return received;
  const capped = received + fee.maximumFee;
  if (fee.basisPoints >= 10_000) return capped;
  const keptBps = ONE_IN_BASIS_POINTS - BigInt(fee.basisPoints);
  const estimate = (received * ONE_IN_BASIS_POINTS + keptBps - 1n) / keptBps;
  return estimate < capped ? estimate : capped;
}
