/** Helpers for tests that run a second server instance on the same database (see spawn-server.ts to start one). */

/** How many server instances are LISTENing for changes on the database `db` is connected to. */
export async function listeningInstances(db: import('sequelize').Sequelize): Promise<number> {
  const [rows] = await db.query(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'stakedesk-events' AND datname = current_database() AND query LIKE 'LISTEN%'",
  );
  return (rows as { n: number }[])[0]!.n;
}

/** Waits (in a hook, where expect.poll is not allowed) until `ready` answers true; fails after `timeoutMs`. */
export async function waitUntil(ready: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
