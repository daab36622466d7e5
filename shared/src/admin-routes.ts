import type { AnyObjectSchema } from 'yup';
import type { AdminRole } from './roles.js';
import {
  adminCreateSchema,
  adminLoginSchema,
  adminPasskeyLoginSchema,
  auditHoldDismissSchema,
  adminUpdateSchema,
  passkeyRegisterSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  changeRequestListQuerySchema,
  changeRequestRejectSchema,
  passwordChangeSchema,
  payoutPrepareSchema,
  payoutSignedSchema,
  outflowExplainSchema,
  planSchema,
  reservesAnchorSubmitSchema,
  settingsSchema,
  stepUpProofSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  webhookSchema,
  withdrawalProcessSchema,
  withdrawalResolveSchema,
} from './schemas.js';
import {
  cursorPageQuerySchema,
  limitQuerySchema,
  stakeListQuerySchema,
  statusFilterQuerySchema,
  statusPageQuerySchema,
  withdrawalListQuerySchema,
} from './query-schemas.js';

/**
 * Every admin API route, as Express mounts it, and the least role it needs (roles.ts). The one place
 * a route's role is written: the server checks it from here, the panel hides what a role may not do
 * from here, and the roles test and the fuzzer enumerate it (a mounted route missing here fails them).
 * The admin's own account (/me) is open to every role, so to a viewer; signing in needs no role.
 */
export const ADMIN_ROUTES = {
  'POST /api/admin/login': 'signIn',
  'POST /api/admin/login/passkey': 'signIn',
  'GET /api/admin/staking-plans': 'viewer',
  'POST /api/admin/staking-plans': 'operator',
  'PUT /api/admin/staking-plans/:id': 'operator',
  'PATCH /api/admin/staking-plans/:id/toggle': 'operator',
  'DELETE /api/admin/staking-plans/:id': 'operator',
  'GET /api/admin/jobs': 'viewer',
  'GET /api/admin/stakes': 'viewer',
  'GET /api/admin/stakes.csv': 'viewer',
  'POST /api/admin/update-expired-stakes': 'operator',
  'GET /api/admin/stats': 'viewer',
  'POST /api/admin/reserves/snapshots': 'owner',
  'GET /api/admin/reserves/snapshots': 'viewer',
  'POST /api/admin/reserves/snapshots/:id/anchor/prepare': 'owner',
  'POST /api/admin/reserves/snapshots/:id/anchor/submit': 'owner',
  'GET /api/admin/admins': 'viewer',
  'POST /api/admin/admins': 'owner',
  'PUT /api/admin/admins/:id': 'owner',
  'DELETE /api/admin/admins/:id': 'owner',
  'GET /api/admin/audit-log': 'viewer',
  'GET /api/admin/events': 'viewer',
  'GET /api/admin/settings': 'viewer',
  'PUT /api/admin/settings': 'owner',
  'GET /api/admin/auto-payouts': 'viewer',
  'GET /api/admin/change-requests': 'viewer',
  'POST /api/admin/change-requests/:id/approve': 'owner',
  'POST /api/admin/change-requests/:id/reject': 'owner',
  'DELETE /api/admin/change-requests/:id': 'owner',
  'GET /api/admin/reconciliation': 'viewer',
  'GET /api/admin/outflows': 'viewer',
  'POST /api/admin/outflows/:signature/explain': 'owner',
  'GET /api/admin/audits': 'viewer',
  'POST /api/admin/audits': 'owner',
  'GET /api/admin/audits/:id': 'viewer',
  'GET /api/admin/audit-holds': 'viewer',
  'POST /api/admin/audit-holds/:id/dismiss': 'owner',
  'GET /api/admin/payouts': 'viewer',
  'GET /api/admin/payouts/:id': 'viewer',
  'POST /api/admin/payouts': 'operator',
  'POST /api/admin/payouts/:id/signed': 'operator',
  'PUT /api/admin/withdrawals/:id': 'operator',
  'POST /api/admin/withdrawals/:id/resolve': 'owner',
  'POST /api/admin/withdrawals/:id/approve': 'operator',
  'GET /api/admin/treasury': 'viewer',
  'GET /api/admin/webhooks': 'viewer',
  'POST /api/admin/webhooks': 'owner',
  'PUT /api/admin/webhooks/:id': 'owner',
  'DELETE /api/admin/webhooks/:id': 'owner',
  'POST /api/admin/webhooks/:id/test': 'owner',
  'GET /api/admin/webhooks/:id/deliveries': 'viewer',
  'GET /api/admin/withdrawals': 'viewer',
  'GET /api/admin/withdrawals.csv': 'viewer',
  'GET /api/admin/me': 'viewer',
  'POST /api/admin/me/two-factor/setup': 'viewer',
  'POST /api/admin/me/two-factor/enable': 'viewer',
  'POST /api/admin/me/two-factor/disable': 'viewer',
  'POST /api/admin/me/password': 'viewer',
  'POST /api/admin/me/sign-out-everywhere': 'viewer',
  'POST /api/admin/me/logout': 'viewer',
  'GET /api/admin/me/passkeys': 'viewer',
  'POST /api/admin/me/passkeys/options': 'viewer',
  'POST /api/admin/me/passkeys': 'viewer',
  'PATCH /api/admin/me/passkeys/:id': 'viewer',
  'DELETE /api/admin/me/passkeys/:id': 'viewer',
  'POST /api/admin/me/passkeys/step-up-options': 'viewer',
} as const satisfies Record<string, AdminRole | 'signIn'>;

export type AdminRoute = keyof typeof ADMIN_ROUTES;

/**
 * The schema each admin route with a JSON body validates it with: the server parses the body with it
 * (server/src/http/validate.ts, parseBody) and the fuzzer sends its fields. A POST, PUT or PATCH route
 * is here or in ADMIN_ROUTES_WITHOUT_BODY (route-bodies.test.ts).
 */
export const ADMIN_ROUTE_BODIES = {
  'POST /api/admin/login': adminLoginSchema,
  'POST /api/admin/login/passkey': adminPasskeyLoginSchema,
  'POST /api/admin/staking-plans': planSchema,
  'PUT /api/admin/staking-plans/:id': planSchema,
  'POST /api/admin/admins': adminCreateSchema,
  'PUT /api/admin/admins/:id': adminUpdateSchema,
  'PUT /api/admin/settings': settingsSchema,
  'POST /api/admin/change-requests/:id/approve': stepUpProofSchema,
  'POST /api/admin/change-requests/:id/reject': changeRequestRejectSchema,
  'DELETE /api/admin/change-requests/:id': stepUpProofSchema,
  'POST /api/admin/payouts': payoutPrepareSchema,
  'POST /api/admin/payouts/:id/signed': payoutSignedSchema,
  'PUT /api/admin/withdrawals/:id': withdrawalProcessSchema,
  'POST /api/admin/withdrawals/:id/resolve': withdrawalResolveSchema,
  'POST /api/admin/outflows/:signature/explain': outflowExplainSchema,
  'POST /api/admin/audit-holds/:id/dismiss': auditHoldDismissSchema,
  'POST /api/admin/reserves/snapshots/:id/anchor/submit': reservesAnchorSubmitSchema,
  'POST /api/admin/webhooks': webhookSchema,
  'PUT /api/admin/webhooks/:id': webhookSchema,
  'POST /api/admin/me/two-factor/enable': twoFactorEnableSchema,
  'POST /api/admin/me/two-factor/disable': twoFactorDisableSchema,
  'POST /api/admin/me/password': passwordChangeSchema,
  'POST /api/admin/me/passkeys': passkeyRegisterSchema,
  'PATCH /api/admin/me/passkeys/:id': passkeyRenameSchema,
  'DELETE /api/admin/me/passkeys/:id': passkeyRemoveSchema,
} as const satisfies Partial<Record<AdminRoute, AnyObjectSchema>>;

/**
 * The schema each admin route that reads its query string validates it with: the server parses the
 * query with it (server/src/http/validate.ts, parseQuery) and the fuzzer sends its keys. A route
 * missing here reads no query.
 */
export const ADMIN_ROUTE_QUERIES = {
  'GET /api/admin/staking-plans': cursorPageQuerySchema,
  'GET /api/admin/stakes': stakeListQuerySchema,
  'GET /api/admin/stakes.csv': statusFilterQuerySchema,
  'GET /api/admin/admins': cursorPageQuerySchema,
  'GET /api/admin/audit-log': cursorPageQuerySchema,
  'GET /api/admin/change-requests': changeRequestListQuerySchema,
  'GET /api/admin/reconciliation': limitQuerySchema,
  'GET /api/admin/payouts': statusPageQuerySchema,
  'GET /api/admin/withdrawals': withdrawalListQuerySchema,
  'GET /api/admin/withdrawals.csv': statusFilterQuerySchema,
} as const satisfies Partial<Record<AdminRoute, AnyObjectSchema>>;

/** The admin routes sent with POST, PUT or PATCH that read no body: the path and the session say it all. */
export const ADMIN_ROUTES_WITHOUT_BODY = [
  'PATCH /api/admin/staking-plans/:id/toggle',
  'POST /api/admin/update-expired-stakes',
  'POST /api/admin/reserves/snapshots',
  'POST /api/admin/audits',
  'POST /api/admin/withdrawals/:id/approve',
  'POST /api/admin/reserves/snapshots/:id/anchor/prepare',
  'POST /api/admin/webhooks/:id/test',
  'POST /api/admin/me/two-factor/setup',
  'POST /api/admin/me/sign-out-everywhere',
  'POST /api/admin/me/logout',
  'POST /api/admin/me/passkeys/options',
  'POST /api/admin/me/passkeys/step-up-options',
] as const satisfies readonly AdminRoute[];

/**
 * Body fields an admin route reads before, or without, its schema: the fuzzer sends them with the
 * schema's. The retired payout registration's fields are answered on their own (DESIGN 10) before the
 * schema reads the body.
 */
export const ADMIN_BODY_FIELDS_OUTSIDE_SCHEMA = {
  'POST /api/admin/payouts': ['signature', 'lastValidBlockHeight'],
} as const satisfies Partial<Record<AdminRoute, readonly string[]>>;

/** The admin routes that end the session they are sent with (the fuzzer sends each with a session of its own). */
export const ADMIN_ROUTES_ENDING_THE_SESSION = [
  'POST /api/admin/me/sign-out-everywhere',
  'POST /api/admin/me/logout',
] as const satisfies readonly AdminRoute[];

/** A route checked by role after sign-in (every one but the sign-in itself). */
export type RoleCheckedRoute = { [R in AdminRoute]: (typeof ADMIN_ROUTES)[R] extends AdminRole ? R : never }[AdminRoute];

export function roleOf(route: RoleCheckedRoute): AdminRole {
  return ADMIN_ROUTES[route];
}
