import pg from 'pg';
import { Sequelize } from 'sequelize';
import { guardedPg } from './guarded-pg.js';

// NUMERIC stays a string (exact money); BIGINT ids too. Parse int8 counts explicitly where needed.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

/** A pool on the database with no model: open-database.ts adds the modules' models. */
export function openConnection(url: string): Sequelize {
  const db = new Sequelize(url, {
    dialect: 'postgres',
    dialectModule: guardedPg,
    logging: false,
    pool: { max: 10, min: 0, acquire: 5_000, idle: 10_000 },
    dialectOptions: {
      // A request must never hang on a stuck database: fail fast, answer 503.
      connectionTimeoutMillis: 5_000,
      statement_timeout: 15_000,
      idle_in_transaction_session_timeout: 30_000,
      application_name: 'stakedesk',
      // The holder lists' prepared statements (db/prepared-query.ts) are long to plan and have one
      // right plan (the wallet's index). Left to choose, PostgreSQL planned them again on every run
      // once the table was large (a million stakes: 0.2-0.5 ms of planning for 0.1 ms of work).
      // Elsewhere Sequelize binds values only in its INSERTs and in updates of one row by its id,
      // whose plans no value changes.
      options: '-c plan_cache_mode=force_generic_plan',
    },
  });
  return db;
}
