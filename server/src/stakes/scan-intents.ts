import { QueryTypes, type Sequelize } from 'sequelize';
import type { ScanIntent, ScanIntentStatus } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { fromRawAmount, toRawAmount } from '@stakedesk/shared/money';
import type { ScanIntentInput } from '@stakedesk/shared/schemas';
import { grossUp } from '@stakedesk/shared/transfer-fee';
import { ChainUnavailableError, type MintState, type PayoutChain } from '../chain/chain.js';
import { notFound, unavailable } from '../errors.js';
import { requireCapacity } from './capacity.js';
import { insertIntent } from './deposit-intents.service.js';
import { lockOpenPlan, requireMinimum, requireStakingConfigured } from './deposit-rules.js';
import { keepMintProfileCurrent, loadSettings } from '../settings/index.js';

/** A Solana Pay transfer request URL (its spec: https://docs.solanapay.com/spec): what a wallet's scanner reads. */
export function transferRequestUrl(fields: {
  recipient: string;
  amount: string;
  splToken: string;
  reference: string;
  label: string;
  message: string;
}): string {
  const query = new URLSearchParams({
    amount: fields.amount,
    'spl-token': fields.splToken,
    reference: fields.reference,
    label: fields.label,
    message: fields.message,
  });
  return `solana:${fields.recipient}?${query.toString()}`;
}

async function readMint(chain: PayoutChain, address: string): Promise<MintState> {
  try {
    const mint = await chain.mint(address);
    if (!mint) throw unavailable(msg('tokenNotMint'));
    return mint;
  } catch (error) {
    if (error instanceof ChainUnavailableError)
      throw unavailable(msg('intentNotCreatedRetry', { reason: error.reason }), { retryable: true });
    throw error;
  }
}

/**
 * POST /api/stakes/intents without a wallet (no session): the plan's terms kept with a fresh
 * reference, and a transfer request for whichever wallet scans it, of the stake plus the token's
 * fee. The plan's caps are checked as for a wallet with no stake in it; the stake, once paid, is
 * recorded (and flagged if over a cap) for the wallet that paid.
 */
export async function createScanIntent(db: Sequelize, chain: PayoutChain, input: ScanIntentInput): Promise<ScanIntent> {
  const settings = await loadSettings(db);
  const { mint, stakingWallet } = requireStakingConfigured(settings);
  requireMinimum(input.amount, await lockOpenPlan(db, input.planId), settings.tokenSymbol);
  const mintState = await readMint(chain, mint);
  await keepMintProfileCurrent(db, mint, mintState);
  const raw = toRawAmount(input.amount, mintState.decimals);
  const gross = grossUp(raw, mintState.transferFee);
  const row = await db.transaction(async (transaction) => {
    const plan = await lockOpenPlan(db, input.planId, transaction);
    requireMinimum(input.amount, plan, settings.tokenSymbol);
    await requireCapacity(db, plan, '', input.amount, settings.tokenSymbol, transaction);
    return insertIntent(db, transaction, { walletAddress: null, amount: input.amount, plan, mint, stakingWallet });
  });
  const sendAmount = fromRawAmount(gross, mintState.decimals);
  return {
    id: row.id,
    reference: row.reference,
    expiresAt: row.expires_at.toISOString(),
    transferRequest: transferRequestUrl({
      recipient: stakingWallet,
      amount: sendAmount,
      splToken: mint,
      reference: row.reference,
      label: `${settings.tokenName} Staking`,
      message: row.plan_name,
    }),
    sendAmount,
    feeAmount: fromRawAmount(gross - raw, mintState.decimals),
  };
}

type IntentState = { id: number; wallet_address: string | null; stake_id: number | null; expired: boolean; staker: string | null };

/**
 * GET /api/stakes/intents/{id}: a scan-to-stake intent's state, for anyone holding its id; null
 * when the intent names a wallet (then only that wallet's session may read it).
 */
export async function scanIntentStatus(db: Sequelize, id: number): Promise<ScanIntentStatus | null> {
  const [row] = await db.query<IntentState>(
    `SELECT i.id, i.wallet_address, i.stake_id, i.expires_at <= now() AS expired, s.wallet_address AS staker
     FROM deposit_intents i LEFT JOIN stakes s ON s.id = i.stake_id WHERE i.id = :id`,
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  if (!row) throw notFound(msg('depositIntentNotFound'));
  if (row.wallet_address !== null) return null;
  const status = row.stake_id !== null ? 'recorded' : row.expired ? 'expired' : 'open';
  return { id: row.id, status, stakeId: row.stake_id, walletAddress: row.staker };
}
