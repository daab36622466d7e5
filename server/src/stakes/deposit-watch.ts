import { QueryTypes, type Sequelize } from 'sequelize';
import { ChainUnavailableError, type ChainVerifier, type ChainFollower } from '../chain/chain-verifier.js';
import type { Logger } from '../logger.js';
import { intentClaim, recordIntentDeposit, type IntentRow } from './deposit-intents.service.js';

/** How many transactions listing one reference are looked at (a holder retrying sends a few at most). */
const SIGNATURES_PER_REFERENCE = 20;

/**
 * Takes up to `batch` intents due a look and sets their next one: every few seconds while the
 * intent is young, at most every 20 s until it expires (so a transfer is found within 30 s of
 * landing), then a tenth of its age up to 10 minutes, and never after a day. A cancelled intent
 * (the wallet declined) is looked at like an expired one: a transfer that lands anyway is still
 * recorded, a little later, and many cancelled intents cost the search little. A transfer found
 * later shows on the reconciliation page, and the holder's own post still records it.
 * FOR UPDATE SKIP LOCKED lets several server instances share the work.
 */
async function claimDue(sequelize: Sequelize, batch: number, minRecheckMs: number): Promise<IntentRow[]> {
  return sequelize.query<IntentRow>(
    `WITH due AS (
       SELECT id FROM deposit_intents WHERE stake_id IS NULL AND next_check_at <= now() ORDER BY next_check_at LIMIT :batch FOR UPDATE SKIP LOCKED
     )
     UPDATE deposit_intents i SET next_check_at = CASE
         WHEN i.created_at < now() - interval '1 day' THEN 'infinity'::timestamptz
         ELSE now() + least(
           greatest((now() - i.created_at) / 10, make_interval(secs => :minSeconds)),
           CASE WHEN now() < i.expires_at AND i.cancelled_at IS NULL THEN interval '20 seconds' ELSE interval '10 minutes' END)
       END
     FROM due WHERE i.id = due.id
     RETURNING i.*`,
    { replacements: { batch, minSeconds: minRecheckMs / 1000 }, type: QueryTypes.SELECT },
  );
}

/** The first transfer listing the intent's reference that proves its deposit, recorded; true when one was. */
async function findDeposit(sequelize: Sequelize, chain: ChainVerifier & ChainFollower, intent: IntentRow): Promise<boolean> {
  const found = await chain.signaturesForAddress(intent.reference, SIGNATURES_PER_REFERENCE);
  for (const { signature, failed } of found.reverse()) {
    if (failed) continue;
    const verdict = await chain.verifyDeposit(intentClaim(intent, signature));
    if (!verdict.ok && verdict.retryable) return false;
    // Anyone may list a reference in a transaction of their own: only the holder's transfer proves the deposit.
    if (!verdict.ok) continue;
    if (await recordIntentDeposit(sequelize, intent.id, signature, verdict.sender)) return true;
  }
  return false;
}

/**
 * One look for the transfers of open deposit intents (getSignaturesForAddress on each reference),
 * recording each proven one on its intent's terms whether or not the holder's browser ever posts
 * it. Returns how many deposits were recorded.
 */
export async function watchDeposits(
  sequelize: Sequelize,
  chain: ChainVerifier & ChainFollower,
  logger: Logger,
  { batch = 100, minRecheckMs = 3_000 }: { batch?: number; minRecheckMs?: number } = {},
): Promise<number> {
  let recorded = 0;
  for (const intent of await claimDue(sequelize, batch, minRecheckMs)) {
    try {
      if (await findDeposit(sequelize, chain, intent)) recorded += 1;
    } catch (error) {
      if (!(error instanceof ChainUnavailableError)) throw error;
      logger.warn({ err: error }, 'deposits could not be looked for on chain; will look again');
      break;
    }
  }
  return recorded;
}
