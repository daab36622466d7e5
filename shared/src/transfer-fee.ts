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
 * The least a sender sends so that the recipient receives exactly `received` raw units. What a
 * recipient gets (sent minus the fee) grows by 0 or 1 with each unit sent, so this least amount
 * always exists and lands exactly.
 */
export function grossUp(received: bigint, fee: TransferFee | null): bigint {
  if (received < 0n) throw new RangeError('an amount received cannot be negative');
  if (!fee || fee.basisPoints === 0 || fee.maximumFee === 0n || received === 0n) return received;
  const capped = received + fee.maximumFee;
  if (fee.basisPoints >= 10_000) return capped;
  const bps = BigInt(fee.basisPoints);
  // The uncapped estimate, then down to the least amount that still delivers `received`.
  let sent = (received * ONE_IN_BASIS_POINTS + ONE_IN_BASIS_POINTS - bps - 1n) / (ONE_IN_BASIS_POINTS - bps);
  if (sent > capped) sent = capped;
  while (sent > received && sent - 1n - transferFeeOn(sent - 1n, fee) >= received) sent -= 1n;
  while (sent - transferFeeOn(sent, fee) < received) sent += 1n;
  return sent;
}
