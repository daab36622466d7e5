import type { Sequelize } from 'sequelize';
import { SecretBox } from '../secret-box.js';

/** What the account services need: the database, the token signing secret, the keys derived from it. */
export type AccountContext = { sequelize: Sequelize; jwtSecret: string; box: SecretBox };

export function accountContext(sequelize: Sequelize, jwtSecret: string): AccountContext {
  return { sequelize, jwtSecret, box: new SecretBox(jwtSecret) };
}
