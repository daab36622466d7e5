import type { InferType } from 'yup';
import { routesWith } from './route-entry.js';
import { ROUTE_TABLE } from './route-table.js';

/** Every route with a JSON body, admin or public, and the schema of its body (from its entry in admin-routes.ts or api-routes.ts). */
export const ROUTE_BODIES = routesWith(ROUTE_TABLE, 'body');

export type BodyRoute = keyof typeof ROUTE_BODIES;
export type BodyOf<R extends BodyRoute> = InferType<(typeof ROUTE_BODIES)[R]>;

export function isBodyRoute(route: string): route is BodyRoute {
  return Object.hasOwn(ROUTE_BODIES, route);
}

/** The top-level fields a route's body may carry, from its schema. */
export function bodyFields(route: BodyRoute): string[] {
  return Object.keys(ROUTE_BODIES[route].fields);
}

const FIELDS_OUTSIDE_SCHEMA: Record<string, readonly string[]> = routesWith(ROUTE_TABLE, 'fieldsOutsideSchema');

/** Every top-level field a route reads from its body: its schema's, and those it reads before or without one. */
export function fieldsRead(route: string): string[] {
  const schema = isBodyRoute(route) ? bodyFields(route) : [];
  return [...new Set([...schema, ...(FIELDS_OUTSIDE_SCHEMA[route] ?? [])])];
}

const SENT_WITH_BODY = /^(POST|PUT|PATCH) /;

/** A DELETE may carry a JSON body too, and then has a schema: the step-up proof of a removal (DESIGN 17's passkeys). */
const MAY_HAVE_BODY = /^(POST|PUT|PATCH|DELETE) /;

/**
 * What the route tables get wrong about bodies: a POST, PUT or PATCH route with neither a body schema
 * nor a reason it has none, a route with both, and a body schema on a GET.
 */
export function bodyTableGaps(
  routes: readonly string[] = Object.keys(ROUTE_TABLE),
  withSchema: readonly string[] = Object.keys(ROUTE_BODIES),
  withoutSchema: readonly string[] = Object.keys(routesWith(ROUTE_TABLE, 'withoutBody')),
) {
  const schema = new Set(withSchema);
  const none = new Set(withoutSchema);
  return {
    noSchema: routes.filter((route) => SENT_WITH_BODY.test(route) && !schema.has(route) && !none.has(route)),
    both: withSchema.filter((route) => none.has(route)),
    schemaWithoutBody: withSchema.filter((route) => !MAY_HAVE_BODY.test(route)),
  };
}
