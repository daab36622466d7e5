import type pg from 'pg';
import { DatabaseError, type Sequelize } from 'sequelize';

/**
 * Runs `text` as a statement each pooled connection prepares once, under `name` (one name, one
 * text), on Sequelize's own pool and its connections' settings. Sequelize sends every statement as
 * new text that PostgreSQL parses and plans again: for a long statement that runs in a tenth of a
 * millisecond (a holder's list written as JSON), parsing and planning cost more than the run.
 * Errors come back as Sequelize's DatabaseError, so the error handler reads them as any other.
 */
export async function preparedQuery<T extends pg.QueryResultRow>(
  db: Sequelize,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const logging = (db as unknown as { options: { logging?: unknown } }).options.logging;
  // What Sequelize would log (the bench's EXPLAIN reads it), with the values bound.
  if (typeof logging === 'function') (logging as (sql: string, options: object) => void)(`Executing (default): ${text}`, { bind: values });
  const connection = (await db.connectionManager.getConnection({ type: 'read' })) as pg.ClientBase & { _invalid?: boolean };
  try {
    return (await connection.query<T>({ name, text, values })).rows;
  } catch (error) {
    // As Sequelize does: a connection reset mid-statement leaves the pool.
    if ((error as { code?: string }).code === 'ECONNRESET') connection._invalid = true;
    throw new DatabaseError(error as Error & { sql: string; parameters: object });
  } finally {
    db.connectionManager.releaseConnection(connection);
  }
}
