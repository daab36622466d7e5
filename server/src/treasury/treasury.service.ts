import { stakingDestination } from '@stakedesk/shared/staking-open';
import type { Sequelize } from 'sequelize';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { sumDecimals } from '@stakedesk/shared/decimal';
import { english, msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { coveragePercent, daysLeft, isCovered } from '@stakedesk/shared/treasury';
import { ChainUnavailableError, type Chain } from '../chain/chain.js';
import { Cached } from '../cache/cached.js';
import type { Logger } from '../logger.js';
import { paidAutomaticallySince } from '../payouts/index.js';
import { readLiabilities } from './liabilities.js';
import { loadSettings } from '../settings/index.js';

/** Long enough that a panel refreshing often costs one query and one RPC call, short enough to feel live. */
const TREASURY_CACHE_MS = 5_000;

type Balance =
  | { balance: string; balanceUnavailable: null; balanceUnavailableReason: null }
  | { balance: null; balanceUnavailable: string; balanceUnavailableReason: CodedMessage };

const unknownBalance = (reason: CodedMessage): Balance => ({
  balance: null,
  balanceUnavailable: english(reason),
  balanceUnavailableReason: reason,
});

async function readBalance(chain: Chain, logger: Logger, mint: string, wallet: string): Promise<Balance> {
  try {
    const balance = await chain.tokenBalance(mint, wallet);
    return { balance, balanceUnavailable: null, balanceUnavailableReason: null };
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) logger.error({ err: error }, 'treasury balance read failed');
    return unknownBalance(error instanceof ChainUnavailableError ? error.reason : msg('chainUnavailable'));
  }
}

/** The hot wallet's balance and how many days it lasts at the last week's automatic payouts. */
async function readHotWallet(db: Sequelize, chain: Chain, logger: Logger, mint: string, address: string) {
  const { balance } = await readBalance(chain, logger, mint, address);
  const paidLast7Days = await paidAutomaticallySince(db, 7 * 24);
  return { address, balance, paidLast7Days, lastsDays: balance === null ? null : daysLeft(balance, paidLast7Days, 7) };
}

/**
 * The headline counts every wallet the current mint's deposits were paid into: what an earlier
 * staking wallet owes is still owed, and what it still holds can still pay it.
 */
async function computeCoverage(db: Sequelize, chain: Chain, logger: Logger, hotAddress?: string): Promise<TreasuryCoverage> {
  const settings = await loadSettings(db);
  const destination = stakingDestination(settings);
  const { owedByWallet, ...owed } = await readLiabilities(db, settings.tokenContract, settings.stakingWallet);
  const balances = destination
    ? await Promise.all(owedByWallet.map((wallet) => readBalance(chain, logger, destination.mint, wallet.stakingWallet)))
    : [];
  const wallets = balances.map(({ balance }, index) => ({ ...owedByWallet[index]!, current: index === 0, balance }));
  const hotWallet = destination && hotAddress ? await readHotWallet(db, chain, logger, destination.mint, hotAddress) : null;
  const held = [...wallets.map((wallet) => wallet.balance), ...(hotWallet ? [hotWallet.balance] : [])];
  const heldBalance = wallets.length > 0 && held.every((balance) => balance !== null) ? sumDecimals(held.map((b) => b ?? '0')) : null;
  const total = owed.liabilities.total;
  return {
    ...(balances[0] ?? unknownBalance(msg('stakingNotConfigured'))),
    ...owed,
    wallets,
    heldBalance,
    coveragePercent: heldBalance === null ? null : coveragePercent(heldBalance, total),
    covered: heldBalance === null ? null : isCovered(heldBalance, total),
    hotWallet,
    checkedAt: new Date().toISOString(),
  };
}

/** Coverage, shared by every request within `cacheMs` (requests arriving together share one computation; a failure is not kept). */
export function treasuryCoverage(
  db: Sequelize,
  chain: Chain,
  logger: Logger,
  hotWallet?: string,
  cacheMs = TREASURY_CACHE_MS,
): () => Promise<TreasuryCoverage> {
  const cache = new Cached(
    () => computeCoverage(db, chain, logger, hotWallet),
    () => cacheMs,
  );
  return () => cache.get();
}
