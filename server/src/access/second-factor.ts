import { QueryTypes, type Transaction } from 'sequelize';
import type { Dependencies } from '../dependencies.js';
import type { Admin } from './admin.model.js';
import { isRecoveryCode, spendRecoveryCode } from './recovery-codes.js';
import { acceptedStep } from './totp.js';

export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Spends `code` for an admin with two-factor on: a TOTP code of a step later than the last one
 * accepted (one conditional UPDATE, so two requests with the same code cannot both pass), or one
 * unused recovery code. Null when it is neither; nothing is spent then.
 */
export async function spendSecondFactor(
  { database: db, secrets: { box } }: Dependencies,
  transaction: Transaction | undefined,
  admin: Admin,
  code: string,
): Promise<SecondFactor | null> {
  if (!admin.twoFactorEnabled || !admin.twoFactorSecret) return null;
  if (isRecoveryCode(code)) return (await spendRecoveryCode(db, transaction, box, admin.id, code)) ? 'recovery_code' : null;
  const secret = box.open(admin.id, admin.twoFactorSecret);
  if (!secret) return null;
  const step = acceptedStep(secret, code, admin.twoFactorLastStep === null ? null : Number(admin.twoFactorLastStep));
  if (step === null) return null;
  const updated = await db.query(
    `UPDATE admins SET two_factor_last_step = :step
     WHERE id = :id AND two_factor_enabled AND (two_factor_last_step IS NULL OR two_factor_last_step < :step)
     RETURNING id`,
    { replacements: { id: admin.id, step }, type: QueryTypes.SELECT, transaction },
  );
  return updated.length === 1 ? 'totp' : null;
}
