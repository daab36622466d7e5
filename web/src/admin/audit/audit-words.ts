import type { AuditLogEntry } from '@stakedesk/shared/api-types';
import type { LoggedAuditAction } from '@stakedesk/shared/audit-actions';
import type { AdminMessageKey, AdminTranslate } from '../../i18n/admin-en.js';
import type { AdminFormat } from '../format.js';

type Sentence = {
  /** The sentence, or how the entry's data picks one. */
  key: AdminMessageKey | ((entry: AuditLogEntry) => AdminMessageKey);
  /** The field of the entry's data that names the thing changed. */
  name?: string;
};

/** The names the server writes entries under when no admin acted (server/src/audit/audit.ts), in the reader's words. */
const SERVER_ACTORS: Record<string, AdminMessageKey> = { system: 'audit.actor.system', policy: 'audit.actor.policy' };

/** Who an entry is by: an admin's username, or the server itself ("System", "Automatic payouts") in the reader's language. */
export function actorName(t: AdminTranslate, entry: Pick<AuditLogEntry, 'adminId' | 'adminUsername'>): string {
  const server =
    entry.adminId === null && Object.hasOwn(SERVER_ACTORS, entry.adminUsername) ? SERVER_ACTORS[entry.adminUsername] : undefined;
  return server ? t(server) : entry.adminUsername;
}

/**
 * Automatic payouts (actor `policy`) are the only payouts the hot wallet pays: the server prepares
 * them with the hot wallet as payer and its signer signs them (DESIGN 13); every other payout is the
 * staking wallet's.
 */
const byHotWallet = (entry: AuditLogEntry) => entry.adminId === null && entry.adminUsername === 'policy';

/** Each action found in the log, with its sentence: an action without one does not compile. */
export const SENTENCES: Record<LoggedAuditAction, Sentence> = {
  'plan.create': { key: 'audit.do.plan.create', name: 'name' },
  'plan.update': { key: 'audit.do.plan.update', name: 'name' },
  'plan.toggle': {
    key: (entry) => (field(entry.after, 'isActive') === true ? 'audit.do.plan.activate' : 'audit.do.plan.deactivate'),
    name: 'name',
  },
  'plan.delete': { key: 'audit.do.plan.delete', name: 'name' },
  'plan.hide': { key: 'audit.do.plan.hide', name: 'name' },
  'admin.create': { key: 'audit.do.admin.create', name: 'username' },
  'admin.update': { key: 'audit.do.admin.update', name: 'username' },
  'admin.update_with_password': { key: 'audit.do.admin.update_with_password', name: 'username' },
  'admin.delete': { key: 'audit.do.admin.delete', name: 'username' },
  'admin.password_change': { key: 'audit.do.admin.password_change', name: 'username' },
  'admin.sign_out_everywhere': { key: 'audit.do.admin.sign_out_everywhere' },
  'admin.two_factor_enable': { key: 'audit.do.admin.two_factor_enable', name: 'username' },
  'admin.two_factor_disable': { key: 'audit.do.admin.two_factor_disable', name: 'username' },
  'admin.passkey_add': { key: 'audit.do.admin.passkey_add', name: 'name' },
  'admin.passkey_remove': { key: 'audit.do.admin.passkey_remove', name: 'name' },
  'admin.login': { key: 'audit.do.admin.login' },
  'admin.logout': { key: 'audit.do.admin.logout' },
  'admin.login_failed': { key: 'audit.do.admin.login_failed' },
  'admin.login_locked': { key: 'audit.do.admin.login_locked' },
  'admin.step_up_failed': { key: 'audit.do.admin.step_up_failed' },
  'settings.update': { key: 'audit.do.settings.update' },
  'settings.mint_read': { key: 'audit.do.settings.mint_read' },
  'payout.register': { key: 'audit.do.payout.register' },
  'payout.prepare': { key: (entry) => (byHotWallet(entry) ? 'audit.do.payout.prepare_hot' : 'audit.do.payout.prepare') },
  'payout.send': { key: (entry) => (byHotWallet(entry) ? 'audit.do.payout.send_hot' : 'audit.do.payout.send') },
  'payout.sign_refused': { key: 'audit.do.payout.sign_refused' },
  'payout.found_on_chain': { key: 'audit.do.payout.found_on_chain' },
  'payout.completed': { key: 'audit.do.payout.completed' },
  'payout.expired': { key: 'audit.do.payout.expired' },
  'payout.failed': { key: 'audit.do.payout.failed' },
  'payout.needs_review': { key: 'audit.do.payout.needs_review' },
  'withdrawal.resolve_paid': { key: 'audit.do.withdrawal.resolve_paid' },
  'withdrawal.resolve_release': { key: 'audit.do.withdrawal.resolve_release' },
  'withdrawal.complete': { key: 'audit.do.withdrawal.complete' },
  'withdrawal.reject': { key: 'audit.do.withdrawal.reject' },
  'withdrawal.approve': { key: 'audit.do.withdrawal.approve' },
  'stake.over_capacity': { key: 'audit.do.stake.over_capacity' },
  'stakes.expire': { key: 'audit.do.stakes.expire' },
  'webhook.create': { key: 'audit.do.webhook.create', name: 'url' },
  'webhook.update': { key: 'audit.do.webhook.update', name: 'url' },
  'webhook.delete': { key: 'audit.do.webhook.delete', name: 'url' },
  'reserves.snapshot': { key: 'audit.do.reserves.snapshot' },
  'reserves.anchor_prepare': { key: 'audit.do.reserves.anchor_prepare' },
  'reserves.anchor_send': { key: 'audit.do.reserves.anchor_send' },
  'reserves.anchor_refused': { key: 'audit.do.reserves.anchor_refused' },
  'reserves.anchored': { key: 'audit.do.reserves.anchored' },
  'outflow.explain': { key: 'audit.do.outflow.explain', name: 'signature' },
  'books.audit_start': { key: 'audit.do.books.audit_start' },
  'books.restore_detected': { key: 'audit.do.books.restore_detected' },
  'books.hold_dismiss': { key: 'audit.do.books.hold_dismiss', name: 'signature' },
  'change_request.create': { key: 'audit.do.change_request.create' },
  'change_request.approve': { key: 'audit.do.change_request.approve' },
  'change_request.reject': { key: 'audit.do.change_request.reject' },
  'change_request.cancel': { key: 'audit.do.change_request.cancel' },
  'change_request.expire': { key: 'audit.do.change_request.expire' },
  'change_request.apply': { key: 'audit.do.change_request.apply' },
  'change_request.fail': { key: 'audit.do.change_request.fail' },
};

function field(data: unknown, name: string): string | number | boolean | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value = (data as Record<string, unknown>)[name];
  return ['string', 'number', 'boolean'].includes(typeof value) ? (value as string | number | boolean) : undefined;
}

/** "Growth (#4)"; "#4" when the entry's data carries no name. */
function target(entry: AuditLogEntry, nameField: string | undefined): string {
  const id = entry.entityId ? `#${entry.entityId}` : '';
  const name = nameField && (field(entry.after, nameField) ?? field(entry.before, nameField));
  if (name === undefined || name === '') return id;
  return id ? `${name} (${id})` : String(name);
}

/** "plan.archive_all" as "Plan archive all": an action this panel does not know yet, still readable. */
function readable(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An audit entry in words, in the reader's language: "Deleted plan Growth (#4)". */
export function describeAuditEntry(t: AdminTranslate, format: AdminFormat, entry: AuditLogEntry): string {
  const known = Object.hasOwn(SENTENCES, entry.action) ? SENTENCES[entry.action as LoggedAuditAction] : undefined;
  if (known) {
    const key = typeof known.key === 'function' ? known.key(entry) : known.key;
    return t(key, { target: target(entry, known.name), count: format.count(Number(field(entry.after, 'updatedCount') ?? 0)) });
  }
  const what = target(entry, 'name');
  return what ? `${readable(entry.action)}: ${what}` : readable(entry.action);
}
