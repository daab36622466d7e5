import { ADMIN_ROUTES } from '@stakedesk/shared/admin-routes';

const ADMIN_API = /^[A-Z]+ \/api\/admin(\/|$)/;

/**
 * What a test that enumerates the route table (shared/src/admin-routes.ts) would miss: admin routes the
 * app mounted that the table lacks (so no role of their own), and table routes the test has no case for.
 */
export function routeCoverageGaps(mounted: readonly string[], covered: Iterable<string>) {
  const table = new Set<string>(Object.keys(ADMIN_ROUTES));
  const cases = new Set(covered);
  return {
    notInTable: mounted.filter((route) => ADMIN_API.test(route) && !table.has(route)),
    noCase: [...table].filter((route) => !cases.has(route)),
  };
}
