import type { AnyObjectSchema } from 'yup';

/**
 * One route of the route tables (admin-routes.ts, api-routes.ts), keyed 'METHOD /path' as Express
 * mounts it: everything the server, the panel and the fuzzer know of the route is in its entry, and
 * its path parameters are checked by the rules of the names its path gives them (route-params.ts).
 */
export type RouteEntry<Role extends string> = {
  /** The least role an admin route needs (roles.ts, or 'signIn'); what a public route takes from its caller. */
  readonly role: Role;
  /**
   * The schema the route's JSON body is validated with: the server parses the body with it
   * (server/src/http/validate.ts, parseBody) and the fuzzer sends its fields. A POST, PUT or PATCH
   * route has one or says why it has none in `withoutBody` (route-bodies.test.ts).
   */
  readonly body?: AnyObjectSchema;
  /** Why a route sent with POST, PUT or PATCH has no body schema. */
  readonly withoutBody?: string;
  /**
   * The schema the route's query string is validated with: the server parses the query with it
   * (server/src/http/validate.ts, parseQuery) and the fuzzer sends its keys. A route without one
   * reads no query.
   */
  readonly query?: AnyObjectSchema;
  /** Body fields the route reads before, or without, its schema: the fuzzer sends them with the schema's. */
  readonly fieldsOutsideSchema?: readonly string[];
  /** The route ends the session it is sent with (the fuzzer sends it with a session of its own). */
  readonly endsTheSession?: true;
};

/** The value a field of a route's entry holds, for an entry that has the field. */
type FieldOf<E, F extends string> = E extends { readonly [K in F]: infer V } ? V : never;

/** The routes of a table whose entry has `field`, each with what its entry holds there. */
export type RoutesWith<T, F extends string> = {
  [R in keyof T as T[R] extends { readonly [K in F]: unknown } ? R : never]: FieldOf<T[R], F>;
};

/** RoutesWith as an object, in the table's order: `routesWith(ROUTE_TABLE, 'body')` is every route's body schema. */
export function routesWith<T extends Record<string, RouteEntry<string>>, F extends keyof RouteEntry<string> & string>(
  table: T,
  field: F,
): RoutesWith<T, F> {
  const picked = Object.entries(table).flatMap(([route, entry]) => (entry[field] === undefined ? [] : [[route, entry[field]] as const]));
  // Object.fromEntries types its result as an index signature; the filter above is what RoutesWith says in types.
  return Object.fromEntries(picked) as RoutesWith<T, F>;
}
