import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Payout } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { PayoutRegisterInput } from '@stakedesk/shared/schemas';
import type { PayoutStatus } from '@stakedesk/shared/stake-status';
import { recordAudit, type Actor } from '../audit/audit.js';
import { ChainUnavailableError, type ChainFollower } from '../chain/chain-verifier.js';
import { isUniqueViolation } from '../db/errors.js';
import { badRequest, conflict, notFound, unavailable } from '../http/errors.js';
import type { Keyset } from '../http/cursor.js';
import { trimToPage, type Page } from '../http/pagination.js';
import { countOrEstimate, type ListTotal } from '../http/estimated-count.js';
import { Withdrawal } from '../withdrawals/withdrawal.model.js';
import { PAYOUT_COLUMNS, toPayoutJson, type PayoutRow } from './payout-records.js';
import { CHAIN_COMMITMENT } from '@stakedesk/shared/constants';

/**
 * A blockhash lives 150 blocks; twice that leaves room for the panel's RPC reading ahead of ours.
 * A later last valid block height would keep its withdrawals locked long after the transaction
 * could have landed.
 */
const MAX_BLOCKS_AHEAD = 300;

async function payoutWithSignature(sequelize: Sequelize, signature: string, transaction?: Transaction): Promise<PayoutRow | undefined> {
  const [row] = await sequelize.query<PayoutRow>(`SELECT ${PAYOUT_COLUMNS} FROM payouts p WHERE p.signature = :signature`, {
    replacements: { signature },
    type: QueryTypes.SELECT,
    ...(transaction ? { transaction } : {}),
  });
  return row;
}

/** The same registration again (the panel retrying after a lost answer) answers the payout it made. */
function replayOf(row: PayoutRow | undefined, input: PayoutRegisterInput): Payout | undefined {
  if (!row) return undefined;
  const same = [...input.withdrawalIds].sort((a, b) => a - b).join() === row.withdrawal_ids.join();
  if (!same) throw conflict(msg('payoutSignatureTaken'));
  return toPayoutJson(row);
}

async function requireRecentBlockhash(chain: ChainFollower, lastValidBlockHeight: number): Promise<void> {
  let height: number;
  try {
    height = await chain.blockHeight(CHAIN_COMMITMENT);
  } catch (error) {
    if (error instanceof ChainUnavailableError) throw unavailable(msg('notRegisteredRetry', { reason: error.reason }), { retryable: true });
    throw error;
  }
  if (lastValidBlockHeight > height + MAX_BLOCKS_AHEAD) {
    throw badRequest(msg('payoutBlockHeightTooFar'), { lastValidBlockHeight: msg('payoutBlockHeightTooFar') });
  }
}

/** The withdrawals, locked in id order (two registrations never wait on each other in a cycle), each payable now. */
async function lockPayable(ids: number[], transaction: Transaction): Promise<Withdrawal[]> {
  const withdrawals = await Withdrawal.findAll({
    where: { id: { [Op.in]: ids } },
    order: [['id', 'ASC']],
    lock: transaction.LOCK.UPDATE,
    transaction,
  });
  if (withdrawals.length !== ids.length) throw notFound(msg('withdrawalNotFound'));
  if (withdrawals.some((w) => w.status !== 'pending')) throw conflict(msg('withdrawalAlreadyProcessed'));
  // The chain proves a payout by what each wallet received: one transfer per wallet per transaction.
  if (new Set(withdrawals.map((w) => w.walletAddress)).size !== withdrawals.length) {
    throw badRequest(msg('payoutPaysWalletTwice'), { withdrawalIds: msg('payoutPaysWalletTwice') });
  }
  const open = await Withdrawal.sequelize!.query('SELECT 1 FROM payout_withdrawals WHERE open AND withdrawal_id IN (:ids)', {
    replacements: { ids },
    type: QueryTypes.SELECT,
    transaction,
  });
  if (open.length > 0) throw conflict(msg('payoutInFlight'));
  return withdrawals;
}

/**
 * POST /api/admin/payouts: the panel signed a payout transaction and registers it before sending
 * it. From here on no other payout of these withdrawals can start (a second registration, a
 * pasted TXID, a rejection: 409) until the server has followed this one to its end on chain.
 */
export async function registerPayout(
  sequelize: Sequelize,
  chain: ChainFollower,
  input: PayoutRegisterInput,
  actor: Actor,
): Promise<{ payout: Payout; created: boolean }> {
  const replay = replayOf(await payoutWithSignature(sequelize, input.signature), input);
  if (replay) return { payout: replay, created: false };
  const [used] = await sequelize.query('SELECT 1 FROM used_transactions WHERE tx_id = :signature', {
    replacements: { signature: input.signature },
    type: QueryTypes.SELECT,
  });
  if (used) throw conflict(msg('txIdAlreadyUsed'));
  await requireRecentBlockhash(chain, input.lastValidBlockHeight);
  try {
    const payout = await sequelize.transaction(async (transaction) => {
      await lockPayable(input.withdrawalIds, transaction);
      const [inserted] = await sequelize.query<{ id: number }>(
        `INSERT INTO payouts (signature, last_valid_block_height, created_by, created_by_username)
         VALUES (:signature, :lastValidBlockHeight, :adminId, :username) RETURNING id`,
        {
          replacements: {
            signature: input.signature,
            lastValidBlockHeight: input.lastValidBlockHeight,
            adminId: actor.id,
            username: actor.username,
          },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      const id = inserted!.id;
      await sequelize.query('INSERT INTO payout_withdrawals (payout_id, withdrawal_id) SELECT :id, unnest(ARRAY[:ids]::integer[])', {
        replacements: { id, ids: input.withdrawalIds },
        transaction,
      });
      const registered = toPayoutJson((await payoutWithSignature(sequelize, input.signature, transaction))!);
      await recordAudit(transaction, actor, { action: 'payout.register', entityType: 'payout', entityId: id, after: registered });
      return registered;
    });
    return { payout, created: true };
  } catch (error) {
    if (isUniqueViolation(error, 'payouts_signature_key')) {
      const again = replayOf(await payoutWithSignature(sequelize, input.signature), input);
      if (again) return { payout: again, created: false };
    }
    if (isUniqueViolation(error)) throw conflict(msg('payoutInFlight'));
    throw error;
  }
}

/** GET /api/admin/payouts: newest first, optionally of some statuses. */
export async function listPayouts(
  sequelize: Sequelize,
  statuses: PayoutStatus[] | undefined,
  page: Page,
  after?: Keyset,
): Promise<ListTotal & { rows: Payout[]; next?: Keyset }> {
  const where = statuses ? 'WHERE p.status IN (:statuses)' : 'WHERE true';
  const replacements = { statuses: statuses ?? [], limit: page.limit + 1, offset: after ? 0 : page.offset, afterId: after?.id ?? null };
  const [fetched, total] = await Promise.all([
    sequelize.query<PayoutRow>(
      `SELECT ${PAYOUT_COLUMNS} FROM payouts p ${where} AND (:afterId::bigint IS NULL OR p.id < :afterId) ORDER BY p.id DESC LIMIT :limit OFFSET :offset`,
      { replacements, type: QueryTypes.SELECT },
    ),
    countOrEstimate(sequelize, `FROM payouts p ${where}`, replacements),
  ]);
  const { rows, next } = trimToPage(fetched.map(toPayoutJson), page.limit, (payout) => ({ value: null, id: payout.id }));
  return { rows, ...total, next };
}
