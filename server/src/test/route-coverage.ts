import { ADMIN_ROUTES } from '@stakedesk/shared/admin-routes';
import { PUBLIC_ROUTES } from '@stakedesk/shared/api-routes';

/** The route tables a test enumerates: the admin routes alone (the roles test), or every API route (the fuzzer). */
const SCOPES = {
  admin: { under: /^[A-Z]+ \/api\/admin(\/|$)/, table: Object.keys(ADMIN_ROUTES) },
  api: { under: /^[A-Z]+ \/api(\/|$)/, table: [...Object.keys(PUBLIC_ROUTES), ...Object.keys(ADMIN_ROUTES)] },
};

/** A route with its parameters' names left out, so '/stakes/:x' is a case for '/stakes/:walletAddress'. */
const shape = (route: string) => route.replace(/:\w+/g, ':');

/**
 * What a test that enumerates the route tables (shared/src/admin-routes.ts, api-routes.ts) would miss:
 * routes the app mounted that the table lacks (so, for an admin route, no role of its own), and table
 * routes the test has no case for.
 */
export function routeCoverageGaps(mounted: readonly string[], covered: Iterable<string>, scope: keyof typeof SCOPES = 'admin') {
  const { under, table } = SCOPES[scope];
  const tabled = new Set(table);
  const cases = new Set([...covered].map(shape));
  return {
    notInTable: mounted.filter((route) => under.test(route) && !tabled.has(route)),
    noCase: table.filter((route) => !cases.has(shape(route))),
  };
}
