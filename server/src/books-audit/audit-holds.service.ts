import { QueryTypes, type Sequelize } from 'sequelize';
import type { AuditPayoutHold, AuditPayoutHoldStatus } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import type { AuditHoldDismissInput } from '@stakedesk/shared/schemas';
import { recordAudit, type Actor } from '../audit/index.js';
import { conflict, notFound } from '../errors.js';
import type { StepUp } from '../http/step-up-contract.js';

type HoldRow = {
  id: number;
  signature: string;
  wallet_address: string;
  token_contract: string;
  amount: string;
  audit_id: number;
  found_at: Date;
  status: AuditPayoutHoldStatus;
  withdrawal_id: number | null;
  resolved_by_username: string | null;
  resolved_at: Date | null;
  note: string | null;
};

const COLUMNS = `id, signature, wallet_address, token_contract, trim_scale(amount)::text AS amount, audit_id, found_at, status,
  withdrawal_id, resolved_by_username, resolved_at, note`;

function toHoldJson(row: HoldRow): AuditPayoutHold {
  return {
    id: row.id,
    signature: row.signature,
    wallet: row.wallet_address,
    mint: row.token_contract,
    amount: row.amount,
    auditId: row.audit_id,
    foundAt: row.found_at.toISOString(),
    status: row.status,
    withdrawalId: row.withdrawal_id,
    resolvedBy: row.resolved_by_username,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    note: row.note,
  };
}

/** GET /api/admin/audit-holds: the holds still open, oldest first. */
export async function listOpenHolds(db: Sequelize): Promise<AuditPayoutHold[]> {
  const rows = await db.query<HoldRow>(`SELECT ${COLUMNS} FROM audit_payout_holds WHERE status = 'open' ORDER BY id`, {
    type: QueryTypes.SELECT,
  });
  return rows.map(toHoldJson);
}

/**
 * POST /api/admin/audit-holds/{id}/dismiss (owner, step-up): the owner looked at the payout found on
 * chain (tokens sent for another reason, or a lost withdrawal whose holder's new request is then
 * rejected), so the holder's withdrawals are an operator's to pay or reject again; automatic payouts
 * never take one a round saw held. The note is kept and the dismissal audited.
 */
export async function dismissHold(
  db: Sequelize,
  id: number,
  input: AuditHoldDismissInput,
  actor: Actor,
  stepUp: StepUp,
): Promise<AuditPayoutHold> {
  const confirm = await stepUp();
  return db.transaction(async (transaction) => {
    const [row] = await db.query<HoldRow>(`SELECT ${COLUMNS} FROM audit_payout_holds WHERE id = :id FOR UPDATE`, {
      replacements: { id },
      type: QueryTypes.SELECT,
      transaction,
    });
    if (!row) throw notFound(msg('auditHoldNotFound'));
    if (row.status !== 'open') throw conflict(msg('auditHoldNotOpen'));
    await confirm(transaction);
    const [dismissed] = await db.query<HoldRow>(
      `UPDATE audit_payout_holds SET status = 'dismissed', note = :note, resolved_by = :adminId, resolved_by_username = :username,
         resolved_at = now()
       WHERE id = :id RETURNING ${COLUMNS}`,
      { replacements: { id, note: input.note, adminId: actor.id, username: actor.username }, type: QueryTypes.SELECT, transaction },
    );
    const before = toHoldJson(row);
    const after = toHoldJson(dismissed!);
    await recordAudit(db, transaction, actor, {
      action: 'books.hold_dismiss',
      entityType: 'books_audit',
      entityId: row.audit_id,
      before,
      after,
    });
    return after;
  });
}
