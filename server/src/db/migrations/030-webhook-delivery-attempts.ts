import type { MigrationContext } from '../migration-context.js';

export const name = '030-webhook-delivery-attempts';

/**
 * Every attempt at a delivery, not only the last: when it was made and what the receiver answered
 * (its HTTP status) or why no answer came (by code, and in English as the delivery's own columns
 * keep it). A delivery's row still keeps its last attempt, as before. A delivery attempted before
 * this step keeps the one attempt it recorded, its last.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE webhook_delivery_attempts (
      id bigserial PRIMARY KEY,
      delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
      attempted_at timestamptz NOT NULL,
      status_code integer,
      error varchar(1000),
      reason jsonb
    );
    CREATE INDEX webhook_delivery_attempts_by_delivery ON webhook_delivery_attempts (delivery_id, id);
    INSERT INTO webhook_delivery_attempts (delivery_id, attempted_at, status_code, error, reason)
      SELECT id, last_attempt_at, last_status_code, last_error, last_reason FROM webhook_deliveries WHERE last_attempt_at IS NOT NULL;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`DROP TABLE webhook_delivery_attempts;`);
}
