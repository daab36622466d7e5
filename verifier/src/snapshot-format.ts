/** Whether a file's `snapshot` is one as DESIGN 14 publishes it, down to each reserve account. */
import { isWholeNumberString } from '@stakedesk/shared/decimal';
import type { ReserveAccount, ReservesSnapshot } from '@stakedesk/shared/reserves/snapshot';
import { walletBytes } from '@stakedesk/shared/reserves/wallet';

const HEX_32 = /^[0-9a-f]{64}$/;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isAddress = (value: unknown): value is string => walletBytes(value) !== undefined;
const isRawUnits = (value: unknown): value is string => typeof value === 'string' && isWholeNumberString(value);

function isReserve(value: unknown): value is ReserveAccount {
  const r = (value ?? {}) as Partial<Record<keyof ReserveAccount, unknown>>;
  return isAddress(r.wallet) && isAddress(r.tokenAccount) && isRawUnits(r.balance);
}

export function isPublishedSnapshot(value: unknown): value is ReservesSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<Record<keyof ReservesSnapshot, unknown>>;
  return (
    isCount(s.id) &&
    typeof s.takenAt === 'string' &&
    isCount(s.slot) &&
    typeof s.root === 'string' &&
    HEX_32.test(s.root) &&
    isRawUnits(s.totalLiabilities) &&
    isCount(s.leafCount) &&
    Array.isArray(s.reserves) &&
    s.reserves.every(isReserve) &&
    (s.coveragePercent === null || typeof s.coveragePercent === 'string') &&
    (s.anchorSignature === null || typeof s.anchorSignature === 'string') &&
    isAddress(s.mint) &&
    isCount(s.decimals) &&
    s.decimals <= 255
  );
}
