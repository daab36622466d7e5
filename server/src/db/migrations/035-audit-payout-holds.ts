import type { MigrationContext } from '../migration-context.js';

export const name = '035-audit-payout-holds';

/**
 * A payout the audit found on chain from the treasury that the books do not record (DESIGN 19): after
 * a restore, a withdrawal asked for and paid after the restored moment has no row at all, so nothing
 * but this holds its holder. While a hold is open no payout path pays, or rejects, a pending
 * withdrawal of that wallet and mint owing exactly that amount, except by pasting the hold's own
 * signature (which records it). One hold per signature and wallet (one payout may pay several
 * wallets), so audits run again find it held already; an owner may dismiss a wrong one, with a reason.
 */
export async function up({ context: sql }: MigrationContext): Promise<void> {
  await sql(`
    CREATE TABLE audit_payout_holds (
      id serial PRIMARY KEY,
      signature varchar(100) COLLATE "C" NOT NULL,
      wallet_address varchar(44) NOT NULL,
      -- The treasury wallet it came from (the staking wallet, or the hot wallet for an automatic payout).
      payer varchar(44) NOT NULL,
      token_contract varchar(44) NOT NULL,
      amount numeric NOT NULL CHECK (amount > 0),
      audit_id integer NOT NULL REFERENCES books_audits (id),
      found_at timestamptz NOT NULL DEFAULT now(),
      status varchar(10) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'recorded', 'dismissed')),
      withdrawal_id integer REFERENCES withdrawals (id),
      resolved_by integer REFERENCES admins (id) ON DELETE SET NULL,
      resolved_by_username varchar(50),
      resolved_at timestamptz,
      note text,
      CHECK ((status = 'open') = (resolved_at IS NULL)),
      CHECK ((status = 'recorded') = (withdrawal_id IS NOT NULL)),
      CHECK ((status = 'dismissed') = (note IS NOT NULL)),
      UNIQUE (signature, wallet_address)
    );
    CREATE INDEX audit_payout_holds_open_idx ON audit_payout_holds (wallet_address, token_contract, amount) WHERE status = 'open';
  `);
}

export async function down({ context: sql }: MigrationContext): Promise<void> {
  await sql(`DROP TABLE audit_payout_holds;`);
}
