import pg from 'pg';

/**
 * pg's Client, listening for 'error' from the moment it exists. Sequelize 6 attaches its own
 * listener only after connect() has resolved, a microtask later: when PostgreSQL ends a connection
 * in the same read that completes its handshake (it is shutting down or restarting as the
 * connection opens, so the "ready" and the "terminating connection" arrive together), pg emits
 * 'error' with nobody listening, and Node ends the whole server. Here the error marks the
 * connection unusable instead: Sequelize's next statement on it fails, its pool drops it, and the
 * request is answered 503 (guarded-pg.test.ts).
 */
class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {
      (this as { _invalid?: boolean })._invalid = true;
    });
  }
}

/** The pg module Sequelize is given (its `dialectModule`): pg itself, with GuardedClient. */
export const guardedPg: typeof pg = Object.assign(Object.create(pg) as typeof pg, { Client: GuardedClient });
