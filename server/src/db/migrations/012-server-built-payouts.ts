import type { MigrationContext } from '../migration-context.js';

export const name = '012-server-built-payouts';

/**
 * Payouts the server builds, checks and sends (DESIGN 11).
 *
 * - A payout starts `prepared`: the server keeps the exact message it built (`message`), the
 *   blockhash it read itself and that blockhash's last valid block height, the payer and the
 *   account the tokens leave, and the payer's newest transaction at that moment (`history_tip`):
 *   looking back to it finds any copy of the message that landed, even one nobody posted.
 * - Once a signed copy is posted and checked, it is kept (`signed_transaction`) so any instance
 *   can send it again until it lands or its blockhash is dead; `expiry_seen_height` is the
 *   finalized block height at the first look that found it dead, so a second look some blocks
 *   later must agree before its withdrawals are freed.
 * - `needs_review`: it landed and moved tokens but did not pay a withdrawal exactly as owed. Each
 *   withdrawal of a payout has its own outcome (paid, review, freed) and reason; one under review
 *   keeps its claim (`open`) until an owner resolves it, and names the transaction that moved its
 *   tokens (`evidence_signature`: the payout's own, or one the server did not prepare).
 * - Reasons are kept by code (`reason`, a coded message) beside the English text.
 * - Rows registered by the earlier panels (no `message`) stay as they are.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    DO $$
    DECLARE c record;
    BEGIN
      FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'payouts'::regclass AND contype = 'c' LOOP
        EXECUTE format('ALTER TABLE payouts DROP CONSTRAINT %I', c.conname);
      END LOOP;
    END $$;

    ALTER TABLE payouts
      ALTER COLUMN signature DROP NOT NULL,
      ALTER COLUMN status TYPE varchar(12),
      ALTER COLUMN status SET DEFAULT 'prepared',
      ADD COLUMN payer varchar(44) COLLATE "C",
      ADD COLUMN mint varchar(44) COLLATE "C",
      ADD COLUMN token_program varchar(44) COLLATE "C",
      ADD COLUMN decimals smallint CHECK (decimals BETWEEN 0 AND 18),
      ADD COLUMN source_account varchar(44) COLLATE "C",
      ADD COLUMN blockhash varchar(44) COLLATE "C",
      ADD COLUMN message bytea,
      ADD COLUMN history_tip varchar(100) COLLATE "C",
      ADD COLUMN signed_transaction bytea,
      ADD COLUMN expiry_seen_height bigint,
      ADD COLUMN reason jsonb,
      ADD COLUMN sent_at timestamptz,
      ADD CONSTRAINT payouts_status_known CHECK (status IN ('prepared', 'sent', 'completed', 'expired', 'failed', 'needs_review')),
      ADD CONSTRAINT payouts_last_valid_block_height_check CHECK (last_valid_block_height >= 0),
      ADD CONSTRAINT payouts_open_until_finished CHECK ((status IN ('prepared', 'sent')) = (finished_at IS NULL)),
      ADD CONSTRAINT payouts_signed_once_sent CHECK (status NOT IN ('sent', 'completed', 'failed') OR signature IS NOT NULL),
      ADD CONSTRAINT payouts_failed_says_why CHECK (status NOT IN ('failed', 'needs_review') OR failure_reason IS NOT NULL),
      ADD CONSTRAINT payouts_built_whole CHECK (
        message IS NULL OR (payer IS NOT NULL AND mint IS NOT NULL AND token_program IS NOT NULL AND decimals IS NOT NULL
          AND source_account IS NOT NULL AND blockhash IS NOT NULL)),
      ADD CONSTRAINT payouts_built_before_signed CHECK (signed_transaction IS NULL OR message IS NOT NULL);

    DROP INDEX payouts_due_idx;
    CREATE INDEX payouts_due_idx ON payouts (next_check_at) WHERE status IN ('prepared', 'sent');

    ALTER TABLE payout_withdrawals
      ADD COLUMN wallet varchar(44) COLLATE "C",
      ADD COLUMN token_account varchar(44) COLLATE "C",
      ADD COLUMN amount numeric(40, 0),
      ADD COLUMN creates_account boolean NOT NULL DEFAULT false,
      ADD COLUMN outcome varchar(8) CHECK (outcome IN ('paid', 'review', 'freed')),
      ADD COLUMN reason jsonb,
      ADD COLUMN evidence_signature varchar(100) COLLATE "C",
      ADD COLUMN resolution varchar(8) CHECK (resolution IN ('paid', 'release')),
      ADD COLUMN resolution_note varchar(500),
      ADD COLUMN resolved_by integer REFERENCES admins (id) ON DELETE SET NULL,
      ADD COLUMN resolved_by_username varchar(50),
      ADD COLUMN resolved_at timestamptz,
      ADD CONSTRAINT payout_withdrawals_resolved_review CHECK (resolution IS NULL OR outcome = 'review'),
      ADD CONSTRAINT payout_withdrawals_review_held CHECK (outcome IS DISTINCT FROM 'review' OR open = (resolution IS NULL));
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    ALTER TABLE payout_withdrawals
      DROP COLUMN wallet, DROP COLUMN token_account, DROP COLUMN amount, DROP COLUMN creates_account, DROP COLUMN outcome,
      DROP COLUMN reason, DROP COLUMN evidence_signature, DROP COLUMN resolution, DROP COLUMN resolution_note, DROP COLUMN resolved_by,
      DROP COLUMN resolved_by_username, DROP COLUMN resolved_at;
    DELETE FROM payout_withdrawals WHERE payout_id IN (SELECT id FROM payouts WHERE message IS NOT NULL);
    DELETE FROM payouts WHERE message IS NOT NULL;
    UPDATE payouts SET status = 'failed' WHERE status = 'needs_review';
    DROP INDEX payouts_due_idx;
    CREATE INDEX payouts_due_idx ON payouts (next_check_at) WHERE status = 'sent';
    ALTER TABLE payouts
      DROP CONSTRAINT payouts_status_known, DROP CONSTRAINT payouts_open_until_finished, DROP CONSTRAINT payouts_signed_once_sent,
      DROP CONSTRAINT payouts_failed_says_why, DROP CONSTRAINT payouts_built_whole, DROP CONSTRAINT payouts_built_before_signed,
      DROP COLUMN payer, DROP COLUMN mint, DROP COLUMN token_program, DROP COLUMN decimals, DROP COLUMN source_account,
      DROP COLUMN blockhash, DROP COLUMN message, DROP COLUMN history_tip, DROP COLUMN signed_transaction,
      DROP COLUMN expiry_seen_height, DROP COLUMN reason, DROP COLUMN sent_at,
      ALTER COLUMN signature SET NOT NULL,
      ALTER COLUMN status SET DEFAULT 'sent',
      ADD CONSTRAINT payouts_status_check CHECK (status IN ('sent', 'completed', 'expired', 'failed')),
      ADD CONSTRAINT payouts_check CHECK ((status = 'failed') = (failure_reason IS NOT NULL)),
      ADD CONSTRAINT payouts_check1 CHECK ((status = 'sent') = (finished_at IS NULL));
  `);
}
