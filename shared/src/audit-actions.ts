/**
 * Every action the server writes to the audit log: the one list the server's `recordAudit` is
 * typed by (an action missing here does not compile) and the admin panel's sentences are keyed
 * by (an action here without a sentence does not compile).
 */
export const AUDIT_ACTIONS = [
  'plan.create',
  'plan.update',
  'plan.toggle',
  'plan.delete',
  'plan.hide',
  'admin.create',
  'admin.update',
  'admin.update_with_password',
  'admin.delete',
  'admin.password_change',
  'admin.sign_out_everywhere',
  'admin.two_factor_enable',
  'admin.two_factor_disable',
  'admin.passkey_add',
  'admin.passkey_remove',
  'admin.login',
  'admin.logout',
  'admin.login_failed',
  'admin.login_locked',
  'admin.step_up_failed',
  'settings.update',
  'settings.mint_read',
  'payout.prepare',
  'payout.send',
  'payout.sign_refused',
  'payout.found_on_chain',
  'payout.completed',
  'payout.expired',
  'payout.failed',
  'payout.needs_review',
  'withdrawal.resolve_paid',
  'withdrawal.resolve_release',
  'withdrawal.complete',
  'withdrawal.reject',
  'withdrawal.approve',
  'stake.over_capacity',
  'stakes.expire',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'reserves.snapshot',
  'reserves.anchor_prepare',
  'reserves.anchor_send',
  'reserves.anchor_refused',
  'reserves.anchored',
  'outflow.explain',
  'books.audit_start',
  'books.restore_detected',
  'books.hold_dismiss',
  'change_request.create',
  'change_request.approve',
  'change_request.reject',
  'change_request.cancel',
  'change_request.expire',
  'change_request.apply',
  'change_request.fail',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Actions older servers wrote and this one no longer does, still found in the log: the panel
 * keeps a sentence for each, the server cannot write them again.
 * - payout.register: a payout sent from the panel's connected wallet, before the server built payouts.
 */
export const PAST_AUDIT_ACTIONS = ['payout.register'] as const;
export type PastAuditAction = (typeof PAST_AUDIT_ACTIONS)[number];

/** Every action a reader may find in the log. */
export type LoggedAuditAction = AuditAction | PastAuditAction;
export const LOGGED_AUDIT_ACTIONS: readonly LoggedAuditAction[] = [...AUDIT_ACTIONS, ...PAST_AUDIT_ACTIONS];
