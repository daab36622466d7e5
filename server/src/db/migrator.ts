import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { Umzug, type UmzugStorage } from 'umzug';
import type { MigrationContext, Seeder } from './migration-context.js';
import * as initialSchema from './migrations/001-initial-schema.js';
import * as signInNonces from './migrations/002-sign-in-nonces.js';
import * as scale from './migrations/003-scale.js';
import * as planCapacity from './migrations/004-plan-capacity.js';
import * as batchPayouts from './migrations/005-batch-payouts.js';
import * as exactlyOnce from './migrations/006-exactly-once.js';
import * as holderSessions from './migrations/007-holder-sessions.js';
import * as operatorAccounts from './migrations/008-operator-accounts.js';
import * as expiryHotUpdates from './migrations/009-expiry-hot-updates.js';
import * as expiryRoom from './migrations/010-expiry-room.js';
import * as holderTotals from './migrations/011-holder-totals.js';
import * as serverBuiltPayouts from './migrations/012-server-built-payouts.js';
import * as logoutThrottleIntents from './migrations/013-logout-throttle-intents.js';
import * as mintProfile from './migrations/014-mint-profile.js';
import * as depositCursors from './migrations/015-deposit-cursors.js';
import * as scanToStake from './migrations/016-scan-to-stake.js';
import * as payoutSentAmounts from './migrations/017-payout-sent-amounts.js';
import * as forfeitedRewards from './migrations/018-forfeited-rewards.js';
import * as autoPayouts from './migrations/019-auto-payouts.js';
import * as webhooks from './migrations/020-webhooks.js';
import * as alertConditions from './migrations/021-alert-conditions.js';
import * as reserves from './migrations/022-reserves.js';
import * as reservesAnchors from './migrations/023-reserves-anchors.js';
import * as webhookDeliveryReasons from './migrations/024-webhook-delivery-reasons.js';
import * as holderRpcUrl from './migrations/025-holder-rpc-url.js';
import * as followerGapsOutflows from './migrations/026-follower-gaps-outflows.js';
import * as secondProvider from './migrations/027-second-provider.js';
import * as mintFreezeAuthority from './migrations/028-mint-freeze-authority.js';
import * as demoMinutes from './migrations/029-demo-minutes.js';
import * as webhookDeliveryAttempts from './migrations/030-webhook-delivery-attempts.js';
import * as adminPasskeys from './migrations/031-admin-passkeys.js';
import * as withdrawalApprovals from './migrations/033-withdrawal-approvals.js';
import * as changeRequests from './migrations/032-change-requests.js';
import * as booksAudits from './migrations/034-books-audits.js';
import * as auditPayoutHolds from './migrations/035-audit-payout-holds.js';

type SqlRunner = MigrationContext['context'];

type Step = {
  name: string;
  up: (params: MigrationContext) => Promise<void>;
  down?: (params: MigrationContext) => Promise<void>;
};

const MIGRATIONS: Step[] = [
  initialSchema,
  signInNonces,
  scale,
  planCapacity,
  batchPayouts,
  exactlyOnce,
  holderSessions,
  operatorAccounts,
  expiryHotUpdates,
  expiryRoom,
  holderTotals,
  serverBuiltPayouts,
  logoutThrottleIntents,
  mintProfile,
  depositCursors,
  scanToStake,
  payoutSentAmounts,
  forfeitedRewards,
  autoPayouts,
  webhooks,
  alertConditions,
  reserves,
  reservesAnchors,
  webhookDeliveryReasons,
  holderRpcUrl,
  followerGapsOutflows,
  secondProvider,
  mintFreezeAuthority,
  demoMinutes,
  webhookDeliveryAttempts,
  adminPasskeys,
  withdrawalApprovals,
  changeRequests,
  booksAudits,
  auditPayoutHolds,
];
const MIGRATION_LOCK_KEY = 7_236_001;

/** Records what ran in a table, inside the same transaction as the step itself. */
function transactionalStorage(db: Sequelize, transaction: Transaction, table: string): UmzugStorage {
  return {
    async executed() {
      await db.query(`CREATE TABLE IF NOT EXISTS ${table} (name varchar(255) PRIMARY KEY, run_at timestamptz NOT NULL DEFAULT now())`, {
        transaction,
      });
      const rows = await db.query<{ name: string }>(`SELECT name FROM ${table} ORDER BY name`, {
        type: QueryTypes.SELECT,
        transaction,
      });
      return rows.map((row) => row.name);
    },
    async logMigration({ name }) {
      await db.query(`INSERT INTO ${table} (name) VALUES (:name)`, { replacements: { name }, transaction });
    },
    async unlogMigration({ name }) {
      await db.query(`DELETE FROM ${table} WHERE name = :name`, { replacements: { name }, transaction });
    },
  };
}

async function runSteps(db: Sequelize, transaction: Transaction, steps: readonly Step[], table: string): Promise<void> {
  const sql: SqlRunner = (text, replacements) => db.query(text, { transaction, ...(replacements ? { replacements } : {}) });
  // umzug treats a function context as a factory, so the runner travels inside an object.
  const umzug = new Umzug<{ sql: SqlRunner }>({
    migrations: steps.map((step) => ({
      name: step.name,
      up: ({ context }) => step.up({ context: context.sql }),
      down: ({ context }) => step.down?.({ context: context.sql }) ?? Promise.resolve(),
    })),
    context: { sql },
    storage: transactionalStorage(db, transaction, table),
    logger: undefined,
  });
  await umzug.up();
}

/**
 * Brings the schema up to date, then runs, in their order, the given seeders that have not run yet,
 * all in one transaction. Each seeder runs once ever, so deleting the example plans does not bring
 * them back. The advisory lock makes instances that start together migrate one after the other.
 */
export async function migrateAndSeed(db: Sequelize, seeders: readonly Seeder[]): Promise<void> {
  await db.transaction(async (transaction) => {
    await db.query('SELECT pg_advisory_xact_lock(:key)', { replacements: { key: MIGRATION_LOCK_KEY }, transaction });
    await runSteps(db, transaction, MIGRATIONS, 'schema_migrations');
    await runSteps(db, transaction, seeders, 'schema_seeds');
  });
}
