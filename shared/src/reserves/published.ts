/** Whether a snapshot is one as DESIGN 14 publishes it, with every reserve token account listed once (DESIGN 15). */
import { msg, type CodedMessage } from '../i18n/catalogue.js';
import { isWholeNumberString } from '../decimal.js';
import type { ReserveAccount, ReservesSnapshot } from './snapshot.js';
import { walletBytes } from './wallet.js';

const HEX_32 = /^[0-9a-f]{64}$/;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isAddress = (value: unknown): value is string => walletBytes(value) !== undefined;
const isRawUnits = (value: unknown): value is string => typeof value === 'string' && isWholeNumberString(value);

function isReserve(value: unknown): value is ReserveAccount {
  const r = (value ?? {}) as Partial<Record<keyof ReserveAccount, unknown>>;
  return isAddress(r.wallet) && isAddress(r.tokenAccount) && isRawUnits(r.balance);
}

/** The shape and every field's form, down to each reserve account (not yet that each is listed once). */
export function isPublishedSnapshot(value: unknown): value is ReservesSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<Record<keyof ReservesSnapshot, unknown>>;
  return (
    isCount(s.id) &&
    typeof s.takenAt === 'string' &&
    Number.isFinite(Date.parse(s.takenAt)) &&
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

/** The first token account listed more than once: listed twice, its balance would count twice in the reserves. */
export function repeatedReserveAccount(reserves: readonly Pick<ReserveAccount, 'tokenAccount'>[]): string | undefined {
  const seen = new Set<string>();
  for (const { tokenAccount } of reserves) {
    if (seen.has(tokenAccount)) return tokenAccount;
    seen.add(tokenAccount);
  }
  return undefined;
}

/** Why `value` is not a snapshot as published, or null when it is one. */
export function publishedSnapshotProblem(value: unknown): CodedMessage | null {
  if (!isPublishedSnapshot(value)) return msg('reservesSnapshotMalformed');
  const repeated = repeatedReserveAccount(value.reserves);
  return repeated === undefined ? null : msg('reservesReserveListedTwice', { account: repeated });
}
