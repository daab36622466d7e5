import type { RouteEntry } from './route-entry.js';
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

/** Why an admin route sent with POST, PUT or PATCH has no body schema. */
const NO_BODY = 'reads no body: the path and the session say it all';

/**
 * Every admin API route, as Express mounts it, in one entry each: the least role it needs (roles.ts),
 * the schemas of its body and query (route-entry.ts says what each field of an entry is for). The one
 * place a route's role is written: the server checks it from here, the panel hides what a role may not
 * do from here, and the roles test and the fuzzer enumerate it (a mounted route missing here fails
 * them). The admin's own account (/me) is open to every role, so to a viewer; signing in needs no role.
 */
export const ADMIN_ROUTES = {
  'POST /api/admin/login': { role: 'signIn', body: adminLoginSchema },
  'POST /api/admin/login/passkey': { role: 'signIn', body: adminPasskeyLoginSchema },
  'GET /api/admin/staking-plans': { role: 'viewer', query: cursorPageQuerySchema },
  'POST /api/admin/staking-plans': { role: 'operator', body: planSchema },
  'PUT /api/admin/staking-plans/:id': { role: 'operator', body: planSchema },
  'PATCH /api/admin/staking-plans/:id/toggle': { role: 'operator', withoutBody: NO_BODY },
  'DELETE /api/admin/staking-plans/:id': { role: 'operator' },
  'GET /api/admin/jobs': { role: 'viewer' },
  'GET /api/admin/stakes': { role: 'viewer', query: stakeListQuerySchema },
  'GET /api/admin/stakes.csv': { role: 'viewer', query: statusFilterQuerySchema },
  'POST /api/admin/update-expired-stakes': { role: 'operator', withoutBody: NO_BODY },
  'GET /api/admin/stats': { role: 'viewer' },
  'POST /api/admin/reserves/snapshots': { role: 'owner', withoutBody: NO_BODY },
  'GET /api/admin/reserves/snapshots': { role: 'viewer' },
  'POST /api/admin/reserves/snapshots/:id/anchor/prepare': { role: 'owner', withoutBody: NO_BODY },
  'POST /api/admin/reserves/snapshots/:id/anchor/submit': { role: 'owner', body: reservesAnchorSubmitSchema },
  'GET /api/admin/admins': { role: 'viewer', query: cursorPageQuerySchema },
  'POST /api/admin/admins': { role: 'owner', body: adminCreateSchema },
  'PUT /api/admin/admins/:id': { role: 'owner', body: adminUpdateSchema },
  'DELETE /api/admin/admins/:id': { role: 'owner' },
  'GET /api/admin/audit-log': { role: 'viewer', query: cursorPageQuerySchema },
  'GET /api/admin/events': { role: 'viewer' },
  'GET /api/admin/settings': { role: 'viewer' },
  'PUT /api/admin/settings': { role: 'owner', body: settingsSchema },
  'GET /api/admin/auto-payouts': { role: 'viewer' },
  'GET /api/admin/change-requests': { role: 'viewer', query: changeRequestListQuerySchema },
  'POST /api/admin/change-requests/:id/approve': { role: 'owner', body: stepUpProofSchema },
  'POST /api/admin/change-requests/:id/reject': { role: 'owner', body: changeRequestRejectSchema },
  'DELETE /api/admin/change-requests/:id': { role: 'owner', body: stepUpProofSchema },
  'GET /api/admin/reconciliation': { role: 'viewer', query: limitQuerySchema },
  'GET /api/admin/outflows': { role: 'viewer' },
  'POST /api/admin/outflows/:signature/explain': { role: 'owner', body: outflowExplainSchema },
  'GET /api/admin/audits': { role: 'viewer' },
  'POST /api/admin/audits': { role: 'owner', withoutBody: NO_BODY },
  'GET /api/admin/audits/:id': { role: 'viewer' },
  'GET /api/admin/audit-holds': { role: 'viewer' },
  'POST /api/admin/audit-holds/:id/dismiss': { role: 'owner', body: auditHoldDismissSchema },
  'GET /api/admin/payouts': { role: 'viewer', query: statusPageQuerySchema },
  'GET /api/admin/payouts/:id': { role: 'viewer' },
  'POST /api/admin/payouts': {
    role: 'operator',
    body: payoutPrepareSchema,
    // The retired payout registration's fields are answered on their own (DESIGN 10) before the schema reads the body.
    fieldsOutsideSchema: ['signature', 'lastValidBlockHeight'],
  },
  'POST /api/admin/payouts/:id/signed': { role: 'operator', body: payoutSignedSchema },
  'PUT /api/admin/withdrawals/:id': { role: 'operator', body: withdrawalProcessSchema },
  'POST /api/admin/withdrawals/:id/resolve': { role: 'owner', body: withdrawalResolveSchema },
  'POST /api/admin/withdrawals/:id/approve': { role: 'operator', withoutBody: NO_BODY },
  'GET /api/admin/treasury': { role: 'viewer' },
  'GET /api/admin/webhooks': { role: 'viewer' },
  'POST /api/admin/webhooks': { role: 'owner', body: webhookSchema },
  'PUT /api/admin/webhooks/:id': { role: 'owner', body: webhookSchema },
  'DELETE /api/admin/webhooks/:id': { role: 'owner' },
  'POST /api/admin/webhooks/:id/test': { role: 'owner', withoutBody: NO_BODY },
  'GET /api/admin/webhooks/:id/deliveries': { role: 'viewer' },
  'GET /api/admin/withdrawals': { role: 'viewer', query: withdrawalListQuerySchema },
  'GET /api/admin/withdrawals.csv': { role: 'viewer', query: statusFilterQuerySchema },
  'GET /api/admin/me': { role: 'viewer' },
  'POST /api/admin/me/two-factor/setup': { role: 'viewer', withoutBody: NO_BODY },
  'POST /api/admin/me/two-factor/enable': { role: 'viewer', body: twoFactorEnableSchema },
  'POST /api/admin/me/two-factor/disable': { role: 'viewer', body: twoFactorDisableSchema },
  'POST /api/admin/me/password': { role: 'viewer', body: passwordChangeSchema },
  'POST /api/admin/me/sign-out-everywhere': { role: 'viewer', withoutBody: NO_BODY, endsTheSession: true },
  'POST /api/admin/me/logout': { role: 'viewer', withoutBody: NO_BODY, endsTheSession: true },
  'GET /api/admin/me/passkeys': { role: 'viewer' },
  'POST /api/admin/me/passkeys/options': { role: 'viewer', withoutBody: NO_BODY },
  'POST /api/admin/me/passkeys': { role: 'viewer', body: passkeyRegisterSchema },
  'PATCH /api/admin/me/passkeys/:id': { role: 'viewer', body: passkeyRenameSchema },
  'DELETE /api/admin/me/passkeys/:id': { role: 'viewer', body: passkeyRemoveSchema },
  'POST /api/admin/me/passkeys/step-up-options': { role: 'viewer', withoutBody: NO_BODY },
} as const satisfies Record<string, RouteEntry<AdminRole | 'signIn'>>;

export type AdminRoute = keyof typeof ADMIN_ROUTES;

/** A route checked by role after sign-in (every one but the sign-in itself). */
export type RoleCheckedRoute = { [R in AdminRoute]: (typeof ADMIN_ROUTES)[R]['role'] extends AdminRole ? R : never }[AdminRoute];

export function roleOf(route: RoleCheckedRoute): AdminRole {
  return ADMIN_ROUTES[route].role;
}
