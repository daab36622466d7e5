import { DEFAULT_MAINTENANCE_MESSAGE, DEFAULT_MAINTENANCE_TIME } from '@stakedesk/shared/constants';
import type { Seeder } from '../db/migration-context.js';

/** The settings row every server reads from its first start. */
export const defaultSettingsSeed: Seeder = {
  name: '001-default-settings',
  async up({ context: sql }) {
    await sql(
      `INSERT INTO settings (id, token_name, token_symbol, maintenance_message, maintenance_estimated_time)
       VALUES (1, 'Stakedesk Token', 'STAKE', :message, :time)
       ON CONFLICT (id) DO NOTHING`,
      { message: DEFAULT_MAINTENANCE_MESSAGE, time: DEFAULT_MAINTENANCE_TIME },
    );
  },
};
