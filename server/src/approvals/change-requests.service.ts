import { Op, QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { ChangeRequest as ChangeRequestJson } from '@stakedesk/shared/api-types';
import {
  CHANGE_REQUEST_TTL_HOURS,
  OWNERS_FOR_APPROVALS,
  type ChangeRequestKind,
  type ChangeRequestStatus,
  type FieldChange,
} from '@stakedesk/shared/change-requests';
import { english, msg } from '@stakedesk/shared/i18n/catalogue';
import type { AdminRole } from '@stakedesk/shared/roles';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/index.js';
import { alertStepUpChanges, announceSecurityChanges, emitAlert } from '../alerts/index.js';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../errors.js';
import { roleRequired } from '../http/signed-in-admin.js';
import type { ChangeAppliers, ChangeProposal } from '../http/four-eyes-contract.js';
import type { StepUp } from '../http/step-up-contract.js';
import { changeRequestsTable, type ChangeRequest } from './change-request.model.js';
import { auditedRequest, fieldsOf, securityChangesOf, toChangeRequestJson } from './change-request-json.js';

/** Whether the guarded changes need another owner's approval: two or more owners (DESIGN 17). */
export const approvalsRequired = (owners: number): boolean => owners >= OWNERS_FOR_APPROVALS;

/**
 * Refuses a change to something a request still open would change (409 changeRequestOpen): one
 * request at a time per value, so an approval never lands on top of another. The caller holds the
 * lock of the row it changes, so two requests for one value cannot both pass.
 */
async function refuseWhileOpen(
  db: Sequelize,
  transaction: Transaction,
  kind: ChangeRequestKind,
  targetId: number | null,
  fields: readonly string[],
): Promise<void> {
  const rows = await db.query<{ id: number; changes: FieldChange[] }>(
    `SELECT id, changes FROM change_requests
     WHERE kind = :kind AND target_id IS NOT DISTINCT FROM :targetId
       AND (status = 'scheduled' OR (status = 'pending' AND expires_at > now()))`,
    { replacements: { kind, targetId }, type: QueryTypes.SELECT, transaction },
  );
  const open = rows.find((row) => row.changes.some((change) => fields.includes(change.field)));
  if (open) throw conflict(msg('changeRequestOpen', { id: open.id }), { changeRequestId: open.id });
}

/** The request, audited and announced (approval.requested), in the caller's transaction: the 202 of a guarded change. */
export async function requestChange(
  db: Sequelize,
  transaction: Transaction,
  actor: Actor,
  proposal: ChangeProposal,
): Promise<ChangeRequestJson> {
  await refuseWhileOpen(
    db,
    transaction,
    proposal.kind,
    proposal.target?.id ?? null,
    proposal.changes.map((change) => change.field),
  );
  const [inserted] = await db.query<{ id: number }>(
    `INSERT INTO change_requests (kind, target_id, target_name, changes, effects, requested_by, requested_by_username, expires_at)
     VALUES (:kind, :targetId, :targetName, :changes, :effects, :actorId, :username, now() + make_interval(hours => :ttl))
     RETURNING id`,
    {
      replacements: {
        kind: proposal.kind,
        targetId: proposal.target?.id ?? null,
        targetName: proposal.target?.name ?? null,
        changes: JSON.stringify(proposal.changes),
        effects: JSON.stringify(proposal.effects ?? {}),
        actorId: actor.id,
        username: actor.username,
        ttl: CHANGE_REQUEST_TTL_HOURS,
      },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  const request = (await changeRequestsTable(db).findByPk(inserted!.id, { transaction }))!;
  await recordAudit(db, transaction, actor, {
    action: 'change_request.create',
    entityType: 'change_request',
    entityId: request.id,
    after: auditedRequest(request),
  });
  // What it would change, told at once to every other admin: the owner who must approve it among them.
  await announceSecurityChanges(db, transaction, actor, securityChangesOf(request.changes), request.id);
  await emitAlert(
    db,
    'approval.requested',
    {
      changeRequestId: request.id,
      kind: request.kind,
      fields: fieldsOf(request.changes),
      username: actor.username,
      expiresAt: request.expiresAt.toISOString(),
    },
    transaction,
  );
  return toChangeRequestJson(request);
}

/** The advisory lock every decision on a change request holds for its transaction (the key names migration 032). */
export const DECISIONS_LOCK = 7_236_032;

/**
 * Decisions take turns, on every instance: one may remove or demote the admin another is deciding
 * as, and the next then sees it. Human-paced, so one lock for all costs nothing, and no two
 * decisions lock their rows in opposite orders.
 */
async function lockDecisions(db: Sequelize, transaction: Transaction): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(:key)', { replacements: { key: DECISIONS_LOCK }, transaction });
}

/**
 * An admin's role as stored now, in the caller's transaction; undefined once the admin is gone
 * (access's roleOfAdmin, handed over by app.ts: access reaches approvals through settings).
 */
export type RoleOfAdmin = (db: Sequelize, adminId: number, transaction: Transaction) => Promise<AdminRole | undefined>;

/** What deciding on a request needs: the database, and the deciding owner's role as it is now. */
export type DecisionDeps = { db: Sequelize; roleOfAdmin: RoleOfAdmin };

/** The deciding owner is still an owner, once the decisions before this one are in. */
async function refuseFormerOwner({ db, roleOfAdmin }: DecisionDeps, transaction: Transaction, actor: Actor): Promise<void> {
  const role = await roleOfAdmin(db, actor.id, transaction);
  if (!role) throw unauthorized(msg('sessionExpired'));
  if (role !== 'owner') throw roleRequired('owner');
}

/** A decision's transaction: its turn taken, its owner checked, the request locked. */
async function decide<T>(
  deps: DecisionDeps,
  id: number,
  actor: Actor,
  work: (transaction: Transaction, locked: { request: ChangeRequest; expired: boolean }) => Promise<T>,
): Promise<T> {
  const { db } = deps;
  return db.transaction(async (transaction) => {
    await lockDecisions(db, transaction);
    await refuseFormerOwner(deps, transaction, actor);
    return work(transaction, await readRequest(db, id, transaction));
  });
}

type Decision = 'approved' | 'scheduled' | 'rejected' | 'cancelled' | 'expired' | 'failed';

async function announceDecision(
  db: Sequelize,
  transaction: Transaction,
  request: ChangeRequest,
  decision: Decision,
  username: string,
): Promise<void> {
  await emitAlert(
    db,
    'approval.decided',
    {
      changeRequestId: request.id,
      kind: request.kind,
      fields: fieldsOf(request.changes),
      decision,
      username,
      effectiveAt: request.effectiveAt?.toISOString() ?? null,
      reason: request.failure ? english(request.failure) : request.reason,
    },
    transaction,
  );
}

/**
 * The request (under its row lock, within a transaction), with whether its time to be decided has
 * passed (by the database's clock).
 */
async function readRequest(db: Sequelize, id: number, transaction?: Transaction): Promise<{ request: ChangeRequest; expired: boolean }> {
  const request = await changeRequestsTable(db).findByPk(id, { transaction, lock: transaction?.LOCK.UPDATE });
  if (!request) throw notFound(msg('changeRequestNotFound'));
  const [row] = await db.query<{ expired: boolean }>(`SELECT expires_at <= now() AS expired FROM change_requests WHERE id = :id`, {
    replacements: { id },
    type: QueryTypes.SELECT,
    transaction,
  });
  return { request, expired: row!.expired };
}

/** A pending request that can still be decided: not expired, not decided. */
function refuseUndecidable(request: ChangeRequest, expired: boolean): void {
  if (request.status === 'expired' || (request.status === 'pending' && expired)) throw conflict(msg('changeRequestExpired'));
  if (request.status !== 'pending') throw conflict(msg('changeRequestDecided'), { status: request.status });
}

const refuseOwnRequest = (request: ChangeRequest, actor: Actor) => {
  if (request.requestedBy === actor.id) throw forbidden(msg('changeRequestOwnApproval'));
};

/** Sets the request's new state and reads it back (times by the database's clock). */
async function settle(
  db: Sequelize,
  transaction: Transaction,
  request: ChangeRequest,
  set: string,
  replacements: Record<string, unknown> = {},
): Promise<ChangeRequest> {
  await db.query(`UPDATE change_requests SET ${set} WHERE id = :id`, {
    replacements: { ...replacements, id: request.id },
    transaction,
  });
  return (await changeRequestsTable(db).findByPk(request.id, { transaction }))!;
}

export type ApprovalDeps = DecisionDeps & { appliers: ChangeAppliers };

/**
 * Another owner approves (DESIGN 17): with step-up, under the request's row lock, so two owners
 * approving at once apply it once (the second finds it decided). A staking wallet or mint change is
 * scheduled for walletChangeDelayHours later; any other takes effect now.
 */
export async function approveChangeRequest(deps: ApprovalDeps, id: number, actor: Actor, stepUp: StepUp): Promise<ChangeRequestJson> {
  const { db, appliers } = deps;
  // Refused before the step-up is asked for: confirming an approval that cannot happen is no use.
  const peek = await readRequest(db, id);
  refuseOwnRequest(peek.request, actor);
  refuseUndecidable(peek.request, peek.expired);
  const confirm = await stepUp();
  return decide(deps, id, actor, async (transaction, { request, expired }) => {
    refuseOwnRequest(request, actor);
    refuseUndecidable(request, expired);
    await confirm(transaction);
    const applier = appliers[request.kind];
    const delayHours = await applier.check(transaction, request);
    const decided = { actorId: actor.id, username: actor.username };
    let settled: ChangeRequest;
    if (delayHours > 0) {
      settled = await settle(
        db,
        transaction,
        request,
        `status = 'scheduled', decided_by = :actorId, decided_by_username = :username, decided_at = now(),
         effective_at = now() + make_interval(hours => :delayHours)`,
        { ...decided, delayHours },
      );
    } else {
      await applier.apply(transaction, request, actor);
      settled = await settle(
        db,
        transaction,
        request,
        `status = 'applied', decided_by = :actorId, decided_by_username = :username, decided_at = now(), applied_at = now()`,
        decided,
      );
    }
    await recordAudit(db, transaction, actor, {
      action: 'change_request.approve',
      entityType: 'change_request',
      entityId: id,
      before: auditedRequest(request),
      after: auditedRequest(settled),
    });
    await announceDecision(db, transaction, settled, delayHours > 0 ? 'scheduled' : 'approved', actor.username);
    // Made now, or (a new wallet or mint) confirmed but not in effect until effectiveAt: then admins hear of it when it takes effect.
    if (delayHours > 0) await alertStepUpChanges(db, transaction, actor, securityChangesOf(settled.changes), id);
    else await announceSecurityChanges(db, transaction, actor, securityChangesOf(settled.changes));
    return toChangeRequestJson(settled);
  });
}

/** Any owner ends a pending request with a reason (no step-up: refusing a change is a brake). */
export async function rejectChangeRequest(deps: DecisionDeps, id: number, actor: Actor, reason: string): Promise<ChangeRequestJson> {
  return decide(deps, id, actor, async (transaction, { request, expired }) => {
    refuseUndecidable(request, expired);
    return endByOwner(deps.db, transaction, request, actor, 'rejected', reason);
  });
}

/** An open request ended by an owner (rejected with a reason, or cancelled): stored, audited and announced. */
async function endByOwner(
  db: Sequelize,
  transaction: Transaction,
  request: ChangeRequest,
  actor: Actor,
  ending: 'rejected' | 'cancelled',
  reason: string | null,
): Promise<ChangeRequestJson> {
  const settled = await settle(
    db,
    transaction,
    request,
    `status = :ending, decided_by = :actorId, decided_by_username = :username, decided_at = now(), reason = :reason`,
    { ending, actorId: actor.id, username: actor.username, reason },
  );
  await recordAudit(db, transaction, actor, {
    action: ending === 'rejected' ? 'change_request.reject' : 'change_request.cancel',
    entityType: 'change_request',
    entityId: request.id,
    before: auditedRequest(request),
    after: auditedRequest(settled),
  });
  await announceDecision(db, transaction, settled, ending, actor.username);
  return toChangeRequestJson(settled);
}

/** Any owner, with step-up, cancels a request still open: pending, or approved and waiting for its time. */
export async function cancelChangeRequest(deps: DecisionDeps, id: number, actor: Actor, stepUp: StepUp): Promise<ChangeRequestJson> {
  const { db } = deps;
  const peek = await changeRequestsTable(db).findByPk(id);
  if (!peek) throw notFound(msg('changeRequestNotFound'));
  const confirm = await stepUp();
  return decide(deps, id, actor, async (transaction, { request, expired }) => {
    const open = request.status === 'scheduled' || (request.status === 'pending' && !expired);
    if (!open) throw conflict(msg('changeRequestNotOpen'), { status: request.status });
    await confirm(transaction);
    return endByOwner(db, transaction, request, actor, 'cancelled', null);
  });
}

/**
 * Pending requests past their time become expired, each once (the UPDATE's row locks and its WHERE
 * keep two rounds from both taking one), audited as the system's and announced.
 */
export async function expireChangeRequests(db: Sequelize): Promise<number> {
  return db.transaction(async (transaction) => {
    const expired = await changeRequestsTable(db).findAll({
      where: { status: 'pending', expiresAt: { [Op.lte]: db.fn('now') } },
      transaction,
      lock: transaction.LOCK.UPDATE,
      skipLocked: true,
    });
    for (const request of expired) {
      const settled = await settle(db, transaction, request, `status = 'expired', decided_at = expires_at`);
      await recordAudit(db, transaction, SYSTEM_ACTOR, {
        action: 'change_request.expire',
        entityType: 'change_request',
        entityId: request.id,
        before: auditedRequest(request),
        after: auditedRequest(settled),
      });
      await announceDecision(db, transaction, settled, 'expired', SYSTEM_ACTOR.username);
    }
    return expired.length;
  });
}

/**
 * A scheduled change taking effect is announced in the name of the owner who approved it; id 0 when
 * that admin is gone: then it is no one's own change, and every signed-in admin is told.
 */
const approverOf = (request: ChangeRequest): Actor => ({ id: request.decidedBy ?? 0, username: request.decidedByUsername ?? '' });

/**
 * One approved change whose time has come takes effect, under its row lock: exactly once, however
 * many rounds and reads reach it at the same time (the later ones find it applied). When it can no
 * longer take effect as approved it fails, with the reason, and says so.
 */
async function applyDue(db: Sequelize, appliers: ChangeAppliers, id: number): Promise<ChangeRequestStatus | null> {
  const due = async (transaction: Transaction) => {
    await lockDecisions(db, transaction);
    const request = await changeRequestsTable(db).findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    const [row] = await db.query<{ due: boolean }>(`SELECT effective_at <= now() AS due FROM change_requests WHERE id = :id`, {
      replacements: { id },
      type: QueryTypes.SELECT,
      transaction,
    });
    return request?.status === 'scheduled' && row?.due ? request : null;
  };
  try {
    return await db.transaction(async (transaction) => {
      const request = await due(transaction);
      if (!request) return null;
      await appliers[request.kind].apply(transaction, request, SYSTEM_ACTOR);
      const settled = await settle(db, transaction, request, `status = 'applied', applied_at = now()`);
      await recordAudit(db, transaction, SYSTEM_ACTOR, {
        action: 'change_request.apply',
        entityType: 'change_request',
        entityId: id,
        before: auditedRequest(request),
        after: auditedRequest(settled),
      });
      await announceSecurityChanges(db, transaction, approverOf(request), securityChangesOf(request.changes));
      return 'applied' as const;
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const refusal = error.coded;
    return db.transaction(async (transaction) => {
      const request = await due(transaction);
      if (!request) return null;
      const settled = await settle(db, transaction, request, `status = 'failed', failure = :failure`, {
        failure: JSON.stringify(refusal),
      });
      await recordAudit(db, transaction, SYSTEM_ACTOR, {
        action: 'change_request.fail',
        entityType: 'change_request',
        entityId: id,
        before: auditedRequest(request),
        after: auditedRequest(settled),
      });
      await announceDecision(db, transaction, settled, 'failed', SYSTEM_ACTOR.username);
      return 'failed' as const;
    });
  }
}

/** Every approved change whose time has come takes effect (or fails, saying why); how many ended. */
export async function applyDueChanges(db: Sequelize, appliers: ChangeAppliers): Promise<number> {
  const due = await db.query<{ id: number }>(
    `SELECT id FROM change_requests WHERE status = 'scheduled' AND effective_at <= now() ORDER BY effective_at, id`,
    { type: QueryTypes.SELECT },
  );
  let ended = 0;
  for (const { id } of due) if (await applyDue(db, appliers, id)) ended += 1;
  return ended;
}

/** The job's round (background-work.ts): pending requests past their time expire, approved ones whose time came take effect. */
export async function changeRequestRound(db: Sequelize, appliers: ChangeAppliers): Promise<void> {
  await expireChangeRequests(db);
  await applyDueChanges(db, appliers);
}

/** GET /api/admin/change-requests: the newest first, of one status or all; expiry and due changes are settled first. */
export async function listChangeRequests(
  db: Sequelize,
  appliers: ChangeAppliers,
  status: ChangeRequestStatus | undefined,
): Promise<ChangeRequestJson[]> {
  await changeRequestRound(db, appliers);
  const rows = await changeRequestsTable(db).findAll({ where: status ? { status } : {}, order: [['id', 'DESC']], limit: LISTED });
  return rows.map(toChangeRequestJson);
}

/** The newest requests listed: an owner reads the open ones and the latest decisions; the audit log keeps the rest. */
const LISTED = 200;

/** The approved staking wallet or mint change waiting for its time, if any (what holders are told of). */
export async function scheduledChanges(db: Sequelize): Promise<ChangeRequest[]> {
  return changeRequestsTable(db).findAll({ where: { kind: 'settings', status: 'scheduled' }, order: [['effectiveAt', 'ASC']] });
}
