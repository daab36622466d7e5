import type { Sequelize } from 'sequelize';
import type { Logger } from '../logger.js';
import { followPayouts } from '../payouts/index.js';
import { watchDeposits } from '../stakes/deposit-watch.js';
import type { Chain } from './chain-verifier.js';

/**
 * One round of what the server follows on chain by itself: sent payouts to their end, and the
 * deposits of open intents by their reference. Every step is safe to run on several instances
 * at once (each row is claimed with FOR UPDATE SKIP LOCKED and settled under its row lock).
 */
export async function followChainOnce(sequelize: Sequelize, chain: Chain, logger: Logger, recheckMs: number): Promise<void> {
  await followPayouts(sequelize, chain, logger, { recheckMs });
  await watchDeposits(sequelize, chain, logger, { minRecheckMs: recheckMs });
}

/** Runs a round every `intervalMs` (never two at once on this instance); returns a function that stops it. */
export function scheduleChainFollowing(sequelize: Sequelize, chain: Chain, intervalMs: number, logger: Logger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    followChainOnce(sequelize, chain, logger, intervalMs)
      .catch((error: unknown) => logger.warn({ err: error }, 'following the chain failed; will retry'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
