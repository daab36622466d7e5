import type { Chain, LandedTransaction } from '../chain/chain.js';
import { foreignPayment } from './landed-outcome.js';
import type { BuiltPayoutRow } from './payout-records.js';
import { carriesMessage } from '../chain/signed-copy.js';

const PAGE = 100;
/** A payer busier than this within one payout's life cannot be searched in one look: the look proves nothing. */
const MAX_PAGES = 10;
/**
 * Block times are the validators' estimate: a transaction whose block is this much older than the
 * payout cannot carry it (its blockhash did not exist yet). Bounds the search when the payer had no
 * history to name a tip.
 */
const BLOCK_TIME_SLACK_SECONDS = 300;

export type HistoryFinding = {
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
export async function searchPayerHistory(
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
