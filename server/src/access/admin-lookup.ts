import { fn, col, where, type WhereOptions } from 'sequelize';

/** Usernames and emails are unique regardless of case (the indexes are on lower()). */
export function sequelizeWhereLower(column: 'username' | 'email', value: string): WhereOptions {
  return where(fn('lower', col(column)), value.toLowerCase());
}
