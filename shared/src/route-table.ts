import { ADMIN_ROUTES } from './admin-routes.js';
import { PUBLIC_ROUTES } from './api-routes.js';
import { routesWith } from './route-entry.js';

/** Every route of the route tables, admin then public, by its key 'METHOD /path', with its entry (route-entry.ts). */
export const ROUTE_TABLE = { ...ADMIN_ROUTES, ...PUBLIC_ROUTES };

export type TableRoute = keyof typeof ROUTE_TABLE;

/** The routes that end the session they are sent with (the fuzzer sends each with a session of its own). */
export const ROUTES_ENDING_THE_SESSION = Object.keys(routesWith(ROUTE_TABLE, 'endsTheSession'));
