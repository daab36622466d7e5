import type { Request } from 'express';
import type { Schema } from 'yup';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { ROUTE_BODIES, type BodyOf, type BodyRoute } from '@stakedesk/shared/route-bodies';
import { paramsSchemaOf, type ParamsOf, type ParamsRoute } from '@stakedesk/shared/route-params';
import { ROUTE_QUERIES, type QueryOf, type QueryRoute } from '@stakedesk/shared/route-queries';
import { validateCoded } from '@stakedesk/shared/validate';
import { badRequest } from '../errors.js';

/** Validates untrusted input against a shared schema; throws a 400 with every field message. */
export function parse<T>(schema: Schema<T>, input: unknown): T {
  const result = validateCoded(schema, input);
  if (!result.ok) {
    const messages = Object.values(result.errors);
    throw badRequest(messages.length === 1 ? messages[0]! : msg('validationFailed'), result.errors);
  }
  return result.value;
}

/** Validates a route's JSON body with the schema the route tables give it (shared/src/admin-routes.ts, api-routes.ts). */
export function parseBody<R extends BodyRoute>(route: R, body: unknown): BodyOf<R> {
  return parse(ROUTE_BODIES[route] as Schema<BodyOf<R>>, body);
}

/** Validates a route's query string with the schema the route tables give it. */
export function parseQuery<R extends QueryRoute>(route: R, req: Request): QueryOf<R> {
  return parse(ROUTE_QUERIES[route] as Schema<QueryOf<R>>, req.query);
}

/** Validates a route's path parameters by the rules of the names its path gives them. */
export function parseParams<R extends ParamsRoute>(route: R, req: Request): ParamsOf<R> {
  return parse(paramsSchemaOf(route) as Schema<ParamsOf<R>>, req.params);
}
