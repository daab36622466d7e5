import type { Seeder } from '../db/migration-context.js';

/** Only for the zero-setup embedded database, so a first look at the app has something to show. */
export const examplePlansSeed: Seeder = {
  name: '002-example-plans',
  async up({ context: sql }) {
    await sql(`
      INSERT INTO staking_plans (name, description, yield_rate, duration_days, min_stake_amount, early_penalty_rate)
      VALUES
        ('Starter', 'A short lock to try staking.', 5, 30, 100, 10),
        ('Growth', 'Our most chosen balance of time and reward.', 15, 90, 500, 15),
        ('Diamond', 'The longest lock with the highest reward.', 40, 180, 1000, 20)
    `);
  },
};
