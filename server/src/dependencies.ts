import type { Sequelize } from 'sequelize';
import type { Chain } from './chain/chain.js';
import type { SecondProvider } from './chain/second-provider.js';
import type { AdminEventHub } from './events/admin-event-hub.js';
import { SecretBox } from './secret-box.js';

/** What time it is: the system's clock, or the one a test sets. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The server's signing secret (JWT_SECRET) and the keys derived from it (secret-box.ts). */
export type Secrets = { jwtSecret: string; box: SecretBox };

/**
 * Admin passwords, hashed and checked with bcrypt off the server's thread (access/passwords.ts).
 * `timingEqualiser` is a hash compared against when a username is unknown, so a miss costs as long
 * as a wrong password.
 */
export type Passwords = {
  hash(password: string): Promise<string>;
  matches(password: string, hash: string): Promise<boolean>;
  timingEqualiser(): Promise<string>;
};

/**
 * What the server's modules reach the world through, made once by main.ts (and a test's server)
 * and handed to every route factory and background task. Services take the piece they use as a
 * parameter, the database first; no service reaches the database through a model (`Model.sequelize`,
 * refused by the lint), so a test or a second instance can hand a service a database of its own.
 */
export type Dependencies = {
  database: Sequelize;
  chain: Chain;
  /** SOLANA_VERIFY_RPC_URL's provider, asked before a payout is called expired or the hot wallet sends (DESIGN 15); null when unset. */
  secondProvider: SecondProvider | null;
  clock: Clock;
  /** Admins' live screens: what changed, from any instance (LISTEN/NOTIFY). */
  events: AdminEventHub;
  secrets: Secrets;
  passwords: Passwords;
};

export function dependencies(
  parts: Omit<Dependencies, 'secrets' | 'clock' | 'secondProvider'> & {
    jwtSecret: string;
    clock?: Clock;
    secondProvider?: SecondProvider | null;
  },
): Dependencies {
  const { jwtSecret, clock, secondProvider, ...rest } = parts;
  return {
    ...rest,
    secondProvider: secondProvider ?? null,
    clock: clock ?? systemClock,
    secrets: { jwtSecret, box: new SecretBox(jwtSecret) },
  };
}
