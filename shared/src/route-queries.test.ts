import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryKeys, ROUTE_QUERIES, type QueryRoute } from './route-queries.js';
import { validate } from './validate.js';

const ROUTES = Object.keys(ROUTE_QUERIES) as QueryRoute[];

/** What Express makes of a query string: strings, and lists of strings for a repeated key. */
const queryValue = fc.oneof(fc.string({ maxLength: 40 }), fc.array(fc.string({ maxLength: 40 }), { minLength: 2, maxLength: 3 }));

describe('the route tables’ query schemas', () => {
  it.each(ROUTES)('%s: answers every query string with a value or coded field messages', (route) => {
    const keys = [...queryKeys(route), '__proto__', 'x'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), queryValue), (query) => {
        const result = validate<unknown>(ROUTE_QUERIES[route], query);
        if (!result.ok) expect(Object.values(result.errors)).not.toContain('Invalid request');
      }),
      { numRuns: 200 },
    );
  });

  it('ignores a key the route does not read, but where the route refuses any other key', () => {
    const ignoring = ROUTES.filter((route) => validate<unknown>(ROUTE_QUERIES[route], { utm_source: 'mail' }).ok);
    expect(ROUTES.filter((route) => !ignoring.includes(route))).toEqual([
      'GET /api/admin/change-requests',
      // Its amount is required.
      'POST /api/actions/stake/:planId',
    ]);
  });
});
