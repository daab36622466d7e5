import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { autoPayoutHold, type AutoPayoutCandidate, type AutoPayoutPolicy } from '@stakedesk/shared/auto-payout';
import { sumDecimals } from '@stakedesk/shared/decimal';
import { english, msg, type CodedMessage, type MessageCode } from '@stakedesk/shared/i18n/catalogue';
import { POLICY_ACTOR } from '../audit/index.js';
import { ChainUnavailableError, type Chain } from '../chain/chain.js';
import { checkHeightWithSecond, type HeightCheck } from '../chain/second-provider.js';
import { AppError } from '../errors.js';
import type { Dependencies } from '../dependencies.js';
import type { Logger } from '../logger.js';
import { AUDIT_FINDING_OF_W } from '../books-audit/index.js';
import {
  EXPIRED_PAYOUT_OF_W,
  latestExpiredPayoutOf,
  OPEN_PAYOUT_OF_W,
  paidAutomaticallySince,
  postSignedPayout,
  preparePayout,
} from '../payouts/index.js';
import { findSettingsRow, type Settings, SETTINGS_ROW_SQL } from '../settings/index.js';
import { noteAutoPayoutHold, PENDING_WITHDRAWALS_OF_MINT_SQL, WALLET_PAID_BEFORE_OF_W } from '../withdrawals/index.js';
import type { PayoutSigner } from '../signer/payout-signer.js';
import { announceAutoPayoutsChanged, readAutoPayoutState, saveAutoPayoutState, type AutoPayoutState } from './auto-payout-state.js';
import { signedTransaction } from '../signer/sign-message.js';
import { stopReasons } from './stop-reasons.js';

/** Refusals that mean someone else got there first (another instance, an operator): nothing to note on the withdrawal. */
const TAKEN_ELSEWHERE = new Set(['payoutInFlight', 'withdrawalAlreadyProcessed', 'withdrawalNeedsReview']);

/** Withdrawals one round looks at, oldest first: a backlog is paid over several rounds. */
const ROUND_BATCH = 20;

export type AutoPayoutDeps = Pick<Dependencies, 'database' | 'chain' | 'clock' | 'secondProvider'> & {
  logger: Logger;
  signer: PayoutSigner | null;
  /** The treasury as the panel sees it, the hot wallet's balance counted. */
  coverage: () => Promise<TreasuryCoverage>;
};

export type RoundResult = { stoppedBy: CodedMessage[]; paid: number[]; held: number[] };

type Candidate = AutoPayoutCandidate & { id: number; walletAddress: string };

const HELD_AFTER_EXPIRY: MessageCode = 'autoPayoutAfterExpiry';
const AWAITING_APPROVAL: MessageCode = 'autoPayoutAwaitingApproval';
const PAID_ON_CHAIN: MessageCode = 'withdrawalPaidOnChain';

/**
 * Pending withdrawals of the current mint that no payout holds, oldest first, with whether their
 * wallet was paid before and whether it waits for an admin's approval. One already left to an
 * operator after an expiry stays so (an expired payout never comes back), and one noted as waiting
 * for approval waits until it is approved or the threshold moves: neither is looked at again, so a
 * pile of them cannot fill every batch.
 */
async function candidates(db: Sequelize, mint: string): Promise<Candidate[]> {
  return db.query<Candidate>(
    `SELECT w.id, w.wallet_address AS "walletAddress", w.final_amount::text AS "finalAmount", w.created_at AS "requestedAt",
       ${WALLET_PAID_BEFORE_OF_W} AS "walletPaidBefore",
       ${EXPIRED_PAYOUT_OF_W} AS "expiredPayoutId",
       CASE WHEN w.approved_at IS NULL AND w.final_amount >= s.approval_threshold THEN trim_scale(s.approval_threshold)::text END
         AS "awaitingApprovalAt"
     FROM ${PENDING_WITHDRAWALS_OF_MINT_SQL} w CROSS JOIN (${SETTINGS_ROW_SQL}) s
     WHERE NOT ${OPEN_PAYOUT_OF_W}
       -- Paid on chain after a restored moment (DESIGN 19): held, with the reason, by the audit that found it.
       AND NOT ${AUDIT_FINDING_OF_W}
       -- Held for a wallet the audit found paid (DESIGN 19): once a round noted why, never automatic again, even
       -- after an owner dismissed the hold (a request the lost withdrawal already paid is then an operator's to reject).
       AND (w.auto_payout_hold->>'code') IS DISTINCT FROM :paidOnChain
       AND (w.auto_payout_hold->>'code') IS DISTINCT FROM :heldAfterExpiry
       AND NOT ((w.auto_payout_hold->>'code') IS NOT DISTINCT FROM :awaitingApproval AND w.approved_at IS NULL
         AND coalesce(w.final_amount >= s.approval_threshold, false))
     ORDER BY w.created_at, w.id LIMIT :limit`,
    {
      replacements: {
        mint,
        limit: ROUND_BATCH,
        heldAfterExpiry: HELD_AFTER_EXPIRY,
        awaitingApproval: AWAITING_APPROVAL,
        paidOnChain: PAID_ON_CHAIN,
      },
      type: QueryTypes.SELECT,
    },
  );
}

/** Thrown inside a claim or send when the owner switched automatic payouts off. */
class PolicyChanged extends Error {}

/** Thrown inside a claim when the policy leaves this withdrawal to an operator after all (the day's limit spent on another instance, a payout of it expired). */
class HeldAtClaim extends Error {
  constructor(readonly hold: CodedMessage) {
    super(hold.code);
  }
}

/**
 * The owner's switch, the 24-hour limit and the withdrawal's earlier payouts, checked again with
 * the settings row shared-locked, the automation's row and the withdrawal locked: a switch turned
 * off before this commits stops the payout, two instances cannot both spend the last of the day's
 * limit, and a payout of it that expired meanwhile leaves it to an operator.
 */
function stillAllowed(db: Sequelize, candidate: Candidate, now: Date) {
  return async (transaction: Transaction) => {
    const settings = await findSettingsRow(db, transaction, 'share');
    await readAutoPayoutState(db, transaction, true);
    if (!settings?.autoPayout.enabled) throw new PolicyChanged();
    const paid = await paidAutomaticallySince(db, 24, transaction);
    // The candidate's latest expired payout, read again: one may have ended since the round listed it.
    const expiredPayoutId = await latestExpiredPayoutOf(db, candidate.id, transaction);
    const hold = autoPayoutHold(settings.autoPayout, { ...candidate, expiredPayoutId }, paid, now, settings.tokenSymbol);
    if (hold) throw new HeldAtClaim(hold);
  };
}

/** Only the switch: by the time a prepared payout is signed its own amount already counts in the day's total. */
function switchStillOn(db: Sequelize) {
  return async (transaction: Transaction): Promise<void> => {
    const settings = await findSettingsRow(db, transaction, 'share');
    if (!settings?.autoPayout.enabled) throw new PolicyChanged();
  };
}

/**
 * Pays one withdrawal through section 11's path with the hot wallet as payer: prepared (claimed)
 * by the server, signed by the signer, held to the prepared message and sent. A crash anywhere
 * leaves what section 11 already survives: a prepared payout nobody sent expires (and its
 * withdrawal waits for an operator, DESIGN 15); one recorded as sent is followed to its end.
 * Returns the refusal to show when the chain or the books say no.
 */
async function payOne(
  deps: AutoPayoutDeps & { signer: PayoutSigner },
  candidate: Candidate,
  now: Date,
): Promise<CodedMessage | 'paid' | 'taken'> {
  const { database: db, chain, logger, signer } = deps;
  try {
    const prepared = await preparePayout(db, chain, { withdrawalIds: [candidate.id] }, POLICY_ACTOR, {
      payer: signer.publicKey,
      automatic: true,
      beforeClaim: stillAllowed(db, candidate, now),
    });
    const message = Buffer.from(prepared.transaction, 'base64').subarray(1 + 64);
    const signed = await signedTransaction(signer, message);
    await postSignedPayout(db, chain, logger, prepared.id, { transaction: signed }, POLICY_ACTOR, switchStillOn(db));
    logger.info({ withdrawalId: candidate.id, payoutId: prepared.id }, 'automatic payout sent');
    return 'paid';
  } catch (error) {
    if (error instanceof PolicyChanged) return msg('autoPayoutStopped');
    if (error instanceof HeldAtClaim) return error.hold;
    if (error instanceof AppError && TAKEN_ELSEWHERE.has(error.coded.code)) return 'taken';
    if (error instanceof AppError && error.status !== 503) return error.coded;
    throw error;
  }
}

async function readHotBalance(chain: Chain, mint: string, signer: PayoutSigner): Promise<string | null> {
  try {
    return await chain.tokenBalance(mint, signer.publicKey.toBase58());
  } catch (error) {
    if (error instanceof ChainUnavailableError) return null;
    throw error;
  }
}

/** Saves the round's readings for the panel; the moment automatic payouts stop by themselves is one warning line in the log. */
async function saveReadings(deps: AutoPayoutDeps, stoppedBefore: CodedMessage[], readings: Omit<AutoPayoutState, 'checkedAt'>) {
  await saveAutoPayoutState(deps.database, readings);
  if (stoppedBefore.length === 0 && readings.stoppedBy.length > 0) {
    deps.logger.warn(
      { stoppedBy: readings.stoppedBy.map((reason) => reason.code) },
      `Automatic payouts stopped. ${readings.stoppedBy.map(english).join('. ')}`,
    );
  }
}

/** Why nothing is paid this round before looking at any withdrawal, with the readings saved for the panel. */
async function checkWorld(deps: AutoPayoutDeps & { signer: PayoutSigner }, settings: Settings): Promise<CodedMessage[]> {
  const { database: db, chain, signer, secondProvider } = deps;
  const state = await readAutoPayoutState(db);
  let finalizedHeight: number;
  let hotBalance: string | null;
  let secondHeight: HeightCheck | null;
  try {
    finalizedHeight = await chain.blockHeight('finalized');
    secondHeight = secondProvider ? await checkHeightWithSecond(secondProvider, finalizedHeight) : null;
    hotBalance = await readHotBalance(chain, settings.tokenContract, signer);
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    const stoppedBy = [msg('autoPayoutTreasuryUnknown', { reason: error.reason })];
    await saveReadings(deps, state.stoppedBy, { stoppedBy, hotBalance: null, highestFinalizedHeight: 0 });
    return stoppedBy;
  }
  const coverage = await deps.coverage();
  const stoppedBy =
    hotBalance === null
      ? [msg('autoPayoutTreasuryUnknown', { reason: msg('chainUnavailable') })]
      : await stopReasons({
          db,
          policy: settings.autoPayout,
          symbol: settings.tokenSymbol,
          coverage,
          hotBalance,
          highestFinalizedHeight: state.highestFinalizedHeight,
          finalizedHeight,
          secondHeight,
        });
  await saveReadings(deps, state.stoppedBy, { stoppedBy, hotBalance, highestFinalizedHeight: finalizedHeight });
  return stoppedBy;
}

/**
 * One round of automatic payouts (DESIGN 13), run by the job queue on one instance at a time:
 * when the owner's policy is on and nothing is wrong (treasury covered, no payout in review, the
 * hot wallet above its minimum, the RPC consistent, and the second provider, when there is one,
 * agreeing with it), each pending withdrawal within the policy is paid by the server; each one
 * beyond it is left to an operator with the reason noted on it.
 */
export async function autoPayoutRound(deps: AutoPayoutDeps): Promise<RoundResult> {
  const { database: db, signer } = deps;
  const settings = await findSettingsRow(db);
  const policy: AutoPayoutPolicy | undefined = settings?.autoPayout;
  if (!settings || !policy?.enabled || !settings.tokenContract) {
    await saveAutoPayoutState(db, { stoppedBy: [], hotBalance: null, highestFinalizedHeight: 0 });
    return { stoppedBy: [], paid: [], held: [] };
  }
  if (!signer) {
    const stoppedBy = [msg('autoPayoutNoSigner')];
    await saveAutoPayoutState(db, { stoppedBy, hotBalance: null, highestFinalizedHeight: 0 });
    return { stoppedBy, paid: [], held: [] };
  }
  const withSigner = { ...deps, signer };
  const stoppedBy = await checkWorld(withSigner, settings);
  if (stoppedBy.length > 0) return { stoppedBy, paid: [], held: [] };

  const now = deps.clock();
  let paidToday = await paidAutomaticallySince(db, 24);
  const result: RoundResult = { stoppedBy, paid: [], held: [] };
  let holdsChanged = false;
  for (const candidate of await candidates(db, settings.tokenContract)) {
    const outcome = autoPayoutHold(policy, candidate, paidToday, now, settings.tokenSymbol) ?? (await payOne(withSigner, candidate, now));
    if (outcome === 'taken') continue;
    if (await noteAutoPayoutHold(db, candidate.id, outcome === 'paid' ? null : outcome)) holdsChanged = true;
    if (outcome === 'paid') {
      result.paid.push(candidate.id);
      paidToday = sumDecimals([paidToday, candidate.finalAmount]);
    } else {
      result.held.push(candidate.id);
      if (outcome.code === 'autoPayoutStopped') break;
    }
  }
  if (holdsChanged) await db.transaction((transaction) => announceAutoPayoutsChanged(db, transaction));
  return result;
}
