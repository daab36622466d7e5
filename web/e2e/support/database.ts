import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Direct access to the e2e server's embedded PostgreSQL, for what no holder screen can do:
 * letting time pass. The port is line 4 of postmaster.pid; the password is in DATA_DIR.
 */
export async function withDatabase<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const port = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'stakedesk' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Moves every stake of `wallet` `days` into the past, as if that time had gone by. */
export function ageStakesOf(dataDir: string, wallet: string, days: number): Promise<void> {
  return withDatabase(dataDir, async (client) => {
    await client.query(
      `UPDATE stakes SET created_at = created_at - make_interval(days => $2), ends_at = ends_at - make_interval(days => $2)
       WHERE wallet_address = $1`,
      [wallet, days],
    );
  });
}
