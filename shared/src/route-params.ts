import type { AnyObjectSchema, InferType } from 'yup';
import { ROUTE_TABLE, type TableRoute } from './route-table.js';
import { strictObject } from './schema-fields.js';
import { PATH_PARAM_FIELDS } from './schemas.js';

/**
 * A route's path parameters are checked by the rules its path's names have (PATH_PARAM_FIELDS in
 * schemas.ts): the path is the only place they are written, and a route's entry holds no schema of
 * them. The server parses req.params with the schema made here (server/src/http/mount.ts).
 */
type ParamName = keyof typeof PATH_PARAM_FIELDS;

/** The names a path gives its parameters: 'GET /api/reserves/:id/proof/:walletAddress' gives 'id' | 'walletAddress'. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A name a route's path gives a parameter without a rule for it: none, or this fails to compile. */
const everyParamHasARule: [Exclude<PathParamNames<TableRoute>, ParamName>] extends [never] ? true : false = true;
void everyParamHasARule;

export type ParamsRoute = { [R in TableRoute]: [PathParamNames<R>] extends [never] ? never : R }[TableRoute];
export type ParamsOf<R extends ParamsRoute> = { [N in PathParamNames<R> & ParamName]: InferType<(typeof PATH_PARAM_FIELDS)[N]> };

/** The parameters a path names, in order: 'GET /api/reserves/:id/proof/:walletAddress' names id and walletAddress. */
export function pathParams(route: string): string[] {
  return [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

const isParamName = (name: string): name is ParamName => Object.hasOwn(PATH_PARAM_FIELDS, name);

const PARAMS_SCHEMAS = new Map<string, AnyObjectSchema>(
  Object.keys(ROUTE_TABLE)
    .filter((route) => pathParams(route).length > 0)
    .map((route) => [
      route,
      strictObject(
        Object.fromEntries(
          pathParams(route)
            .filter(isParamName)
            .map((name) => [name, PATH_PARAM_FIELDS[name]]),
        ),
      ),
    ]),
);

export function isParamsRoute(route: string): route is ParamsRoute {
  return PARAMS_SCHEMAS.has(route);
}

/** The schema of a route's path parameters: exactly the ones its path names, each by its rule. */
export function paramsSchemaOf(route: ParamsRoute): AnyObjectSchema {
  return PARAMS_SCHEMAS.get(route)!;
}

/** The parameters routes' paths name that have no rule (none, as the type above also holds). */
export function paramsWithoutRule(routes: readonly string[] = Object.keys(ROUTE_TABLE)): string[] {
  return routes.flatMap((route) =>
    pathParams(route)
      .filter((name) => !isParamName(name))
      .map((name) => `${route} :${name}`),
  );
}
