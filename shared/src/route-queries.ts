import type { InferType } from 'yup';
import { routesWith } from './route-entry.js';
import { ROUTE_TABLE } from './route-table.js';

/** Every route that reads its query string, admin or public, and the schema of its query (from its entry in admin-routes.ts or api-routes.ts). */
export const ROUTE_QUERIES = routesWith(ROUTE_TABLE, 'query');

export type QueryRoute = keyof typeof ROUTE_QUERIES;
export type QueryOf<R extends QueryRoute> = InferType<(typeof ROUTE_QUERIES)[R]>;

export function isQueryRoute(route: string): route is QueryRoute {
  return Object.hasOwn(ROUTE_QUERIES, route);
}

/** The query keys a route reads, from its schema. */
export function queryKeys(route: QueryRoute): string[] {
  return Object.keys(ROUTE_QUERIES[route].fields);
}
