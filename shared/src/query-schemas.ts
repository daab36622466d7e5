/**
 * The query schemas of the route tables (admin-routes.ts, api-routes.ts): the server parses a route's
 * query string with its schema (server/src/http/validate.ts, parseQuery) and the fuzzer sends its keys.
 * Open objects, unlike the bodies' schemas: a key a route does not read is ignored, as a query string
 * may carry anything (a cache buster, a tracker).
 */

import { mixed, type ObjectSchema } from 'yup';
import { DEFAULT_PAGE_LIMIT, MAX_SEARCH_LENGTH, WALLET_PAGE_LIMIT } from './constants.js';
import { msg } from './i18n/catalogue.js';
import { choice, openObject, text } from './schema-fields.js';
import { pageLimit, pageOffset, SORT_ORDERS, STAKE_SORT_FIELDS, WITHDRAWAL_SORT_FIELDS, type AdminListQuery } from './schemas.js';
import { STAKE_GROUPS } from './stake-status.js';

/**
 * A query key the server checks apart, against what its value was made for: ?cursor= against the list
 * it was made for (server/src/http/cursor.ts), ?status= against the route's statuses (status-filter.ts).
 * Named in a route's query schema so that the schema holds every key the route reads.
 */
const checkedApart = () => mixed().nullable().optional();

/** ?limit=&offset=&cursor= of an admin list in one fixed order. */
export const cursorPageQuerySchema = openObject({ limit: pageLimit(DEFAULT_PAGE_LIMIT), offset: pageOffset(), cursor: checkedApart() });

/** The same, filtered by ?status=a,b. */
export const statusPageQuerySchema = openObject({
  limit: pageLimit(DEFAULT_PAGE_LIMIT),
  offset: pageOffset(),
  cursor: checkedApart(),
  status: checkedApart(),
});

/** ?status=a,b of a CSV export. */
export const statusFilterQuerySchema = openObject({ status: checkedApart() });

/** ?limit= of a list read whole up to a limit. */
export const limitQuerySchema = openObject({ limit: pageLimit(DEFAULT_PAGE_LIMIT) });

/** GET /api/stakes/{wallet}: the wallet page (WALLET_PAGE_LIMIT by default), and optionally one dashboard table's stakes (stakeGroup). */
export const walletStakesQuerySchema = openObject({
  limit: pageLimit(WALLET_PAGE_LIMIT),
  offset: pageOffset(),
  group: choice(STAKE_GROUPS, msg('stakeGroupInvalid')).optional(),
  cursor: checkedApart(),
});

/** GET /api/withdrawals/{wallet}: the wallet page. */
export const walletWithdrawalsQuerySchema = openObject({
  limit: pageLimit(WALLET_PAGE_LIMIT),
  offset: pageOffset(),
  cursor: checkedApart(),
});

/**
 * ?limit=&offset=&sort=&order=&q= of the admin stake and withdrawal lists, with ?status= (a
 * comma-separated filter) and ?cursor= checked apart. q finds a wallet or txId by its start, or a
 * plan by part of its name.
 */
type CheckedApart = { cursor?: unknown; status?: unknown };
function adminListQuery<const F extends string>(sortFields: readonly F[]): ObjectSchema<AdminListQuery<F> & CheckedApart> {
  // yup infers `sort` as string from the generic field list; the oneOf check makes it F.
  return statusPageQuerySchema.shape({
    sort: choice(sortFields, msg('sortField', { allowed: sortFields.join(', ') })).optional(),
    order: choice(SORT_ORDERS, msg('sortOrderInvalid')).optional(),
    q: text(msg('fieldSearch'), MAX_SEARCH_LENGTH).optional(),
  }) as unknown as ObjectSchema<AdminListQuery<F> & CheckedApart>;
}
export const stakeListQuerySchema = adminListQuery(STAKE_SORT_FIELDS);
export const withdrawalListQuerySchema = adminListQuery(WITHDRAWAL_SORT_FIELDS);
