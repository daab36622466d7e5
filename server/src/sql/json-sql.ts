/**
 * SQL expressions that print a value as JSON text exactly as JSON.stringify prints what the
 * server's *-json.ts mappers make of the row, so a list can leave PostgreSQL as the answer's
 * bytes: no row objects, no Date parsing, no serialising in the server's one thread. Each helper
 * takes a column expression and gives the JSON text of its value (`null` for SQL NULL).
 * PostgreSQL escapes strings as JSON.stringify does (RFC 8259: \" \\ \b \f \n \r \t, other
 * control characters as \u00xx, nothing else); json-sql.test.ts holds them to it.
 */

/** Text, as a JSON string. */
export const jsonText = (column: string) => `coalesce(to_json(${column})::text, 'null')`;

/** An integer or a boolean, as a JSON number or true/false. */
export const jsonScalar = (column: string) => `coalesce(${column}::text, 'null')`;

/** A NUMERIC as PostgreSQL prints it (what the pg driver hands over), as a JSON string. */
export const jsonNumeric = (column: string) => `coalesce('"' || ${column}::text || '"', 'null')`;

/** A NUMERIC as normalizeDecimal prints it (no trailing fraction zeros, no trailing point), as a JSON string. */
export const jsonNormalizedNumeric = (column: string) => jsonNumeric(`trim_scale(${column})`);

/**
 * A timestamptz as Date#toISOString prints it: UTC, milliseconds, Z. to_char's MS truncates the
 * microseconds, as the pg driver's date parser does.
 */
export const jsonIsoDate = (column: string) =>
  `coalesce('"' || to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;

/** A member of jsonObject: its key, its JSON text expression, and whether SQL NULL leaves it out (never the first member). */
export type JsonMember = [key: string, json: string, omitNull?: boolean];

/** A JSON object of the given members in this order; values are JSON text expressions from the helpers above. */
export function jsonObject(members: JsonMember[]): string {
  const parts = members.map(([key, json, omitNull], i) => {
    if (omitNull && i === 0) throw new Error(`jsonObject: the first member (${key}) cannot be left out`);
    const prefix = `'${i === 0 ? '{' : ','}${JSON.stringify(key).replaceAll("'", "''")}:'`;
    return omitNull ? `coalesce(${prefix} || ${json}, '')` : `${prefix} || ${json}`;
  });
  return `(${parts.join(' || ')} || '}')`;
}
