import type { Sequelize, Transaction } from 'sequelize';
import type { Admin as AdminJson, ChangeRequest, SecurityChange } from '@stakedesk/shared/api-types';
import type { FieldChange } from '@stakedesk/shared/change-requests';
import type { AdminRole } from '@stakedesk/shared/roles';
import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import type { AdminCreateInput, AdminUpdateInput } from '@stakedesk/shared/schemas';
import { approvalsRequired, requestChange } from '../approvals/index.js';
import { recordAudit } from '../audit/index.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Dependencies } from '../dependencies.js';
import { announceSecurityChanges } from '../alerts/index.js';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../errors.js';
import {
  addAdmin,
  adminsPage,
  changeAdmin,
  deleteAdminRow,
  findAdmin,
  honours,
  lockEveryAdmin,
  ownerCount,
  refuseOwnerWithoutPasskey,
  type Admin,
  type AdminChanges,
} from '../access/index.js';
import type { ChangeApplier, Decider, StoredChangeRequest } from '../http/four-eyes-contract.js';
import { stepUpRequired, type StepUp } from '../http/step-up-contract.js';
import { type Keyset, type Page, trimToPage } from '../sql/page.js';
import { roleRequired, type SignedInAdmin } from '../http/signed-in-admin.js';

export function toAdminJson(admin: Admin): AdminJson {
  return {
    id: admin.id,
    email: admin.email,
    username: admin.username,
    createdAt: admin.createdAt.toISOString(),
    role: admin.role,
    twoFactorEnabled: admin.twoFactorEnabled,
  };
}

export async function listAdmins(db: Sequelize, page: Page, after?: Keyset): Promise<{ rows: AdminJson[]; total: number; next?: Keyset }> {
  const { fetched, total } = await adminsPage(db, { limit: page.limit, offset: page.offset, afterId: after?.id });
  const { rows, next } = trimToPage(fetched, page.limit, (admin) => ({ value: null, id: admin.id }));
  return { rows: rows.map(toAdminJson), total, next };
}

const fieldConflict = (field: string, message: CodedMessage) => new AppError(409, message, { [field]: message });

async function uniqueOrConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'admins_username_unique')) throw fieldConflict('username', msg('usernameTaken'));
    if (isUniqueViolation(error, 'admins_email_unique')) throw fieldConflict('email', msg('emailTaken'));
    throw error;
  }
}

/**
 * Locks every admin row (in id order: two such transactions never deadlock) and checks that the
 * acting owner still is one, with this session: so two owners acting on each other at once take
 * turns, and the second sees what the first did (its own role taken away, its sessions ended).
 */
async function lockAdminsAs(db: Sequelize, transaction: Transaction, actor: SignedInAdmin): Promise<Admin[]> {
  const admins = await lockEveryAdmin(db, transaction);
  const self = admins.find((a) => a.id === actor.id);
  if (!self || !honours(self, actor.session)) throw unauthorized(msg('sessionExpired'));
  if (self.role !== 'owner') throw roleRequired('owner');
  return admins;
}

function refuseLastOwner(admins: Admin[], target: Admin): void {
  if (target.role === 'owner' && admins.filter((a) => a.role === 'owner').length <= 1) throw conflict(msg('lastOwner'));
}

/** What ends every session the admin has (a role or password change, by an owner). */
const endingSessions = (admin: Admin): AdminChanges => ({ tokenVersion: admin.tokenVersion + 1, keptSessionId: null });

/** Which of the admin's names `input` changes: each needs a step-up. */
function identityChanges(admin: Admin, input: AdminUpdateInput): SecurityChange[] {
  return [
    ...(input.username !== admin.username ? (['admin.username'] as const) : []),
    ...(input.email !== admin.email ? (['admin.email'] as const) : []),
  ];
}

/**
 * What a creation or an update did: the admin as saved, and the request for a role change that
 * waits for another owner (DESIGN 17), if any.
 */
export type AdminSaved = { admin: Admin; changeRequest: ChangeRequest | null };

/** The role change from `from` to `to` asked for `admin`, to wait for another owner's approval. */
const roleRequest = (admin: Admin, from: AdminRole, to: AdminRole) => ({
  kind: 'admin.role' as const,
  target: { id: admin.id, name: admin.username },
  changes: [{ field: 'role' as const, from, to }],
});

/**
 * Creating an admin always needs a step-up: it hands out power. With two or more owners a new
 * owner is created an operator, and becoming an owner waits for another owner's approval: a stolen
 * owner session must not make itself a second owner whose password it knows (DESIGN 17).
 */
export async function createAdmin(
  { database: db, passwords }: Pick<Dependencies, 'database' | 'passwords'>,
  input: AdminCreateInput,
  actor: SignedInAdmin,
  stepUp: StepUp,
): Promise<AdminSaved> {
  if (!input.password) throw badRequest(msg('passwordRequiredForNewAdmin'), { password: msg('passwordRequiredForNewAdmin') });
  const confirm = await stepUp();
  const passwordHash = await passwords.hash(input.password);
  return uniqueOrConflict(() =>
    db.transaction(async (transaction) => {
      await lockAdminsAs(db, transaction, actor);
      await confirm(transaction);
      const role = input.role ?? 'operator';
      if (role === 'owner') await refuseOwnerWithoutPasskey(db, transaction, { id: null, username: input.username });
      const ownerWaits = role === 'owner' && approvalsRequired(await ownerCount(db, transaction));
      const admin = await addAdmin(
        db,
        { email: input.email, username: input.username, passwordHash, role: ownerWaits ? 'operator' : role },
        transaction,
      );
      await recordAudit(db, transaction, actor, {
        action: 'admin.create',
        entityType: 'admin',
        entityId: admin.id,
        after: toAdminJson(admin),
      });
      await announceSecurityChanges(db, transaction, actor, ['admin.create']);
      const changeRequest = ownerWaits ? await requestChange(db, transaction, actor, roleRequest(admin, 'operator', 'owner')) : null;
      return { admin, changeRequest };
    }),
  );
}

/**
 * With two or more owners, a role change that makes an owner, or that takes the owner role from
 * another owner, waits for another owner's approval: one owner's stolen session must neither add
 * an owner nor leave itself the only one (then nothing would need a second owner). Stepping down
 * oneself needs none.
 */
async function roleChangeWaits(
  db: Sequelize,
  transaction: Transaction,
  admin: Admin,
  newRole: AdminRole,
  actor: SignedInAdmin,
): Promise<boolean> {
  const ownership = newRole === 'owner' || (admin.role === 'owner' && admin.id !== actor.id);
  return ownership && approvalsRequired(await ownerCount(db, transaction));
}

/**
 * A role change, a new password, a new username or a new email needs a step-up (a stolen session
 * must not be able to take over or disguise an account); a role or password change ends that
 * admin's sessions. Demoting the last owner is refused. With two or more owners, making an admin
 * an owner or taking the role from another owner waits for another owner's approval
 * (roleChangeWaits); the rest of the same update takes effect now.
 */
export async function updateAdmin(
  { database: db, passwords }: Pick<Dependencies, 'database' | 'passwords'>,
  id: number,
  input: AdminUpdateInput,
  actor: SignedInAdmin,
  stepUp: StepUp,
): Promise<AdminSaved> {
  const peek = await findAdmin(db, id);
  if (!peek) throw notFound(msg('adminNotFound'));
  const needsStepUp =
    (input.role !== undefined && input.role !== peek.role) || Boolean(input.password) || identityChanges(peek, input).length > 0;
  const confirm = needsStepUp ? await stepUp() : undefined;
  const passwordHash = input.password ? await passwords.hash(input.password) : undefined;
  return uniqueOrConflict(() =>
    db.transaction(async (transaction) => {
      const admins = await lockAdminsAs(db, transaction, actor);
      const admin = admins.find((a) => a.id === id);
      if (!admin) throw notFound(msg('adminNotFound'));
      const newRole = input.role !== undefined && input.role !== admin.role ? input.role : undefined;
      const changes: SecurityChange[] = [
        ...(newRole ? (['admin.role'] as const) : []),
        ...(passwordHash ? (['admin.password'] as const) : []),
        ...identityChanges(admin, input),
      ];
      if (changes.length > 0) {
        // The admin changed since it was read without a step-up: the client asks again, with one.
        if (!confirm) throw stepUpRequired();
        await confirm(transaction);
      }
      if (newRole && newRole !== 'owner') refuseLastOwner(admins, admin);
      if (newRole === 'owner') await refuseOwnerWithoutPasskey(db, transaction, admin);
      const ownerWaits = newRole !== undefined && (await roleChangeWaits(db, transaction, admin, newRole, actor));
      const before = toAdminJson(admin);
      await changeAdmin(
        admin,
        {
          email: input.email,
          username: input.username,
          ...(newRole && !ownerWaits && { role: newRole }),
          ...(passwordHash && { passwordHash }),
          ...((passwordHash || (newRole && !ownerWaits)) && endingSessions(admin)),
        },
        transaction,
      );
      await recordAudit(db, transaction, actor, {
        action: passwordHash ? 'admin.update_with_password' : 'admin.update',
        entityType: 'admin',
        entityId: admin.id,
        before,
        after: toAdminJson(admin),
      });
      // A role to owner that waits is announced with its request (approvals/).
      const madeNow = ownerWaits ? changes.filter((change) => change !== 'admin.role') : changes;
      await announceSecurityChanges(db, transaction, actor, madeNow);
      const changeRequest = ownerWaits ? await requestChange(db, transaction, actor, roleRequest(admin, before.role, newRole!)) : null;
      return { admin, changeRequest };
    }),
  );
}

/** Every admin locked (in id order, as lockAdminsAs) and the one a request is about, refused when it no longer is as asked. */
async function lockTarget(
  db: Sequelize,
  transaction: Transaction,
  targetId: number | null,
  isAsAsked: (admin: Admin) => boolean,
  field: 'role' | 'admin',
) {
  const admins = await lockEveryAdmin(db, transaction);
  const admin = admins.find((candidate) => candidate.id === targetId);
  if (!admin || !isAsAsked(admin))
    throw conflict(msg('changeRequestStale', { field: msg(field === 'role' ? 'fieldRole' : 'fieldAdmin') }), { field });
  return { admins, admin };
}

/**
 * An approved role change: the admin must still hold the role it was asked from (and exist); the
 * last owner is still never demoted, and a new owner still needs a passkey while owners are held to
 * them (turned on since it was asked); the new role ends its sessions, as any role change does.
 */
export function roleChangeApplier(db: Sequelize): ChangeApplier {
  async function lockApproved(
    transaction: Transaction,
    targetId: number | null,
    from: string | undefined,
    to: string | undefined,
  ): Promise<Admin> {
    const { admins, admin } = await lockTarget(db, transaction, targetId, (candidate) => candidate.role === from, 'role');
    if (from === 'owner') refuseLastOwner(admins, admin);
    if (to === 'owner') await refuseOwnerWithoutPasskey(db, transaction, admin);
    return admin;
  }
  const roleChange = (request: Parameters<ChangeApplier['check']>[1]) =>
    request.changes.find((change): change is Extract<FieldChange, { field: 'role' }> => change.field === 'role');
  return {
    async check(transaction, request) {
      const change = roleChange(request);
      await lockApproved(transaction, request.targetId, change?.from, change?.to);
      return 0;
    },
    async apply(transaction, request, actor) {
      const change = roleChange(request)!;
      const admin = await lockApproved(transaction, request.targetId, change.from, change.to);
      const before = toAdminJson(admin);
      await changeAdmin(admin, { role: change.to, ...endingSessions(admin) }, transaction);
      await recordAudit(db, transaction, actor, {
        action: 'admin.update',
        entityType: 'admin',
        entityId: admin.id,
        before,
        after: { ...toAdminJson(admin), changeRequestId: request.id },
      });
    },
  };
}

async function removeAdmin(db: Sequelize, transaction: Transaction, admin: Admin, actor: Decider): Promise<void> {
  await deleteAdminRow(admin, transaction);
  await recordAudit(db, transaction, actor, {
    action: 'admin.delete',
    entityType: 'admin',
    entityId: admin.id,
    before: toAdminJson(admin),
  });
}

/**
 * Deletes an admin; the last owner never. With two or more owners, deleting another owner waits
 * for another owner's approval (DESIGN 17: it would leave a stolen session fewer owners to get
 * past): the answer is then the change request.
 */
export async function deleteAdmin(db: Sequelize, id: number, actor: SignedInAdmin): Promise<ChangeRequest | null> {
  if (id === actor.id) throw conflict(msg('cannotDeleteSelf'));
  return db.transaction(async (transaction) => {
    const admins = await lockAdminsAs(db, transaction, actor);
    const admin = admins.find((a) => a.id === id);
    if (!admin) throw notFound(msg('adminNotFound'));
    refuseLastOwner(admins, admin);
    if (admin.role === 'owner' && approvalsRequired(await ownerCount(db, transaction))) {
      return requestChange(db, transaction, actor, {
        kind: 'admin.remove',
        target: { id: admin.id, name: admin.username },
        changes: [{ field: 'admin', from: admin.username, to: null }],
      });
    }
    await removeAdmin(db, transaction, admin, actor);
    return null;
  });
}

/** An approved removal of an owner: still there, still an owner, and never the last one. */
export function adminRemovalApplier(db: Sequelize): ChangeApplier {
  async function lockApproved(transaction: Transaction, request: StoredChangeRequest): Promise<Admin> {
    const asked = request.changes.find((change) => change.field === 'admin');
    const isAsAsked = (admin: Admin) => admin.role === 'owner' && admin.username === asked?.from;
    const { admins, admin } = await lockTarget(db, transaction, request.targetId, isAsAsked, 'admin');
    refuseLastOwner(admins, admin);
    return admin;
  }
  return {
    async check(transaction, request) {
      await lockApproved(transaction, request);
      return 0;
    },
    apply: async (transaction, request, actor) => removeAdmin(db, transaction, await lockApproved(transaction, request), actor),
  };
}
