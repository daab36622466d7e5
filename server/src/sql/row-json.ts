import { normalizeDecimal } from '@stakedesk/shared/decimal';
import { jsonIsoDate, jsonNormalizedNumeric, jsonNumeric, jsonObject, jsonScalar, jsonText, type JsonMember } from './json-sql.js';

/**
 * A row's JSON shape, written once: each member names the row's attribute it comes from and how it
 * is printed. `rowJson` makes the JSON of a model row from it and `rowJsonSql` the SQL that writes
 * the same text in PostgreSQL (json-sql.test.ts compares them byte for byte); the column is the
 * attribute in snake case, as every model maps it. Members are written in the answer's order.
 */
type Kind = 'text' | 'scalar' | 'scalarOrAbsent' | 'numeric' | 'normalizedNumeric' | 'isoDate';

export type Member<Row> = { readonly kind: Kind; readonly from: keyof Row & string };

/** Every member of the JSON type, each a member of the row or a nested object of them. */
export type RowShape<Row, Json> = {
  readonly [K in keyof Json]-?: NonNullable<Json[K]> extends string | number | boolean ? Member<Row> : RowShape<Row, NonNullable<Json[K]>>;
};

const member =
  (kind: Kind) =>
  <Row>(from: keyof Row & string): Member<Row> => ({ kind, from });

/** Text as it is (a JSON string, or null). */
export const text = member('text');
/** An integer or a boolean as it is. */
export const scalar = member('scalar');
/** An integer left out of the object when null (a field only some rows have, such as a demo plan's minutes). */
export const scalarOrAbsent = member('scalarOrAbsent');
/** A NUMERIC as PostgreSQL prints it. */
export const numeric = member('numeric');
/** A NUMERIC as normalizeDecimal prints it (no trailing fraction zeros). */
export const normalizedNumeric = member('normalizedNumeric');
/** A timestamp as Date#toISOString prints it, or null. */
export const isoDate = member('isoDate');

const isMember = (value: unknown): value is Member<unknown> => typeof (value as Member<unknown>).kind === 'string';
const columnOf = (attribute: string) => attribute.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function valueOf(kind: Kind, value: unknown): unknown {
  if (kind === 'normalizedNumeric') return normalizeDecimal(value as string);
  if (kind === 'isoDate') return value === null ? null : (value as Date).toISOString();
  return value;
}

const SQL: Record<Kind, (column: string) => string> = {
  text: jsonText,
  scalar: jsonScalar,
  // The bare value: null leaves the member out (jsonObject's `omitNull`).
  scalarOrAbsent: (column) => `${column}::text`,
  numeric: jsonNumeric,
  normalizedNumeric: jsonNormalizedNumeric,
  isoDate: jsonIsoDate,
};

export function rowJson<Row, Json>(shape: RowShape<Row, Json>, row: Row): Json {
  const entries = Object.entries(shape as Record<string, Member<Row> | object>).flatMap(([key, part]) => {
    if (!isMember(part)) return [[key, rowJson(part as RowShape<Row, unknown>, row)]];
    const value = valueOf(part.kind, row[part.from as keyof Row]);
    return part.kind === 'scalarOrAbsent' && value === null ? [] : [[key, value]];
  });
  return Object.fromEntries(entries) as Json;
}

/** The members of rowJsonSql, for an object that adds one of its own (a subquery). */
export function rowJsonMembersSql<Row, Json>(shape: RowShape<Row, Json>, alias: string): JsonMember[] {
  return Object.entries(shape as Record<string, Member<Row> | object>).map(([key, part]) =>
    isMember(part)
      ? [key, SQL[part.kind](`${alias}.${columnOf(part.from)}`), part.kind === 'scalarOrAbsent']
      : [key, rowJsonSql(part as RowShape<Row, unknown>, alias)],
  );
}

/** rowJson in SQL: the JSON text of the row `alias`, member for member. */
export function rowJsonSql<Row, Json>(shape: RowShape<Row, Json>, alias: string): string {
  return jsonObject(rowJsonMembersSql(shape, alias));
}
