import type { Sequelize } from 'sequelize';
import type { Logger } from '../logger.js';
import { followPayouts } from '../payouts/index.js';
import { followDeposits } from '../stakes/deposit-follower.js';
import type { Chain } from './chain-verifier.js';

/**
 * One round of what the server follows on chain by itself: sent payouts to their end, and new
 * transactions of the staking wallet's token accounts for deposits. Every step is safe to run on
 * several instances at once (rows are claimed with FOR UPDATE SKIP LOCKED and settled under their
 * row lock).
 */
export async function followChainOnce(sequelize: Sequelize, chain: Chain, logger: Logger, recheckMs: number): Promise<void> {
  await followPayouts(sequelize, chain, logger, { recheckMs });
  await followDeposits(sequelize, chain, logger);
}

/** Runs `round` every `intervalMs`, never two at once on this instance; returns a function that stops it. */
function every(intervalMs: number, round: () => Promise<unknown>, logger: Logger, what: string): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    round()
      .catch((error: unknown) => logger.warn({ err: error }, `${what} failed; will retry`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Payouts are looked at every `intervalMs`. Deposits on an interval of their own: a round costs
 * one RPC call per followed account when nothing happened, so it can run every second, and a
 * transfer is recorded within about that of landing, with the holder's browser gone.
 */
export function scheduleChainFollowing(
  sequelize: Sequelize,
  chain: Chain,
  { intervalMs, depositIntervalMs }: { intervalMs: number; depositIntervalMs: number },
  logger: Logger,
): () => void {
  const stops = [
    every(intervalMs, () => followPayouts(sequelize, chain, logger, { recheckMs: intervalMs }), logger, 'following payouts'),
    every(depositIntervalMs, () => followDeposits(sequelize, chain, logger), logger, 'following deposits'),
  ];
  return () => stops.forEach((stop) => stop());
}
