import type { InferType } from 'yup';
import { ADMIN_BODY_FIELDS_OUTSIDE_SCHEMA, ADMIN_ROUTE_BODIES, ADMIN_ROUTES, ADMIN_ROUTES_WITHOUT_BODY } from './admin-routes.js';
import { PUBLIC_BODY_FIELDS_OUTSIDE_SCHEMA, PUBLIC_ROUTE_BODIES, PUBLIC_ROUTES, PUBLIC_ROUTES_WITHOUT_BODY_SCHEMA } from './api-routes.js';

/** Every route with a JSON body, admin or public, and the schema of its body (written in admin-routes.ts and api-routes.ts). */
export const ROUTE_BODIES = { ...ADMIN_ROUTE_BODIES, ...PUBLIC_ROUTE_BODIES };

export type BodyRoute = keyof typeof ROUTE_BODIES;
export type BodyOf<R extends BodyRoute> = InferType<(typeof ROUTE_BODIES)[R]>;

export function isBodyRoute(route: string): route is BodyRoute {
  return Object.hasOwn(ROUTE_BODIES, route);
}

/** The top-level fields a route's body may carry, from its schema. */
export function bodyFields(route: BodyRoute): string[] {
  return Object.keys(ROUTE_BODIES[route].fields);
}

const FIELDS_OUTSIDE_SCHEMA: Record<string, readonly string[]> = {
  ...ADMIN_BODY_FIELDS_OUTSIDE_SCHEMA,
  ...PUBLIC_BODY_FIELDS_OUTSIDE_SCHEMA,
};

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
 * nor a place among the routes without one, a route in both, and a body schema on a GET.
 */
export function bodyTableGaps(
  routes: readonly string[] = [...Object.keys(ADMIN_ROUTES), ...Object.keys(PUBLIC_ROUTES)],
  withSchema: readonly string[] = Object.keys(ROUTE_BODIES),
  withoutSchema: readonly string[] = [...ADMIN_ROUTES_WITHOUT_BODY, ...Object.keys(PUBLIC_ROUTES_WITHOUT_BODY_SCHEMA)],
) {
  const schema = new Set(withSchema);
  const none = new Set(withoutSchema);
  return {
    noSchema: routes.filter((route) => SENT_WITH_BODY.test(route) && !schema.has(route) && !none.has(route)),
    both: withSchema.filter((route) => none.has(route)),
    schemaWithoutBody: withSchema.filter((route) => !MAY_HAVE_BODY.test(route)),
  };
}
