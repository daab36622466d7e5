import { DEFAULT_MAINTENANCE_MESSAGE, DEFAULT_MAINTENANCE_TIME } from '@stakedesk/shared/constants';
import type { MigrationContext } from '../migration-context.js';

export const name = '001-default-settings';

export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(
    `INSERT INTO settings (id, token_name, token_symbol, maintenance_message, maintenance_estimated_time)
     VALUES (1, 'Stakedesk Token', 'STAKE', :message, :time)
     ON CONFLICT (id) DO NOTHING`,
    { message: DEFAULT_MAINTENANCE_MESSAGE, time: DEFAULT_MAINTENANCE_TIME },
  );
}
