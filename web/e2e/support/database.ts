import { readFileSync } from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcryptjs';
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

/**
 * Stores `password` for the admin at bcrypt's least cost. The server checks a hash at the cost it
 * was made with, so sign-ins and step-ups take milliseconds instead of a quarter of a second of the
 * server's CPU each; production always hashes at its own cost (passwords.test.ts holds it to 12).
 */
export function storeCheapPassword(dataDir: string, username: string, password: string): Promise<void> {
  return withDatabase(dataDir, async (client) => {
    const { rowCount } = await client.query('UPDATE admins SET password_hash = $2 WHERE username = $1', [
      username,
      bcrypt.hashSync(password, 4),
    ]);
    if (rowCount !== 1) throw new Error(`no admin ${username}`);
  });
}

/**
 * Lets the wait of every retry due on the job queue's `queue` pass, as if that time had gone by:
 * each is attempted at the queue's next look. How many were waiting.
 */
export function retryJobsNow(dataDir: string, queue: string): Promise<number> {
  return withDatabase(dataDir, async (client) => {
    const { rowCount } = await client.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'retry'`, [queue]);
    return rowCount ?? 0;
  });
}
