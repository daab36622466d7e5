import type { MigrationContext } from '../migration-context.js';

export const name = '003-scale';

/**
 * What a million stakes need (bench/explain.md has the plans before and after):
 *
 * - Wallet addresses and transaction ids are case-sensitive base58 identifiers: they compare byte
 *   by byte (COLLATE "C"), so a search by their start is an index range in any database locale.
 * - Indexes for what the lists ask: a holder's stakes newest first; the admin lists in created
 *   and amount order (status carried along, so a status filter and the id-only first step of a
 *   deep page never touch the table); open stakes by end date (the expiry and the Active tab).
 *   Every index costs each row the expiry completes, so there is no index per sort field: the
 *   rarely used sorts (plan, status, completed date) read the table.
 * - stakes.restaked_from_id is unique only where set: an index entry per restake, not per stake.
 * - Row counts per status (and per plan for stakes), kept by statement triggers as rows of
 *   signed deltas: X-Total-Count and the totals become a sum over a few rows instead of a count
 *   over the table. Writers only ever insert deltas (no shared row is updated, so concurrent
 *   deposits never wait on each other); compactTotals() folds them together now and then.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE stakes
      ALTER COLUMN wallet_address TYPE varchar(44) COLLATE "C",
      ALTER COLUMN tx_id TYPE varchar(100) COLLATE "C";
    ALTER TABLE withdrawals
      ALTER COLUMN wallet_address TYPE varchar(44) COLLATE "C",
      ALTER COLUMN tx_id TYPE varchar(100) COLLATE "C";

    DROP INDEX stakes_wallet_idx;
    CREATE INDEX stakes_wallet_idx ON stakes (wallet_address, created_at DESC, id DESC) INCLUDE (status);
    DROP INDEX stakes_status_created_idx;
    CREATE INDEX stakes_created_idx ON stakes (created_at, id) INCLUDE (status);
    CREATE INDEX stakes_amount_idx ON stakes (amount, id) INCLUDE (status);
    DROP INDEX stakes_active_ends_idx;
    CREATE INDEX stakes_open_ends_idx ON stakes (ends_at, id) WHERE status IN ('active', 'pending_withdrawal');
    ALTER TABLE stakes DROP CONSTRAINT stakes_restaked_from_id_key;
    CREATE UNIQUE INDEX stakes_restaked_once ON stakes (restaked_from_id) WHERE restaked_from_id IS NOT NULL;

    DROP INDEX withdrawals_wallet_idx;
    CREATE INDEX withdrawals_wallet_idx ON withdrawals (wallet_address, requested_at DESC, id DESC);
    DROP INDEX withdrawals_status_idx;
    CREATE INDEX withdrawals_status_idx ON withdrawals (status, requested_at, id);
    CREATE INDEX withdrawals_requested_idx ON withdrawals (requested_at, id) INCLUDE (status);
    CREATE INDEX withdrawals_final_amount_idx ON withdrawals (final_amount, id) INCLUDE (status);

    CREATE TABLE stake_counts (
      status varchar(20) NOT NULL,
      plan_id integer NOT NULL,
      plan_name varchar(100) NOT NULL,
      stakes bigint NOT NULL,
      amount numeric(60, 0) NOT NULL
    );
    CREATE TABLE withdrawal_counts (
      status varchar(20) NOT NULL,
      withdrawals bigint NOT NULL,
      final_amount numeric(60, 0) NOT NULL
    );

    CREATE FUNCTION stake_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO stake_counts (status, plan_id, plan_name, stakes, amount)
      SELECT status, plan_id, plan_name, count(*), sum(amount) FROM new_rows GROUP BY 1, 2, 3;
      RETURN NULL;
    END $$;
    CREATE FUNCTION stake_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO stake_counts (status, plan_id, plan_name, stakes, amount)
      SELECT status, plan_id, plan_name, sum(n), sum(a) FROM (
        SELECT status, plan_id, plan_name, -1 AS n, -amount AS a FROM old_rows
        UNION ALL
        SELECT status, plan_id, plan_name, 1, amount FROM new_rows
      ) delta GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(a) <> 0;
      RETURN NULL;
    END $$;
    CREATE FUNCTION stake_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO stake_counts (status, plan_id, plan_name, stakes, amount)
      SELECT status, plan_id, plan_name, -count(*), -sum(amount) FROM old_rows GROUP BY 1, 2, 3;
      RETURN NULL;
    END $$;
    CREATE TRIGGER stakes_counted_insert AFTER INSERT ON stakes
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stake_counts_after_insert();
    CREATE TRIGGER stakes_counted_update AFTER UPDATE ON stakes
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stake_counts_after_update();
    CREATE TRIGGER stakes_counted_delete AFTER DELETE ON stakes
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stake_counts_after_delete();

    CREATE FUNCTION withdrawal_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO withdrawal_counts (status, withdrawals, final_amount)
      SELECT status, count(*), sum(final_amount) FROM new_rows GROUP BY 1;
      RETURN NULL;
    END $$;
    CREATE FUNCTION withdrawal_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO withdrawal_counts (status, withdrawals, final_amount)
      SELECT status, sum(n), sum(a) FROM (
        SELECT status, -1 AS n, -final_amount AS a FROM old_rows
        UNION ALL
        SELECT status, 1, final_amount FROM new_rows
      ) delta GROUP BY 1 HAVING sum(n) <> 0 OR sum(a) <> 0;
      RETURN NULL;
    END $$;
    CREATE FUNCTION withdrawal_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO withdrawal_counts (status, withdrawals, final_amount)
      SELECT status, -count(*), -sum(final_amount) FROM old_rows GROUP BY 1;
      RETURN NULL;
    END $$;
    CREATE TRIGGER withdrawals_counted_insert AFTER INSERT ON withdrawals
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_counts_after_insert();
    CREATE TRIGGER withdrawals_counted_update AFTER UPDATE ON withdrawals
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_counts_after_update();
    CREATE TRIGGER withdrawals_counted_delete AFTER DELETE ON withdrawals
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION withdrawal_counts_after_delete();

    INSERT INTO stake_counts (status, plan_id, plan_name, stakes, amount)
    SELECT status, plan_id, plan_name, count(*), sum(amount) FROM stakes GROUP BY 1, 2, 3;
    INSERT INTO withdrawal_counts (status, withdrawals, final_amount)
    SELECT status, count(*), sum(final_amount) FROM withdrawals GROUP BY 1;
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DROP TRIGGER stakes_counted_insert ON stakes;
    DROP TRIGGER stakes_counted_update ON stakes;
    DROP TRIGGER stakes_counted_delete ON stakes;
    DROP TRIGGER withdrawals_counted_insert ON withdrawals;
    DROP TRIGGER withdrawals_counted_update ON withdrawals;
    DROP TRIGGER withdrawals_counted_delete ON withdrawals;
    DROP FUNCTION stake_counts_after_insert, stake_counts_after_update, stake_counts_after_delete,
      withdrawal_counts_after_insert, withdrawal_counts_after_update, withdrawal_counts_after_delete;
    DROP TABLE stake_counts, withdrawal_counts;

    DROP INDEX withdrawals_final_amount_idx, withdrawals_requested_idx, withdrawals_status_idx, withdrawals_wallet_idx;
    CREATE INDEX withdrawals_status_idx ON withdrawals (status, requested_at DESC);
    CREATE INDEX withdrawals_wallet_idx ON withdrawals (wallet_address, requested_at DESC);

    DROP INDEX stakes_restaked_once, stakes_open_ends_idx, stakes_amount_idx, stakes_created_idx, stakes_wallet_idx;
    ALTER TABLE stakes ADD CONSTRAINT stakes_restaked_from_id_key UNIQUE (restaked_from_id);
    CREATE INDEX stakes_active_ends_idx ON stakes (ends_at) WHERE status = 'active';
    CREATE INDEX stakes_status_created_idx ON stakes (status, created_at DESC);
    CREATE INDEX stakes_wallet_idx ON stakes (wallet_address, created_at DESC);

    ALTER TABLE withdrawals
      ALTER COLUMN wallet_address TYPE varchar(44) COLLATE "default",
      ALTER COLUMN tx_id TYPE varchar(100) COLLATE "default";
    ALTER TABLE stakes
      ALTER COLUMN wallet_address TYPE varchar(44) COLLATE "default",
      ALTER COLUMN tx_id TYPE varchar(100) COLLATE "default";
  `);
}
