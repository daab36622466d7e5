import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Payout, PayoutRecipient, WithdrawalPayout } from '@stakedesk/shared/api-types';
import { english, msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { fromRawAmount } from '@stakedesk/shared/money';
import type { PayoutOutcome, PayoutStatus, ReviewResolution } from '@stakedesk/shared/stake-status';
import { unsignedTransaction } from '../chain/signed-copy.js';
import { conflict, notFound } from '../errors.js';
import { countOrEstimate, type ListTotal } from '../sql/estimated-count.js';
import { type Keyset, type Page, trimToPage } from '../sql/page.js';
import { WITHDRAWAL_PAYEES_SQL } from '../withdrawals/index.js';

// The payouts and payout_withdrawals rows: read, listed, shown as the API's JSON.

/** One withdrawal of a payout, as payout_withdrawals keeps it (wallet and amount from the withdrawal on earlier rows). */
type RecipientRow = {
  withdrawalId: number;
  wallet: string;
  tokenAccount: string | null;
  /** Whole tokens. */
  amount: string;
  /** Raw units the payout sends for it, the transfer fee included (null on rows written before migration 017). */
  sentRaw: string | null;
  createsAccount: boolean;
  outcome: PayoutOutcome | null;
  reason: CodedMessage | null;
  evidence: string | null;
  open: boolean;
  resolution: ReviewResolution | null;
  note: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
};

/** A payouts row with its recipients. Built payouts carry their message; rows of earlier panels do not. */
export type PayoutRow = {
  id: number;
  status: PayoutStatus;
  signature: string | null;
  last_valid_block_height: string;
  blockhash: string | null;
  payer: string | null;
  mint: string | null;
  token_program: string | null;
  decimals: number | null;
  source_account: string | null;
  message: Buffer | null;
  history_tip: string | null;
  signed_transaction: Buffer | null;
  expiry_seen_height: string | null;
  reason: CodedMessage | null;
  failure_reason: string | null;
  created_by: number | null;
  created_by_username: string;
  created_at: Date;
  sent_at: Date | null;
  finished_at: Date | null;
  recipients: RecipientRow[];
};

/** A payout the server built (rows of earlier panels have no message): its parts are all there. */
export type BuiltPayoutRow = PayoutRow & {
  payer: string;
  mint: string;
  token_program: string;
  decimals: number;
  source_account: string;
  blockhash: string;
  message: Buffer;
};

export const isBuilt = (row: PayoutRow): row is BuiltPayoutRow => row.message !== null;

export const PAYOUT_COLUMNS = `p.id, p.status, p.signature, p.last_valid_block_height, p.blockhash, p.payer, p.mint, p.token_program,
  p.decimals, p.source_account, p.message, p.history_tip, p.signed_transaction, p.expiry_seen_height, p.reason, p.failure_reason,
  p.created_by, p.created_by_username, p.created_at, p.sent_at, p.finished_at,
  (SELECT coalesce(json_agg(json_build_object(
     'withdrawalId', pw.withdrawal_id, 'wallet', coalesce(pw.wallet, w.wallet_address), 'tokenAccount', pw.token_account,
     'amount', coalesce(pw.amount, w.final_amount)::text, 'sentRaw', pw.sent_raw::text, 'createsAccount', pw.creates_account, 'outcome', pw.outcome,
     'reason', pw.reason, 'evidence', pw.evidence_signature, 'open', pw.open, 'resolution', pw.resolution, 'note', pw.resolution_note,
     'resolvedBy', pw.resolved_by_username, 'resolvedAt', pw.resolved_at) ORDER BY pw.withdrawal_id), '[]'::json)
   FROM payout_withdrawals pw JOIN ${WITHDRAWAL_PAYEES_SQL} w ON w.id = pw.withdrawal_id WHERE pw.payout_id = p.id) AS recipients`;

export async function readPayout(db: Sequelize, id: number, transaction?: Transaction, lock = false): Promise<PayoutRow | undefined> {
  const [row] = await db.query<PayoutRow>(`SELECT ${PAYOUT_COLUMNS} FROM payouts p WHERE p.id = :id${lock ? ' FOR UPDATE OF p' : ''}`, {
    replacements: { id },
    type: QueryTypes.SELECT,
    ...(transaction ? { transaction } : {}),
  });
  return row;
}

const isoDate = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * What leaves the payer for one withdrawal, in tokens: the amount grossed up by the token's transfer
 * fee as the payout was built (DESIGN 12). A built payout's row before migration 017 sent exactly
 * what was owed; a payout registered by an earlier panel was not built here (null).
 */
function sentTokens(row: RecipientRow, decimals: number | null): string | null {
  if (decimals === null) return null;
  return row.sentRaw === null ? row.amount : fromRawAmount(BigInt(row.sentRaw), decimals);
}

function toRecipientJson(row: RecipientRow, decimals: number | null): PayoutRecipient {
  return {
    withdrawalId: row.withdrawalId,
    wallet: row.wallet,
    tokenAccount: row.tokenAccount,
    amount: row.amount,
    sent: sentTokens(row, decimals),
    createsAccount: row.createsAccount,
    outcome: row.outcome,
    reason: row.reason,
    evidenceSignature: row.evidence,
    resolution:
      row.resolution === null
        ? null
        : { action: row.resolution, note: row.note ?? '', by: row.resolvedBy ?? '', at: isoDate(row.resolvedAt)! },
  };
}

export function toPayoutJson(row: PayoutRow): Payout {
  return {
    id: row.id,
    status: row.status,
    withdrawalIds: row.recipients.map((recipient) => recipient.withdrawalId),
    payer: row.payer,
    signature: row.signature,
    blockhash: row.blockhash,
    lastValidBlockHeight: Number(row.last_valid_block_height),
    recipients: row.recipients.map((recipient) => toRecipientJson(recipient, row.decimals)),
    transaction: row.status === 'prepared' && row.message ? unsignedTransaction(row.message).toString('base64') : null,
    reason: row.reason,
    failureReason: row.failure_reason,
    createdBy: row.created_by_username,
    createdAt: row.created_at.toISOString(),
    sentAt: isoDate(row.sent_at),
    finishedAt: isoDate(row.finished_at),
  };
}

/**
 * Refuses to start anything on a withdrawal a payout holds: one open (prepared or sent: 409
 * payoutInFlight) or one that landed short and waits for an owner (409 withdrawalNeedsReview).
 * Run inside the transaction holding the withdrawals' row locks; the partial unique index on
 * payout_withdrawals (one open claim per withdrawal) has the final word.
 */
export async function refuseHeldWithdrawals(db: Sequelize, ids: number[], transaction?: Transaction): Promise<void> {
  if (ids.length === 0) return;
  const held = await db.query<{ outcome: PayoutOutcome | null }>(
    'SELECT outcome FROM payout_withdrawals WHERE open AND withdrawal_id IN (:ids)',
    { replacements: { ids }, type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
  );
  if (held.some((claim) => claim.outcome === 'review')) throw conflict(msg('withdrawalNeedsReview'));
  if (held.length > 0) throw conflict(msg('payoutInFlight'));
}

/** Each withdrawal's latest payout (open, or how the last one ended), for the admin lists. */
export async function latestPayoutsOf(db: Sequelize, withdrawalIds: number[]): Promise<Map<number, WithdrawalPayout>> {
  if (withdrawalIds.length === 0) return new Map();
  const rows = await db.query<{
    withdrawal_id: number;
    id: number;
    status: PayoutStatus;
    signature: string | null;
    outcome: PayoutOutcome | null;
    holds: boolean;
    reason: CodedMessage | null;
    failure_reason: string | null;
  }>(
    `SELECT DISTINCT ON (pw.withdrawal_id) pw.withdrawal_id, p.id, p.status, p.signature, pw.outcome, pw.open AS holds,
       coalesce(pw.reason, p.reason) AS reason, coalesce(pw.failure_reason, p.failure_reason) AS failure_reason
     FROM payout_withdrawals pw JOIN payouts p ON p.id = pw.payout_id
     WHERE pw.withdrawal_id IN (:withdrawalIds)
     ORDER BY pw.withdrawal_id, pw.payout_id DESC`,
    { replacements: { withdrawalIds }, type: QueryTypes.SELECT },
  );
  return new Map(
    rows.map((row) => [
      row.withdrawal_id,
      {
        id: row.id,
        status: row.status,
        signature: row.signature,
        outcome: row.outcome,
        holds: row.holds,
        reason: row.reason,
        failureReason: row.failure_reason ?? (row.reason ? english(row.reason) : null),
      },
    ]),
  );
}

/** GET /api/admin/payouts/{id}. */
export async function payoutById(db: Sequelize, id: number): Promise<Payout> {
  const row = await readPayout(db, id);
  if (!row) throw notFound(msg('payoutNotFound'));
  return toPayoutJson(row);
}

/** GET /api/admin/payouts: newest first, optionally of some statuses. */
export async function listPayouts(
  db: Sequelize,
  statuses: PayoutStatus[] | undefined,
  page: Page,
  after?: Keyset,
): Promise<ListTotal & { rows: Payout[]; next?: Keyset }> {
  const where = statuses ? 'WHERE p.status IN (:statuses)' : 'WHERE true';
  const replacements = { statuses: statuses ?? [], limit: page.limit + 1, offset: after ? 0 : page.offset, afterId: after?.id ?? null };
  const [fetched, total] = await Promise.all([
    db.query<PayoutRow>(
      `SELECT ${PAYOUT_COLUMNS} FROM payouts p ${where} AND (:afterId::bigint IS NULL OR p.id < :afterId) ORDER BY p.id DESC LIMIT :limit OFFSET :offset`,
      { replacements, type: QueryTypes.SELECT },
    ),
    countOrEstimate(db, `FROM payouts p ${where}`, replacements),
  ]);
  const { rows, next } = trimToPage(fetched.map(toPayoutJson), page.limit, (payout) => ({ value: null, id: payout.id }));
  return { rows, ...total, next };
}
