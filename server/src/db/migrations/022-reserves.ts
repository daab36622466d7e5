import type { MigrationContext } from '../migration-context.js';

export const name = '022-reserves';

/**
 * Proof of reserves (DESIGN 14). A snapshot keeps what it published (root, total, reserves at one
 * slot) and the secret its holders' salts derive from (never returned). Its leaves and tree are
 * stored so that a holder's proof is read, not rebuilt: the tree in chunks of consecutive nodes per
 * level (hashes 32 bytes each, sums 16-byte u128be each), a path reading one chunk per level.
 * Leaves and chunks of old snapshots are dropped after RESERVES_PROOF_DAYS (proofs_pruned_at says
 * when); the snapshot row stays. A holder's failed check is counted once per snapshot and wallet.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE reserves_snapshots (
      id bigserial PRIMARY KEY,
      taken_at timestamptz NOT NULL DEFAULT now(),
      mint text NOT NULL,
      decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 255),
      slot bigint NOT NULL CHECK (slot >= 0),
      root text NOT NULL CHECK (root ~ '^[0-9a-f]{64}$'),
      total_liabilities numeric(40, 0) NOT NULL CHECK (total_liabilities >= 0),
      leaf_count integer NOT NULL CHECK (leaf_count >= 0),
      reserves jsonb NOT NULL,
      coverage_percent text,
      salt_secret bytea NOT NULL CHECK (length(salt_secret) = 32),
      anchor_signature text,
      taken_by integer REFERENCES admins (id) ON DELETE SET NULL,
      proofs_pruned_at timestamptz
    );
    CREATE INDEX reserves_snapshots_taken_idx ON reserves_snapshots (taken_at) WHERE proofs_pruned_at IS NULL;
    CREATE TABLE reserves_leaves (
      snapshot_id bigint NOT NULL REFERENCES reserves_snapshots (id) ON DELETE CASCADE,
      wallet varchar(44) COLLATE "C" NOT NULL,
      leaf_index integer NOT NULL CHECK (leaf_index >= 0),
      liability numeric(40, 0) NOT NULL CHECK (liability >= 0),
      PRIMARY KEY (snapshot_id, wallet)
    );
    CREATE TABLE reserves_tree_chunks (
      snapshot_id bigint NOT NULL REFERENCES reserves_snapshots (id) ON DELETE CASCADE,
      level integer NOT NULL CHECK (level >= 0),
      chunk integer NOT NULL CHECK (chunk >= 0),
      hashes bytea NOT NULL,
      sums bytea NOT NULL,
      PRIMARY KEY (snapshot_id, level, chunk)
    );
    -- Hashes do not compress: stored out of line as they are, so a proof's substring reads only its part.
    ALTER TABLE reserves_tree_chunks ALTER COLUMN hashes SET STORAGE EXTERNAL, ALTER COLUMN sums SET STORAGE EXTERNAL;
    CREATE TABLE reserves_check_failures (
      snapshot_id bigint NOT NULL REFERENCES reserves_snapshots (id) ON DELETE CASCADE,
      wallet varchar(44) COLLATE "C" NOT NULL,
      code varchar(64) NOT NULL,
      reported_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (snapshot_id, wallet)
    );
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(
    `DROP TABLE reserves_check_failures; DROP TABLE reserves_tree_chunks; DROP TABLE reserves_leaves; DROP TABLE reserves_snapshots;`,
  );
}
