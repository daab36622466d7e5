import { type Chain, type LandedTransaction, ChainUnavailableError, chainReason } from '../chain/chain.js';
import { foreignPayment, recipientReasons, payoutClaimOf, adoptLandedCopy, noteExpirySeen, settlePayout } from './settle.js';
import { type BuiltPayoutRow, isBuilt, PAYOUT_COLUMNS, readPayout, type PayoutRow } from './store.js';
import { carriesMessage } from '../chain/signed-copy.js';
import { type Sequelize, QueryTypes } from 'sequelize';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { checkHeightWithSecond, type SecondProvider } from '../chain/second-provider.js';
import type { Logger } from '../logger.js';
import { findWithdrawals } from '../withdrawals/index.js';
import { sendOnce } from './send.js';

// Each look at an open payout on chain, until it ends: its status, the payer's history (a copy that
// landed, tokens sent another way), and a second provider before one is called expired.

const PAGE = 100;
/** A payer busier than this within one payout's life cannot be searched in one look: the look proves nothing. */
const MAX_PAGES = 10;
/**
 * Block times are the validators' estimate: a transaction whose block is this much older than the
 * payout cannot carry it (its blockhash did not exist yet). Bounds the search when the payer had no
 * history to name a tip.
 */
const BLOCK_TIME_SLACK_SECONDS = 300;

type HistoryFinding = {
  /** A copy of the prepared message that landed (successful or failed). */
  ours: LandedTransaction | null;
  /** A transaction the server did not prepare that sent tokens to one of the payout's accounts. */
  foreign: { signature: string; account: string } | null;
  /** Every transaction back to the payout's history tip was listed and read. */
  complete: boolean;
};

/**
 * Reads the payer's transactions since the payout was prepared (newest first, back to the tip
 * read before its blockhash, or to blocks older than the payout): every transaction the payer signed lists it, so a copy of the
 * message that landed is among them whoever sent it, and so is any other transaction of the
 * payer's that paid one of the payout's accounts (a wallet that altered and sent it itself).
 */
async function searchPayerHistory(
  chain: Pick<Chain, 'signaturesForAddress' | 'landedTransaction'>,
  payout: BuiltPayoutRow,
): Promise<HistoryFinding> {
  const finding: HistoryFinding = { ours: null, foreign: null, complete: false };
  let before: string | undefined;
  let unreadable = false;
  const olderThanPayout = (blockTime: number | null) =>
    blockTime !== null && blockTime < payout.created_at.getTime() / 1000 - BLOCK_TIME_SLACK_SECONDS;
  for (let page = 0; page < MAX_PAGES; page++) {
    const bounds = { ...(payout.history_tip ? { until: payout.history_tip } : {}), ...(before ? { before } : {}) };
    const listed = await chain.signaturesForAddress(payout.payer, PAGE, bounds);
    const signatures = listed.filter((entry) => !olderThanPayout(entry.blockTime));
    for (const { signature } of signatures) {
      const landed = await chain.landedTransaction(signature);
      if (!landed) {
        unreadable = true; // listed but not readable (an RPC node behind another): nothing is proven
        continue;
      }
      if (carriesMessage(landed.wire, payout.message)) finding.ours ??= landed;
      else {
        const account = foreignPayment(payout, landed);
        if (account) finding.foreign ??= { signature, account };
      }
    }
    if (listed.length < PAGE || signatures.length < listed.length) return { ...finding, complete: !unreadable };
    before = listed.at(-1)!.signature;
  }
  return finding;
}

/**
 * What the second provider sees of a payout the first calls dead with no copy landed:
 * 'agrees' (the server may call it expired), 'notYet' (on its chain a copy could still land, or
 * its history was not read whole), or why the two disagree.
 */
async function lookWithSecond(second: SecondProvider, payout: BuiltPayoutRow, height: number): Promise<'agrees' | 'notYet' | CodedMessage> {
  const heights = await checkHeightWithSecond(second, height);
  if (!heights.agrees) return heights.disagreement;
  if (heights.secondHeight <= Number(payout.last_valid_block_height)) return 'notYet';
  const shown = msg('rpcSecondShowsCopy', { id: payout.id });
  try {
    if (payout.signature) {
      const [state] = await second.signatureStatuses([payout.signature]);
      if (state) return shown;
    }
    const found = await searchPayerHistory(second, payout);
    if (found.ours || found.foreign) return shown;
    return found.complete ? 'agrees' : 'notYet';
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    return msg('rpcSecondUnavailable', { reason: error.reason });
  }
}

/**
 * DESIGN 15: with a second provider, a payout is called expired only when it agrees with the
 * first (heights within 150 blocks, no status, no copy in the payer's history). Otherwise the
 * payout stays open, to be looked at again next round, and a disagreement is kept on it: while
 * it is there, automatic payouts stop (`rpcDisagree`).
 */
async function secondProviderAgrees(
  db: Sequelize,
  second: SecondProvider,
  payout: BuiltPayoutRow,
  finalizedHeight: number,
): Promise<boolean> {
  const seen = await lookWithSecond(second, payout, finalizedHeight);
  const disagreement = typeof seen === 'string' ? null : seen;
  await db.query(
    `UPDATE payouts SET rpc_disagreement = :disagreement::jsonb WHERE id = :id AND status IN ('prepared', 'sent')
       AND rpc_disagreement IS DISTINCT FROM :disagreement::jsonb`,
    { replacements: { id: payout.id, disagreement: disagreement && JSON.stringify(disagreement) } },
  );
  return seen === 'agrees';
}

/**
 * Blocks between the look that first finds a payout's blockhash dead with no copy landed and the
 * look that may call it expired (about 10 s): an RPC node whose index lags behind its block
 * height gets that long to show a copy that did land.
 */
export const EXPIRY_CONFIRM_BLOCKS = 25;

/**
 * Takes up to `batch` open payouts that are due a look, and pushes their next look `recheckMs`
 * ahead: several server instances share the work without looking at one payout together, and
 * one that dies mid-look leaves it to the next round.
 */
async function claimDue(db: Sequelize, batch: number, recheckMs: number): Promise<PayoutRow[]> {
  return db.query<PayoutRow>(
    `WITH due AS (
       SELECT id FROM payouts WHERE status IN ('prepared', 'sent') AND next_check_at <= now()
       ORDER BY next_check_at LIMIT :batch FOR UPDATE SKIP LOCKED
     )
     UPDATE payouts p SET next_check_at = now() + make_interval(secs => :seconds) FROM due WHERE p.id = due.id
     RETURNING ${PAYOUT_COLUMNS}`,
    { replacements: { batch, seconds: recheckMs / 1000 }, type: QueryTypes.SELECT },
  );
}

type Look = { db: Sequelize; chain: Chain; second: SecondProvider | null; logger: Logger; finalizedHeight: number };

const settleLanded = (look: Look, payout: BuiltPayoutRow, landed: LandedTransaction) =>
  settlePayout(
    look.db,
    payout.id,
    landed.failed ? { kind: 'failed' } : { kind: 'landed', signature: landed.signature, reasons: recipientReasons(payout, landed) },
  );

/**
 * The payout's blockhash is dead at finalized and the history shows no copy: it can never land.
 * Called expired only when two looks at least EXPIRY_CONFIRM_BLOCKS apart agree, and never while
 * the history could not be read whole, nor while a second provider, when there is one, sees otherwise.
 * Tokens that reached its accounts another way put it under review.
 */
async function expireIfDead(look: Look, payout: BuiltPayoutRow, found: HistoryFinding): Promise<boolean> {
  if (look.finalizedHeight <= Number(payout.last_valid_block_height) || !found.complete) return false;
  if (found.foreign) {
    return settlePayout(look.db, payout.id, {
      kind: 'review',
      reason: msg('payoutForeignTransfer', found.foreign),
      evidence: found.foreign.signature,
    });
  }
  if (payout.expiry_seen_height === null) {
    await noteExpirySeen(look.db, payout.id, look.finalizedHeight);
    return false;
  }
  if (look.finalizedHeight < Number(payout.expiry_seen_height) + EXPIRY_CONFIRM_BLOCKS) return false;
  if (look.second && !(await secondProviderAgrees(look.db, look.second, payout, look.finalizedHeight))) return false;
  return settlePayout(look.db, payout.id, { kind: 'expired' });
}

/** One look at a payout the server built. Returns whether it ended. */
async function lookAtBuilt(look: Look, payout: BuiltPayoutRow): Promise<boolean> {
  const { chain } = look;
  if (payout.status === 'prepared') {
    // Nobody posted a signed copy; one may still have been sent (by the wallet itself, or held and sent late).
    const found = await searchPayerHistory(chain, payout);
    if (!found.ours) return expireIfDead(look, payout, found);
    await adoptLandedCopy(look.db, payout.id, found.ours);
    const adopted = await readPayout(look.db, payout.id);
    if (!adopted || !isBuilt(adopted) || adopted.status !== 'sent') return false;
    payout = adopted;
  }
  const signature = payout.signature!;
  const [state] = await chain.signatureStatuses([signature]);
  if (state) {
    if (!state.finalized) return false;
    const landed = await chain.landedTransaction(signature);
    return landed ? settleLanded(look, payout, landed) : false;
  }
  if (look.finalizedHeight <= Number(payout.last_valid_block_height)) {
    if (payout.signed_transaction) await sendOnce(chain, look.logger, payout.id, payout.signed_transaction);
    return false;
  }
  // Dead at finalized: a copy in the history landed in a block the finalized chain has passed, whatever the status index says.
  const found = await searchPayerHistory(chain, payout);
  return found.ours ? settleLanded(look, payout, found.ours) : expireIfDead(look, payout, found);
}

/**
 * Payouts registered by earlier panels (a signature and a block height the browser gave): they
 * complete when they landed and pay as a pasted TXID must, fail when they landed with an error,
 * and go to review otherwise; the browser's block height alone never frees a withdrawal.
 */
async function lookAtRegistered(look: Look, payout: PayoutRow): Promise<boolean> {
  const signature = payout.signature!;
  const [state] = await look.chain.signatureStatuses([signature]);
  if (!state) {
    if (look.finalizedHeight <= Number(payout.last_valid_block_height)) return false;
    return settlePayout(look.db, payout.id, { kind: 'review', reason: msg('payoutLegacyUnproven'), evidence: signature });
  }
  if (!state.finalized) return false;
  if (state.failed) return settlePayout(look.db, payout.id, { kind: 'failed' });
  const withdrawals = await findWithdrawals(
    look.db,
    payout.recipients.map((r) => r.withdrawalId),
  );
  const reasons = new Map<number, CodedMessage | null>();
  for (const withdrawal of withdrawals) {
    const verdict = await look.chain.verifyPayout(payoutClaimOf(withdrawal, signature));
    if (!verdict.ok && verdict.retryable) return false;
    reasons.set(withdrawal.id, verdict.ok ? null : chainReason(verdict.reason));
  }
  return settlePayout(look.db, payout.id, { kind: 'landed', signature, reasons });
}

/**
 * One look at every open payout that is due one: each prepared or sent payout is followed to its
 * end by what the server reads on chain itself (sent again while its blockhash lives), on any
 * instance; `secondProvider` (SOLANA_VERIFY_RPC_URL) must agree before one is called expired. One
 * payout's unexpected error does not keep the others from their look: it is logged, and thrown
 * once every payout had its look (the round fails visibly). Returns how many ended.
 */
export async function followPayouts(
  db: Sequelize,
  chain: Chain,
  logger: Logger,
  {
    batch = 100,
    recheckMs = 5_000,
    secondProvider = null,
  }: { batch?: number; recheckMs?: number; secondProvider?: SecondProvider | null } = {},
): Promise<number> {
  const due = await claimDue(db, batch, recheckMs);
  if (due.length === 0) return 0;
  let ended = 0;
  let firstError: unknown = null;
  try {
    // Read before anything else: a copy that can still land is in a block at or below the last valid height.
    const look = { db, chain, second: secondProvider, logger, finalizedHeight: await chain.blockHeight('finalized') };
    for (const payout of due) {
      try {
        const done = isBuilt(payout) ? await lookAtBuilt(look, payout) : await lookAtRegistered(look, payout);
        if (done) ended += 1;
      } catch (error) {
        if (error instanceof ChainUnavailableError) throw error;
        logger.error({ err: error, payoutId: payout.id }, 'a payout could not be followed; the others still are');
        firstError ??= error;
      }
    }
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    logger.warn({ err: error }, 'payouts could not be followed on chain; will look again');
  }
  if (firstError !== null) throw firstError;
  return ended;
}
