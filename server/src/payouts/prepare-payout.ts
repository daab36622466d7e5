import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { PreparedPayout } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { PayoutPrepareInput } from '@stakedesk/shared/schemas';
import type { PublicKey } from '@solana/web3.js';
import { recordAudit, type AnyActor } from '../audit/index.js';
import { ChainUnavailableError, type Chain } from '../chain/chain.js';
import { isUniqueViolation } from '../db/errors.js';
import { badRequest, conflict, unavailable } from '../errors.js';
import { payableWithdrawals } from './payable-withdrawals.js';
import { readPayoutPlan, type ChainReadPlan } from './payout-plan.js';
import { readPayout, toPayoutJson } from './payout-records.js';
import { requireApprovals } from './withdrawal-approval.js';
import { messageOf, payoutMemo, payoutTransaction, recipientsThatFit } from './payout-transaction.js';

/**
 * Raw units the open payouts from `source` will still take (what they send, transfer fees
 * included): the balance a new payout may count on is what is left.
 */
async function committedFrom(sequelize: Sequelize, source: string): Promise<bigint> {
  const [row] = await sequelize.query<{ raw: string }>(
    `SELECT coalesce(sum(coalesce(pw.sent_raw, pw.amount * power(10::numeric, p.decimals))), 0)::numeric(60, 0)::text AS raw
     FROM payouts p JOIN payout_withdrawals pw ON pw.payout_id = p.id
     WHERE p.status IN ('prepared', 'sent') AND p.source_account = :source`,
    { replacements: { source }, type: QueryTypes.SELECT },
  );
  return BigInt(row!.raw);
}

/** How the server itself prepares a payout (automatic payouts, DESIGN 13); an operator's prepare uses none. */
export type PrepareOptions = {
  /** Pays from this wallet (the hot wallet) instead of the staking wallet the stakes record. */
  payer?: PublicKey;
  /** Marks the payout as the server's own: the automatic payouts' 24-hour limit counts it. */
  automatic?: boolean;
  /** Runs with the withdrawals locked, before the claim; throwing leaves them unclaimed. */
  beforeClaim?: (transaction: Transaction) => Promise<void>;
};

async function readPlan(sequelize: Sequelize, chain: Chain, ids: number[], actor: AnyActor, payer?: PublicKey): Promise<ChainReadPlan> {
  const withdrawals = await payableWithdrawals(sequelize, ids);
  // Refused before the chain is asked anything; asked again under the claim's locks.
  await requireApprovals(withdrawals, actor);
  try {
    return await readPayoutPlan(chain, withdrawals, (source) => committedFrom(sequelize, source), payer);
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw unavailable(msg('notPreparedRetry', { reason: error.reason }), { retryable: true });
    throw error;
  }
}

/** Claims the withdrawals for payout `plan` and keeps the exact message the payer must sign. */
async function claim(
  sequelize: Sequelize,
  transaction: Transaction,
  plan: ChainReadPlan,
  actor: AnyActor,
  options: PrepareOptions,
): Promise<number> {
  // Still payable now that they are locked (another payout, a pasted TXID or a rejection may have come first).
  await requireApprovals(await payableWithdrawals(sequelize, plan.withdrawalIds, transaction), actor, transaction);
  await options.beforeClaim?.(transaction);
  const [next] = await sequelize.query<{ id: number }>(`SELECT nextval('payouts_id_seq')::int AS id`, {
    type: QueryTypes.SELECT,
    transaction,
  });
  const id = next!.id;
  const built = { ...plan, memo: payoutMemo(id) };
  const fit = recipientsThatFit(built);
  if (fit < plan.recipients.length)
    throw badRequest(msg('payoutTooLarge', { count: fit }), { withdrawalIds: msg('payoutTooLarge', { count: fit }) });
  const message = messageOf(payoutTransaction(built));
  await sequelize.query(
    `INSERT INTO payouts (id, status, last_valid_block_height, blockhash, payer, mint, token_program, decimals, source_account,
       history_tip, message, created_by, created_by_username, automatic)
     VALUES (:id, 'prepared', :lastValidBlockHeight, :blockhash, :payer, :mint, :programId, :decimals, :source, :historyTip, :message,
       :adminId, :username, :automatic)`,
    {
      replacements: {
        id,
        lastValidBlockHeight: plan.lastValidBlockHeight,
        blockhash: plan.blockhash,
        payer: plan.payer.toBase58(),
        mint: plan.mint.toBase58(),
        programId: plan.programId.toBase58(),
        decimals: plan.decimals,
        source: plan.source.toBase58(),
        historyTip: plan.historyTip,
        message: Buffer.from(message),
        adminId: actor.id,
        username: actor.username,
        automatic: options.automatic ?? false,
      },
      transaction,
    },
  );
  await sequelize.query(
    `INSERT INTO payout_withdrawals (payout_id, withdrawal_id, wallet, token_account, amount, sent_raw, creates_account)
     SELECT :id, r.withdrawal_id, r.wallet, r.token_account, w.final_amount, r.sent_raw::numeric, r.creates_account
     FROM jsonb_to_recordset(:recipients::jsonb) AS r(withdrawal_id integer, wallet text, token_account text, sent_raw text,
       creates_account boolean)
     JOIN withdrawals w ON w.id = r.withdrawal_id`,
    {
      replacements: {
        id,
        recipients: JSON.stringify(
          plan.recipients.map((recipient, index) => ({
            withdrawal_id: plan.withdrawalIds[index],
            wallet: recipient.wallet.toBase58(),
            token_account: recipient.tokenAccount.toBase58(),
            sent_raw: recipient.sent.toString(),
            creates_account: recipient.createsAccount,
          })),
        ),
      },
      transaction,
    },
  );
  return id;
}

/**
 * POST /api/admin/payouts: the server builds the payout transaction for these withdrawals from
 * what it reads on chain itself, and claims them: until this payout ends no other payout, pasted
 * TXID or rejection of any of them is accepted (409), on any instance. The answer carries the
 * unsigned transaction for the staking wallet to sign, unchanged.
 */
export async function preparePayout(
  sequelize: Sequelize,
  chain: Chain,
  input: PayoutPrepareInput,
  actor: AnyActor,
  options: PrepareOptions = {},
): Promise<PreparedPayout> {
  const ids = [...input.withdrawalIds].sort((a, b) => a - b);
  const plan = await readPlan(sequelize, chain, ids, actor, options.payer);
  try {
    return await sequelize.transaction(async (transaction) => {
      const id = await claim(sequelize, transaction, plan, actor, options);
      const prepared = toPayoutJson((await readPayout(sequelize, id, transaction))!) as PreparedPayout;
      const { transaction: _unsigned, ...logged } = prepared;
      await recordAudit(sequelize, transaction, actor, { action: 'payout.prepare', entityType: 'payout', entityId: id, after: logged });
      return prepared;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(msg('payoutInFlight'));
    throw error;
  }
}
