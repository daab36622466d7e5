import type { MigrationContext } from '../migration-context.js';

export const name = '034-books-audits';

/**
 * The books against the chain (DESIGN 19).
 * - books_audits: each audit, its counts and the differences it found. One runs at a time
 *   (a unique index on the running one), so a second request answers the running audit.
 * - database_identity: the PostgreSQL system identifier and timeline the books last saw. A restored
 *   database comes back on a higher timeline (or as another system): `restore_detected_at` is set
 *   until an audit after it finishes, and automatic and one-click payouts wait for it.
 * - audit_payout_findings: a payout found on chain for a withdrawal the books show unpaid. While the
 *   withdrawal is pending nothing may pay or reject it but its own TXID pasted by an operator.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE books_audits (
      id serial PRIMARY KEY,
      status varchar(10) NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'failed')),
      reason varchar(10) NOT NULL CHECK (reason IN ('daily', 'owner', 'restore')),
      started_by varchar(50),
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      checked jsonb NOT NULL DEFAULT '{}',
      differences jsonb NOT NULL DEFAULT '[]',
      failure jsonb,
      CHECK ((status = 'running') = (finished_at IS NULL)),
      CHECK ((status = 'failed') = (failure IS NOT NULL))
    );
    CREATE UNIQUE INDEX books_audits_one_running ON books_audits ((true)) WHERE status = 'running';
    CREATE INDEX books_audits_finished_idx ON books_audits (finished_at DESC) WHERE status = 'finished';

    CREATE TABLE database_identity (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      system_identifier text NOT NULL,
      timeline_id integer NOT NULL,
      restore_detected_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE audit_payout_findings (
      withdrawal_id integer PRIMARY KEY REFERENCES withdrawals (id),
      signature varchar(100) COLLATE "C" NOT NULL,
      audit_id integer NOT NULL REFERENCES books_audits (id),
      found_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`DROP TABLE audit_payout_findings, database_identity, books_audits;`);
}
