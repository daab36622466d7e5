import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { RoleCheckedRoute } from '@stakedesk/shared/admin-routes';
import { isParamsRoute, type ParamsOf, type ParamsRoute } from '@stakedesk/shared/route-params';
import { isBodyRoute, type BodyOf, type BodyRoute } from '@stakedesk/shared/route-bodies';
import { isQueryRoute, type QueryOf, type QueryRoute } from '@stakedesk/shared/route-queries';
import { ROUTE_TABLE, type TableRoute } from '@stakedesk/shared/route-table';
import { isAdminRole } from '@stakedesk/shared/roles';
import { requireRole } from './signed-in-admin.js';
import { parseBody, parseParams, parseQuery } from './validate.js';

/**
 * What a route reads from its request, each parsed with the schema the route tables give it when the
 * handler asks for it: a handler reads them in the order it checks them, so a request wrong in two
 * ways is answered about the first one it checks. Only what the route's entry has a schema for is here.
 */
export type RouteInput<R extends TableRoute> = (R extends ParamsRoute ? { params: () => ParamsOf<R> } : unknown) &
  (R extends QueryRoute ? { query: () => QueryOf<R> } : unknown) &
  (R extends BodyRoute ? { body: () => BodyOf<R> } : unknown);

export type RouteHandler<R extends TableRoute> = (input: RouteInput<R>, res: Response, req: Request) => unknown;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The routes of the table under `base`, where the app mounts the router. */
type RouteUnder<B extends string> = Extract<TableRoute, `${string} ${B}${string}`>;

/**
 * A router for the routes of the route tables that the app mounts at `base`: `mount(route, ...)` takes
 * its method and path from the route's key, checks the least role the table gives it (before any
 * other handler), and hands the handler its parameters, query and body parsed with the table's schemas.
 */
export function tableRouter<B extends string>(base: B) {
  const router = Router();
  return {
    router,
    mount<R extends RouteUnder<B>>(route: R, ...handlers: [...RequestHandler[], RouteHandler<R>]): void {
      const [method, path] = route.split(' ') as [string, string];
      const handler = handlers.at(-1) as RouteHandler<R>;
      const before = handlers.slice(0, -1) as RequestHandler[];
      const roleCheck = isRoleChecked(route) ? [requireRole(route)] : [];
      router[method.toLowerCase() as Method](path.slice(base.length) || '/', ...roleCheck, ...before, (req, res) =>
        handler(inputOf(route, req), res, req),
      );
    },
  };
}

function isRoleChecked(route: TableRoute): route is RoleCheckedRoute {
  return isAdminRole(ROUTE_TABLE[route].role);
}

function inputOf<R extends TableRoute>(route: R, req: Request): RouteInput<R> {
  return {
    ...(isParamsRoute(route) && { params: () => parseParams(route, req) }),
    ...(isQueryRoute(route) && { query: () => parseQuery(route, req) }),
    // A DELETE may be sent without a body: then its body is empty.
    ...(isBodyRoute(route) && { body: () => parseBody(route, route.startsWith('DELETE ') ? (req.body ?? {}) : req.body) }),
  } as RouteInput<R>;
}
