import type { InferType } from 'yup';
import { ADMIN_ROUTE_QUERIES } from './admin-routes.js';
import { PUBLIC_ROUTE_QUERIES } from './api-routes.js';

/** Every route that reads its query string, admin or public, and the schema of its query (written in admin-routes.ts and api-routes.ts). */
export const ROUTE_QUERIES = { ...ADMIN_ROUTE_QUERIES, ...PUBLIC_ROUTE_QUERIES };

export type QueryRoute = keyof typeof ROUTE_QUERIES;
export type QueryOf<R extends QueryRoute> = InferType<(typeof ROUTE_QUERIES)[R]>;

export function isQueryRoute(route: string): route is QueryRoute {
  return Object.hasOwn(ROUTE_QUERIES, route);
}

/** The query keys a route reads, from its schema. */
export function queryKeys(route: QueryRoute): string[] {
  return Object.keys(ROUTE_QUERIES[route].fields);
}
