import type { Sequelize } from 'sequelize';

const KEPT = Symbol('what this server keeps beside its database handle');
type Keeper = Sequelize & { [KEPT]?: Map<object, unknown> };

/**
 * A piece of one server's memory that services handed only the database reach (the caches, the
 * settings read, the way onto the alert queue): kept on the handle itself, which each server opens
 * for itself (main.ts, a test's server) and hands out in its Dependencies. So two servers in one
 * process never share it, and no module holds it in a variable of its own.
 *
 * Returns how to reach the piece from a handle, made by `make` the first time it is asked for.
 */
export function keptWithDatabase<T>(make: (database: Sequelize) => T): (database: Sequelize) => T {
  const key = {};
  return (database) => {
    const keeper: Keeper = database;
    const kept = (keeper[KEPT] ??= new Map());
    if (!kept.has(key)) kept.set(key, make(database));
    return kept.get(key) as T;
  };
}
