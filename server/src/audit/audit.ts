import type { Sequelize, Transaction } from 'sequelize';
import type { AuditAction } from '@stakedesk/shared/audit-actions';
import { cachesOf } from '../cache/caches.js';
import { publishAdminEvent } from '../events/publish.js';
import { maskRpcUrl } from '../url-secrets.js';
import { auditLogsTable } from './audit-log.model.js';

export type Actor = { id: number; username: string };
/** The server itself, for entries no admin caused (a deposit recorded over a plan's cap). */
export const SYSTEM_ACTOR = { id: null, username: 'system' } as const;
/** Automatic payouts: what the server did by itself under the owner's payout policy (DESIGN 13). */
export const POLICY_ACTOR = { id: null, username: 'policy' } as const;
/** Whoever an entry is written for: an admin, or the server itself. */
export type AnyActor = Actor | typeof SYSTEM_ACTOR | typeof POLICY_ACTOR;

const SECRET_KEYS = new Set([
  'passwordHash',
  'password',
  'currentPassword',
  'newPassword',
  'heliusApiKey',
  'code',
  'secret',
  'twoFactorSecret',
  'twoFactorPendingSecret',
  'recoveryCodes',
  'codeHash',
  'token',
]);
/** Values logged with their secret part masked rather than dropped. */
const MASKED: Record<string, (value: string) => string> = { heliusRpcUrl: maskRpcUrl };

/** Keeps the log readable and free of secrets: secrets redacted, images summarised. */
function scrub(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value ?? null;
  const plain = 'toJSON' in value && typeof value.toJSON === 'function' ? value.toJSON() : value;
  return Object.fromEntries(
    Object.entries(plain as Record<string, unknown>).map(([key, field]) => {
      if (SECRET_KEYS.has(key)) return [key, field ? '[redacted]' : ''];
      if (MASKED[key] && typeof field === 'string') return [key, MASKED[key](field)];
      if (typeof field === 'string' && field.startsWith('data:')) return [key, `[data URL, ${field.length} characters]`];
      return [key, field instanceof Date ? field.toISOString() : field];
    }),
  );
}

type Entry = { action: AuditAction; entityType: string; entityId?: string | number | null; before?: unknown; after?: unknown };

async function writeEntry(
  db: Sequelize,
  transaction: Transaction | undefined,
  actor: { id: number | null; username: string },
  entry: Entry,
): Promise<string | null> {
  const entityId = entry.entityId == null ? null : String(entry.entityId);
  await auditLogsTable(db).create(
    {
      adminId: actor.id,
      adminUsername: actor.username,
      action: entry.action,
      entityType: entry.entityType,
      entityId,
      before: scrub(entry.before),
      after: scrub(entry.after),
    },
    { transaction },
  );
  return entityId;
}

/**
 * A sign-in attempt or a refused proof of identity: written at once, on its own (a refusal rolls
 * its request's transaction back, the record of it must stay), and not announced to the other
 * admins (a stream of failed guesses is not a change). `actor.id` is null for an unknown username.
 */
export async function recordSignInAudit(
  db: Sequelize,
  actor: { id: number | null; username: string },
  entry: Omit<Entry, 'entityType'>,
): Promise<void> {
  await writeEntry(db, undefined, actor, { ...entry, entityType: 'admin' });
}

/**
 * Every admin mutation writes one entry in the same transaction as the change itself, and tells
 * the other admins and every server instance (NOTIFY, delivered at commit). This instance drops
 * its own caches of that entity the moment the transaction commits, before the admin's request
 * is answered, so the next read here already sees the change.
 */
export async function recordAudit(db: Sequelize, transaction: Transaction, actor: AnyActor, entry: Entry): Promise<void> {
  const entityId = await writeEntry(db, transaction, actor, entry);
  transaction.afterCommit(() => cachesOf(db).invalidateEntity(entry.entityType));
  await publishAdminEvent(db, transaction, {
    type: 'admin.changed',
    entityType: entry.entityType,
    action: entry.action,
    entityId,
    adminUsername: actor.username,
  });
}
