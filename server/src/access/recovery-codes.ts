import { randomInt } from 'node:crypto';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { RECOVERY_CODE } from '@stakedesk/shared/schemas';
import type { SecretBox } from '../secret-box.js';

const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** xxxxx-xxxxx from 36 symbols: 10 uniformly random characters, about 51.7 bits. */
function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export function isRecoveryCode(code: string): boolean {
  return RECOVERY_CODE.test(code);
}

/*
 * Why a keyed SHA-256 (HMAC, key derived from JWT_SECRET) and not bcrypt: the codes are random
 * with about 52 bits each, not chosen by a person, so the slow hash bcrypt adds for guessable
 * passwords buys little, while a keyed hash makes a database dump alone worthless (without the
 * key there is nothing to test guesses against) and whoever also has the key can sign admin
 * tokens anyway. A deterministic hash also lets one indexed, atomic UPDATE find and spend a code;
 * bcrypt would need up to ten slow comparisons per sign-in and a separate, racy "mark used" step.
 */

/** Replaces the admin's codes with ten new ones (in the caller's transaction); answers them in clear, once. */
export async function issueRecoveryCodes(db: Sequelize, transaction: Transaction, box: SecretBox, adminId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  await db.query('DELETE FROM admin_recovery_codes WHERE admin_id = :adminId', { replacements: { adminId }, transaction });
  await db.query(`INSERT INTO admin_recovery_codes (admin_id, code_hash) SELECT :adminId, unnest(ARRAY[:hashes]::char(64)[])`, {
    replacements: { adminId, hashes: [...codes].map((code) => box.hash(code)) },
    transaction,
  });
  return [...codes];
}

/** Spends one unused code: true once per code, whatever races it (one UPDATE ... WHERE used_at IS NULL). */
export async function spendRecoveryCode(
  db: Sequelize,
  transaction: Transaction | undefined,
  box: SecretBox,
  adminId: number,
  code: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE admin_recovery_codes SET used_at = now() WHERE admin_id = :adminId AND code_hash = :hash AND used_at IS NULL RETURNING id`,
    { replacements: { adminId, hash: box.hash(code) }, type: QueryTypes.SELECT, transaction },
  );
  return rows.length === 1;
}

export async function unusedRecoveryCodes(db: Sequelize, transaction: Transaction | undefined, adminId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM admin_recovery_codes WHERE admin_id = :adminId AND used_at IS NULL',
    { replacements: { adminId }, type: QueryTypes.SELECT, transaction },
  );
  return row?.n ?? 0;
}

export async function dropRecoveryCodes(db: Sequelize, transaction: Transaction, adminId: number): Promise<void> {
  await db.query('DELETE FROM admin_recovery_codes WHERE admin_id = :adminId', { replacements: { adminId }, transaction });
}
