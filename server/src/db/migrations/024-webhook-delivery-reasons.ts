import type { MigrationContext } from '../migration-context.js';

export const name = '024-webhook-delivery-reasons';

/**
 * Why a delivery's last attempt failed, by code (`last_reason`, a coded message: no answer in
 * time, connection refused, host not found, an HTTP status, …) beside the English `last_error`,
 * so the panel says it in the reader's language. Null: the attempt succeeded, or it was written
 * before this step (the panel then shows `last_error`).
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE webhook_deliveries ADD COLUMN last_reason jsonb;`);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`ALTER TABLE webhook_deliveries DROP COLUMN last_reason;`);
}
