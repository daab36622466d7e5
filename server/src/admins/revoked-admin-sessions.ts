import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * Admin sessions ended by logout, by session id (the token's sid), kept in PostgreSQL so that
 * every server instance refuses them, until the token would have expired anyway. The admin's
 * other sessions are not touched (sign-out-everywhere is the way to end them all).
 */
export async function revokeAdminSession(sequelize: Sequelize, sessionId: string, expiresAt: Date): Promise<void> {
  await sequelize.query(
    `INSERT INTO revoked_admin_sessions (session_id, expires_at) VALUES (:sessionId, :expiresAt) ON CONFLICT DO NOTHING`,
    { replacements: { sessionId, expiresAt } },
  );
}

export async function isAdminSessionRevoked(sequelize: Sequelize, sessionId: string): Promise<boolean> {
  const rows = await sequelize.query(`SELECT 1 FROM revoked_admin_sessions WHERE session_id = :sessionId`, {
    replacements: { sessionId },
    type: QueryTypes.SELECT,
  });
  return rows.length > 0;
}

/** An hour past expiry, so that an instance whose clock runs behind still finds the revocation. */
export async function deleteExpiredAdminRevocations(sequelize: Sequelize): Promise<void> {
  await sequelize.query(`DELETE FROM revoked_admin_sessions WHERE expires_at < now() - interval '1 hour'`);
}
