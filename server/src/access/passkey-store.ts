import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Passkey } from '@stakedesk/shared/api-types';

/** A stored passkey as the server checks an answer with it. */
export type StoredPasskey = { id: number; credentialId: string; publicKey: Uint8Array<ArrayBuffer>; counter: number; transports: string[] };

type Row = { id: number; name: string; created_at: Date; last_used_at: Date | null };

const toPasskey = (row: Row): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

export async function listPasskeys(db: Sequelize, adminId: number, transaction?: Transaction): Promise<Passkey[]> {
  const rows = await db.query<Row>('SELECT id, name, created_at, last_used_at FROM admin_passkeys WHERE admin_id = :adminId ORDER BY id', {
    replacements: { adminId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows.map(toPasskey);
}

export async function passkeyCount(db: Sequelize, adminId: number, transaction?: Transaction): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_passkeys WHERE admin_id = :adminId', {
    replacements: { adminId },
    type: QueryTypes.SELECT,
    transaction,
  });
  return row?.n ?? 0;
}

/** The admin's passkeys with what checking an answer needs: never sent to a client. */
export async function passkeysToCheck(db: Sequelize, adminId: number): Promise<StoredPasskey[]> {
  const rows = await db.query<{ id: number; credential_id: string; public_key: Buffer; counter: string; transports: string[] }>(
    'SELECT id, credential_id, public_key, counter, transports FROM admin_passkeys WHERE admin_id = :adminId ORDER BY id',
    { replacements: { adminId }, type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({
    id: row.id,
    credentialId: row.credential_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports,
  }));
}

/** Stores a verified new passkey; null when that credential is already stored (for any admin). */
export async function storePasskey(
  db: Sequelize,
  transaction: Transaction,
  adminId: number,
  passkey: { name: string; credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] },
): Promise<Passkey | null> {
  const [row] = await db.query<Row>(
    `INSERT INTO admin_passkeys (admin_id, credential_id, public_key, counter, transports, name)
     VALUES (:adminId, :credentialId, :publicKey, :counter, array_remove(ARRAY[:transports]::varchar(20)[], NULL), :name)
     ON CONFLICT ON CONSTRAINT admin_passkeys_credential_unique DO NOTHING
     RETURNING id, name, created_at, last_used_at`,
    {
      replacements: {
        adminId,
        credentialId: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey),
        counter: passkey.counter,
        // ARRAY[] of nothing has no type to cast: an empty list is sent as one null, dropped by array_remove.
        transports: passkey.transports.length > 0 ? passkey.transports : [null],
        name: passkey.name,
      },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row ? toPasskey(row) : null;
}

export async function renamePasskey(db: Sequelize, adminId: number, id: number, name: string): Promise<Passkey | null> {
  const [row] = await db.query<Row>(
    'UPDATE admin_passkeys SET name = :name WHERE id = :id AND admin_id = :adminId RETURNING id, name, created_at, last_used_at',
    { replacements: { adminId, id, name }, type: QueryTypes.SELECT },
  );
  return row ? toPasskey(row) : null;
}

export async function deletePasskey(db: Sequelize, transaction: Transaction, adminId: number, id: number): Promise<Passkey | null> {
  const [row] = await db.query<Row>(
    'DELETE FROM admin_passkeys WHERE id = :id AND admin_id = :adminId RETURNING id, name, created_at, last_used_at',
    { replacements: { adminId, id }, type: QueryTypes.SELECT, transaction },
  );
  return row ? toPasskey(row) : null;
}

/**
 * Records a use: the authenticator's new signature counter and when. Conditional on the counter
 * still being below the new one (or both staying 0, for authenticators that keep none), so two
 * answers with the same counter cannot both pass, whatever instance checks them.
 */
export async function recordPasskeyUse(db: Sequelize, id: number, newCounter: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE admin_passkeys SET counter = :newCounter, last_used_at = now()
     WHERE id = :id AND (counter < :newCounter OR (counter = 0 AND :newCounter = 0)) RETURNING id`,
    { replacements: { id, newCounter }, type: QueryTypes.SELECT },
  );
  return rows.length === 1;
}

/** The owners with no passkey, read in the caller's transaction (after it has locked the admins). */
export async function ownersWithoutPasskey(db: Sequelize, transaction: Transaction): Promise<string[]> {
  const rows = await db.query<{ username: string }>(
    `SELECT username FROM admins a WHERE role = 'owner'
       AND NOT EXISTS (SELECT 1 FROM admin_passkeys p WHERE p.admin_id = a.id) ORDER BY id`,
    { type: QueryTypes.SELECT, transaction },
  );
  return rows.map((row) => row.username);
}
