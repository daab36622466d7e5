import type { AnyObjectSchema, InferType } from 'yup';
import { ADMIN_ROUTES, type AdminRoute } from './admin-routes.js';
import { PUBLIC_ROUTES, type PublicRoute } from './api-routes.js';
import { actionPlanParamSchema, idParamSchema, outflowParamSchema, reservesProofParamSchema, walletAddressParamSchema } from './schemas.js';

/**
 * The schema of each route's path parameters, by the route tables' keys (admin-routes.ts,
 * api-routes.ts): the server parses req.params with it (server/src/http/mount.ts). A route whose path
 * names a parameter is here, with a schema of exactly the parameters its path names (route-params.test.ts).
 */
export const ROUTE_PARAMS = {
  'PUT /api/admin/staking-plans/:id': idParamSchema,
  'PATCH /api/admin/staking-plans/:id/toggle': idParamSchema,
  'DELETE /api/admin/staking-plans/:id': idParamSchema,
  'POST /api/admin/reserves/snapshots/:id/anchor/prepare': idParamSchema,
  'POST /api/admin/reserves/snapshots/:id/anchor/submit': idParamSchema,
  'PUT /api/admin/admins/:id': idParamSchema,
  'DELETE /api/admin/admins/:id': idParamSchema,
  'POST /api/admin/change-requests/:id/approve': idParamSchema,
  'POST /api/admin/change-requests/:id/reject': idParamSchema,
  'DELETE /api/admin/change-requests/:id': idParamSchema,
  'POST /api/admin/outflows/:signature/explain': outflowParamSchema,
  'GET /api/admin/audits/:id': idParamSchema,
  'POST /api/admin/audit-holds/:id/dismiss': idParamSchema,
  'GET /api/admin/payouts/:id': idParamSchema,
  'POST /api/admin/payouts/:id/signed': idParamSchema,
  'PUT /api/admin/withdrawals/:id': idParamSchema,
  'POST /api/admin/withdrawals/:id/resolve': idParamSchema,
  'POST /api/admin/withdrawals/:id/approve': idParamSchema,
  'PUT /api/admin/webhooks/:id': idParamSchema,
  'DELETE /api/admin/webhooks/:id': idParamSchema,
  'POST /api/admin/webhooks/:id/test': idParamSchema,
  'GET /api/admin/webhooks/:id/deliveries': idParamSchema,
  'PATCH /api/admin/me/passkeys/:id': idParamSchema,
  'DELETE /api/admin/me/passkeys/:id': idParamSchema,
  'GET /api/stakes/:walletAddress/summary': walletAddressParamSchema,
  'GET /api/stakes/:walletAddress': walletAddressParamSchema,
  'GET /api/stakes/intents/:id': idParamSchema,
  'DELETE /api/stakes/intents/:id': idParamSchema,
  'GET /api/withdrawals/:walletAddress': walletAddressParamSchema,
  'GET /api/reserves/:id': idParamSchema,
  'GET /api/reserves/:id/proof/:walletAddress': reservesProofParamSchema,
  'POST /api/reserves/:id/check-failures': idParamSchema,
  'GET /api/actions/stake/:planId': actionPlanParamSchema,
  'POST /api/actions/stake/:planId': actionPlanParamSchema,
  'POST /api/actions/stake/intents/:id/done': idParamSchema,
} as const satisfies Partial<Record<AdminRoute | PublicRoute, AnyObjectSchema>>;

export type ParamsRoute = keyof typeof ROUTE_PARAMS;
export type ParamsOf<R extends ParamsRoute> = InferType<(typeof ROUTE_PARAMS)[R]>;

export function isParamsRoute(route: string): route is ParamsRoute {
  return Object.hasOwn(ROUTE_PARAMS, route);
}

/** The parameters a route's path names, in order: 'GET /api/reserves/:id/proof/:walletAddress' names id and walletAddress. */
export function pathParams(route: string): string[] {
  return [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

/** What the params table gets wrong: a route naming parameters without a schema of exactly those, or an entry for a route without. */
export function paramsTableGaps(routes: readonly string[] = [...Object.keys(ADMIN_ROUTES), ...Object.keys(PUBLIC_ROUTES)]) {
  const schemas: Record<string, AnyObjectSchema> = ROUTE_PARAMS;
  return {
    noSchema: routes.filter((route) => pathParams(route).length > 0 && !Object.hasOwn(schemas, route)),
    otherParams: Object.keys(schemas).filter(
      (route) => Object.keys(schemas[route]!.fields).sort().join() !== pathParams(route).sort().join(),
    ),
  };
}
