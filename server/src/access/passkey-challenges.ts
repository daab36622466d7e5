import { QueryTypes, type Sequelize } from 'sequelize';

/** What a challenge was issued for: a new passkey, a sign-in, or a step-up. An answer counts only for its own. */
export type CeremonyPurpose = 'register' | 'sign-in' | 'step-up';

/** Long enough for a person to find and touch their security key; the options' own timeout is shorter. */
const CHALLENGE_SECONDS = 5 * 60;
/** The browser gives up on a ceremony after this long. */
export const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;

/** Keeps a challenge the server just issued to `adminId`, in the database, so that any instance can check its answer. */
export async function keepChallenge(db: Sequelize, adminId: number, purpose: CeremonyPurpose, challenge: string): Promise<void> {
  await db.query(
    `INSERT INTO admin_passkey_challenges (challenge, admin_id, purpose, expires_at)
     VALUES (:challenge, :adminId, :purpose, now() + make_interval(secs => :seconds))`,
    { replacements: { challenge, adminId, purpose, seconds: CHALLENGE_SECONDS } },
  );
}

/**
 * Spends the challenge an answer names: true when it was issued to this admin for this purpose and
 * has not expired. It is gone either way (one DELETE): the first answer that names it, right or
 * wrong, is the only one, on every instance.
 */
export async function spendChallenge(db: Sequelize, adminId: number, purpose: CeremonyPurpose, challenge: string): Promise<boolean> {
  const [row] = await db.query<{ live: boolean }>(
    `DELETE FROM admin_passkey_challenges WHERE challenge = :challenge AND admin_id = :adminId AND purpose = :purpose
     RETURNING expires_at > now() AS live`,
    { replacements: { challenge, adminId, purpose }, type: QueryTypes.SELECT },
  );
  return row?.live === true;
}

export async function forgetExpiredChallenges(db: Sequelize): Promise<void> {
  await db.query('DELETE FROM admin_passkey_challenges WHERE expires_at < now()');
}
