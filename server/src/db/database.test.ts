import type pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../open-database.js';

const db = openDatabase(inject('postgresUrl'));
afterAll(() => db.close());

describe("the server's database connections", () => {
  it('plan a prepared statement once, not again on every run (the holder lists)', async () => {
    const connection = (await db.connectionManager.getConnection({ type: 'write' })) as pg.ClientBase;
    try {
      const statement = { name: 'plan_once_check', text: 'SELECT count(*) FROM pg_class WHERE relname = $1' };
      for (const relname of ['pg_class', 'pg_proc', 'pg_type']) await connection.query({ ...statement, values: [relname] });
      const { rows } = await connection.query<{ generic_plans: string; custom_plans: string }>(
        `SELECT generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE name = 'plan_once_check'`,
      );
      // PostgreSQL's own choice would have planned the first five runs anew (custom plans).
      expect(rows).toEqual([{ generic_plans: '3', custom_plans: '0' }]);
    } finally {
      db.connectionManager.releaseConnection(connection);
    }
  });
});
