import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { CreatedDepositIntent, DepositIntent } from '@stakedesk/shared/api-types';
import { DEPOSIT_INTENT_TTL_MS } from '@stakedesk/shared/constants';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { DepositIntentInput } from '@stakedesk/shared/schemas';
import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { fromRawAmount } from '@stakedesk/shared/money';
import type { DepositClaim, PayoutChain } from '../chain/chain.js';
import { isUniqueViolation } from '../db/errors.js';
import { forbidden, notFound } from '../errors.js';
import { type StakingPlan } from '../plans/index.js';
import { requireCapacity } from './capacity.js';
import { lockOpenPlan, requireMinimum, requireStakingConfigured, termsOf, type PlanTerms } from './deposit-rules.js';
import { depositMemo, depositTransaction, readDepositPlan, unsignedBase64 } from './deposit-transaction.js';
import { requireRoomForIntent } from './open-intents.js';
import { recordProvenDeposit } from './record-deposit.js';
import { stakesTable, type Stake } from './stake.model.js';
import { keepMintProfileCurrent, loadSettings } from '../settings/index.js';

/** A deposit_intents row: the terms a holder was shown, kept until their transfer is recorded. */
export type IntentRow = {
  id: number;
  reference: string;
  /** Null for a scan-to-stake intent: the stake is the sender's. */
  wallet_address: string | null;
  amount: string;
  plan_id: number;
  plan_name: string;
  plan_description: string | null;
  yield_rate: string;
  duration_days: number;
  duration_minutes: number | null;
  min_stake_amount: string;
  early_penalty_rate: string;
  token_contract: string;
  staking_wallet: string;
  stake_id: number | null;
  expires_at: Date;
  cancelled_at: Date | null;
  created_at: Date;
};

function toIntentJson(row: IntentRow): DepositIntent {
  return {
    id: row.id,
    reference: row.reference,
    expiresAt: row.expires_at.toISOString(),
    tokenContract: row.token_contract,
    stakingWallet: row.staking_wallet,
    stakeId: row.stake_id,
  };
}

const termsOfIntent = (row: IntentRow): PlanTerms => ({
  planId: row.plan_id,
  planName: row.plan_name,
  planDescription: row.plan_description,
  yieldRate: row.yield_rate,
  durationDays: row.duration_days,
  durationMinutes: row.duration_minutes,
  minStakeAmount: row.min_stake_amount,
  earlyPenaltyRate: row.early_penalty_rate,
});

/**
 * Keeps the terms a holder is shown (however the plan changes later), the mint and staking wallet,
 * and a fresh reference for the transfer to carry. `walletAddress` null: scan to stake, whoever pays.
 */
export async function insertIntent(
  db: Sequelize,
  transaction: Transaction,
  intent: { walletAddress: string | null; amount: string; plan: StakingPlan; mint: string; stakingWallet: string },
): Promise<IntentRow> {
  const [row] = await db.query<IntentRow>(
    `INSERT INTO deposit_intents (reference, wallet_address, amount, plan_id, plan_name, plan_description, yield_rate, duration_days,
       duration_minutes, min_stake_amount, early_penalty_rate, token_contract, staking_wallet, expires_at)
     VALUES (:reference, :walletAddress, :amount, :planId, :planName, :planDescription, :yieldRate, :durationDays,
       :durationMinutes, :minStakeAmount, :earlyPenaltyRate, :mint, :stakingWallet, :expiresAt)
     RETURNING *`,
    {
      // Any 32 bytes name an account; a fresh random one is never a real account's address.
      replacements: {
        reference: bs58.encode(randomBytes(32)),
        walletAddress: intent.walletAddress,
        amount: intent.amount,
        ...termsOf(intent.plan),
        mint: intent.mint,
        stakingWallet: intent.stakingWallet,
        expiresAt: new Date(Date.now() + DEPOSIT_INTENT_TTL_MS),
      },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row!;
}

/** What `txId` must show to be this intent's deposit. */
export function intentClaim(row: IntentRow, txId: string): DepositClaim {
  return {
    txId,
    walletAddress: row.wallet_address,
    amount: row.amount,
    mint: row.token_contract,
    stakingWallet: row.staking_wallet,
    reference: row.reference,
  };
}

/**
 * POST /api/stakes/intents: refuses what a deposit would be refused for (closed or full plan,
 * below the minimum, too many open intents) and what its transfer could not do (no tokens, not
 * enough for the stake and the token's fee), then keeps the plan's terms as they are now, the
 * mint and staking wallet, and a fresh reference key, and answers the deposit transaction built
 * for the wallet to sign. The chain is read before anything is locked.
 */
export async function createDepositIntent(db: Sequelize, chain: PayoutChain, input: DepositIntentInput): Promise<CreatedDepositIntent> {
  const settings = await loadSettings(db);
  const { mint, stakingWallet } = requireStakingConfigured(settings);
  requireMinimum(input.amount, await lockOpenPlan(db, input.planId), settings.tokenSymbol);
  const request = { mint, stakingWallet, walletAddress: input.walletAddress, amount: input.amount, symbol: settings.tokenSymbol };
  const plan = await readDepositPlan(chain, request);
  await keepMintProfileCurrent(db, mint, plan.mintState);
  const intent = await db.transaction(async (transaction) => {
    await requireRoomForIntent(db, transaction, input.walletAddress);
    const lockedPlan = await lockOpenPlan(db, input.planId, transaction);
    requireMinimum(input.amount, lockedPlan, settings.tokenSymbol);
    await requireCapacity(db, lockedPlan, input.walletAddress, input.amount, settings.tokenSymbol, transaction);
    return insertIntent(db, transaction, {
      walletAddress: input.walletAddress,
      amount: input.amount,
      plan: lockedPlan,
      mint,
      stakingWallet,
    });
  });
  const tokens = (raw: bigint) => fromRawAmount(raw, plan.decimals);
  return {
    ...toIntentJson(intent),
    transaction: unsignedBase64(depositTransaction(plan, intent.reference, depositMemo(intent.id))),
    lastValidBlockHeight: plan.lastValidBlockHeight,
    sendAmount: tokens(plan.gross),
    feeAmount: tokens(plan.gross - plan.raw),
  };
}

/** GET /api/stakes/intents/{id}: the holder's own intent, to learn whether its deposit is recorded. */
export async function ownIntent(db: Sequelize, id: number, walletAddress: string): Promise<DepositIntent> {
  const [row] = await db.query<IntentRow>('SELECT * FROM deposit_intents WHERE id = :id', {
    replacements: { id },
    type: QueryTypes.SELECT,
  });
  if (!row) throw notFound(msg('depositIntentNotFound'));
  if (row.wallet_address !== walletAddress) throw forbidden(msg('walletNotYours'));
  return toIntentJson(row);
}

/** What an intent was made for: its wallet (null for scan to stake), amount and plan; null for an unknown id. */
export async function intentTerms(
  db: Sequelize,
  id: number,
): Promise<{ walletAddress: string | null; amount: string; planName: string } | null> {
  const [row] = await db.query<Pick<IntentRow, 'wallet_address' | 'amount' | 'plan_name'>>(
    'SELECT wallet_address, amount, plan_name FROM deposit_intents WHERE id = :id',
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  return row ? { walletAddress: row.wallet_address, amount: normalizeDecimal(row.amount), planName: row.plan_name } : null;
}

/** The intent of `walletAddress` whose reference a transaction lists among `accountKeys`, if any. */
export async function intentReferencedBy(db: Sequelize, walletAddress: string, accountKeys: string[]): Promise<IntentRow | undefined> {
  if (accountKeys.length === 0) return undefined;
  const [row] = await db.query<IntentRow>(
    'SELECT * FROM deposit_intents WHERE wallet_address = :walletAddress AND reference IN (:accountKeys) ORDER BY id LIMIT 1',
    { replacements: { walletAddress, accountKeys }, type: QueryTypes.SELECT },
  );
  return row;
}

/**
 * Records the proven deposit `txId` on the intent's terms (however the plan changed since), once:
 * the intent's row lock orders the holder's post and the server's own finding. The same deposit
 * again answers its stake; null when the intent was already recorded with another transfer.
 */
export async function recordIntentDeposit(
  db: Sequelize,
  intentId: number,
  txId: string,
  /** The wallet the chain proved the tokens left: whose stake a scan-to-stake intent records. */
  sender?: string,
): Promise<{ stake: Stake; created: boolean } | null> {
  const { tokenSymbol } = await loadSettings(db);
  try {
    return await db.transaction(async (transaction) => {
      const [intent] = await db.query<IntentRow>('SELECT * FROM deposit_intents WHERE id = :intentId FOR UPDATE', {
        replacements: { intentId },
        type: QueryTypes.SELECT,
        transaction,
      });
      if (intent!.stake_id !== null) {
        const recorded = await stakesTable(db).findByPk(intent!.stake_id, { transaction });
        return recorded!.txId === txId ? { stake: recorded!, created: false } : null;
      }
      const walletAddress = intent!.wallet_address ?? sender;
      if (!walletAddress) return null;
      const deposit = {
        txId,
        walletAddress,
        amount: intent!.amount,
        terms: termsOfIntent(intent!),
        tokenContract: intent!.token_contract,
        stakingWallet: intent!.staking_wallet,
      };
      const stake = await recordProvenDeposit(db, transaction, deposit, tokenSymbol);
      await db.query('UPDATE deposit_intents SET stake_id = :stakeId WHERE id = :intentId', {
        replacements: { stakeId: stake.id, intentId },
        transaction,
      });
      return { stake, created: true };
    });
  } catch (error) {
    // The transfer was recorded another way meanwhile (its txId is taken): not this intent's to record.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
