import type { MigrationContext } from '../migration-context.js';

export const name = '032-change-requests';

/**
 * No single owner moves the money (DESIGN 17). A change request is a change that waits for a second
 * owner: `changes` lists each value from what it was when asked to what it becomes (unmasked: the
 * settings row keeps the provider's key the same way), `effects` what taking effect writes besides
 * (a new mint's profile, read when it was asked). `target_id`/`target_name`: the webhook or admin it
 * is about. Who asked and who decided are kept as they were (ids and usernames, no foreign key): a
 * request is history, and deleting an admin must not write to requests another owner is deciding on. At most one request is open per thing it changes: the services check it under the lock
 * of the row they change. settings.wallet_change_delay_hours: how long an approved staking wallet or
 * mint change waits before it takes effect.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE settings ADD COLUMN wallet_change_delay_hours integer NOT NULL DEFAULT 24
      CHECK (wallet_change_delay_hours BETWEEN 0 AND 720);
    CREATE TABLE change_requests (
      id serial PRIMARY KEY,
      kind varchar(20) NOT NULL CHECK (kind IN ('settings', 'webhook.remove', 'admin.role', 'admin.remove')),
      target_id integer,
      target_name varchar(500),
      changes jsonb NOT NULL,
      effects jsonb NOT NULL DEFAULT '{}',
      status varchar(12) NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'scheduled', 'applied', 'rejected', 'expired', 'cancelled', 'failed')),
      requested_by integer,
      requested_by_username varchar(50) NOT NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      decided_by integer,
      decided_by_username varchar(50),
      decided_at timestamptz,
      reason varchar(500),
      effective_at timestamptz,
      applied_at timestamptz,
      failure jsonb,
      CHECK (status <> 'scheduled' OR effective_at IS NOT NULL)
    );
    CREATE INDEX change_requests_open ON change_requests (kind, target_id) WHERE status IN ('pending', 'scheduled');
    CREATE INDEX change_requests_by_status ON change_requests (status, id DESC);
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`DROP TABLE change_requests; ALTER TABLE settings DROP COLUMN wallet_change_delay_hours;`);
}
