import { randomBytes } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { addAdmin, countAdmins } from '../access/index.js';
import type { Passwords } from '../dependencies.js';

export type BootstrapResult = { created: false } | { created: true; username: string; generatedPassword: string | undefined };

const BOOTSTRAP_LOCK_KEY = 7_236_003;

/**
 * Creates the first admin from ADMIN_* when there is none. Without ADMIN_PASSWORD a password is
 * generated and returned so it can be shown once; it is stored only as a bcrypt hash.
 */
export async function bootstrapFirstAdmin(
  db: Sequelize,
  passwords: Passwords,
  admin: { username: string; email: string; password: string | undefined },
): Promise<BootstrapResult> {
  return db.transaction(async (transaction) => {
    await db.query('SELECT pg_advisory_xact_lock(:key)', { replacements: { key: BOOTSTRAP_LOCK_KEY }, transaction });
    if ((await countAdmins(db, transaction)) > 0) return { created: false };
    const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
    const passwordHash = await passwords.hash(admin.password ?? generatedPassword!);
    await addAdmin(db, { username: admin.username, email: admin.email, passwordHash, role: 'owner' }, transaction);
    return { created: true, username: admin.username, generatedPassword };
  });
}
