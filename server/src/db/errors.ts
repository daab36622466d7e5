import { ConnectionError, TimeoutError, UniqueConstraintError, DatabaseError } from 'sequelize';

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof UniqueConstraintError)) return false;
  if (!constraint) return true;
  const original = (error as { original?: { constraint?: string } }).original;
  return original?.constraint === constraint;
}

/** A row that breaks the CHECK constraint `constraint` (PostgreSQL 23514). */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  const original = (error as { original?: { code?: string; constraint?: string } }).original;
  return error instanceof DatabaseError && original?.code === '23514' && original.constraint === constraint;
}

/** PostgreSQL is down, unreachable, overloaded or cancelled the statement: the client may retry. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  const code = (error as { original?: { code?: string }; parent?: { code?: string } }).original?.code;
  // 57P01 admin shutdown, 57P03 cannot connect now, 53300 too many connections, 57014 statement timeout, 08xxx connection
  if (error instanceof DatabaseError && code && (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300', '57014'].includes(code)))
    return true;
  const message = error instanceof Error ? error.message : '';
  // "not queryable": pg's answer on a connection that already failed (guarded-pg.ts).
  return /Connection terminated|not queryable|ECONNREFUSED|ECONNRESET|connect ETIMEDOUT/.test(message);
}

/** A value that is no date or time, or one out of range (PostgreSQL 22007, 22008). */
export function isInvalidDatetime(error: unknown): boolean {
  const code = (error as { original?: { code?: string } }).original?.code;
  return error instanceof DatabaseError && (code === '22007' || code === '22008');
}
