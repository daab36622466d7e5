import type { MigrationContext } from '../migration-context.js';

export const name = '023-reserves-anchors';

/**
 * A snapshot's anchor on its way to the chain (DESIGN 14), one row per snapshot: the row is the
 * claim, so no two anchors of one snapshot are ever out at once. A new attempt may replace one
 * that is dead (prepared and not posted, expired, failed), never one that was sent or landed. The
 * signed copy is recorded before it is sent, so an anchor that lands while the server is down is
 * found again and recorded.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE reserves_anchors (
      snapshot_id bigint PRIMARY KEY REFERENCES reserves_snapshots (id) ON DELETE CASCADE,
      status varchar(16) NOT NULL CHECK (status IN ('prepared', 'sent', 'landed', 'expired', 'failed')),
      signer varchar(44) NOT NULL,
      message bytea NOT NULL,
      blockhash varchar(44) NOT NULL,
      last_valid_block_height bigint NOT NULL,
      signature varchar(88),
      signed_transaction bytea,
      automatic boolean NOT NULL,
      created_by integer REFERENCES admins (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      CHECK (status = 'prepared' OR signature IS NOT NULL)
    );
    CREATE INDEX reserves_anchors_sent_idx ON reserves_anchors (snapshot_id) WHERE status = 'sent';
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`DROP TABLE reserves_anchors;`);
}
