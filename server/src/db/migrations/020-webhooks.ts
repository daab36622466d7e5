import type { MigrationContext } from '../migration-context.js';

export const name = '020-webhooks';

/**
 * Alerts (DESIGN 13). `secret_box` holds what must not leak, sealed like two-factor secrets
 * (secret-box.ts): a standard webhook's signing secret, a Telegram bot token, or a Slack or
 * Discord incoming-webhook URL (then `url` keeps its origin only, for the panel). A delivery is
 * one event for one webhook: its attempts, retried on the job queue, and how the last one ended.
 * withdrawal_overdue_alerts: the withdrawals already announced as overdue, each once.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE webhooks (
      id serial PRIMARY KEY,
      kind varchar(16) NOT NULL CHECK (kind IN ('standard', 'telegram', 'slack', 'discord')),
      url varchar(500) NOT NULL,
      events text[] NOT NULL CHECK (cardinality(events) > 0),
      secret_box text,
      chat_id varchar(200),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE webhook_deliveries (
      id bigserial PRIMARY KEY,
      webhook_id integer NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      event_id varchar(64) NOT NULL,
      event_type varchar(64) NOT NULL,
      event jsonb NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      last_status_code integer,
      last_error varchar(1000),
      last_attempt_at timestamptz,
      queued_at timestamptz,
      delivered_at timestamptz,
      gave_up_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id DESC);
    CREATE INDEX webhook_deliveries_unqueued ON webhook_deliveries (created_at) WHERE queued_at IS NULL;
    CREATE TABLE withdrawal_overdue_alerts (
      withdrawal_id integer PRIMARY KEY REFERENCES withdrawals (id) ON DELETE CASCADE,
      alerted_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`DROP TABLE withdrawal_overdue_alerts; DROP TABLE webhook_deliveries; DROP TABLE webhooks;`);
}
