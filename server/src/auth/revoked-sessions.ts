import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * Holder sessions ended by logout, by session id (the token's jti), kept in PostgreSQL so that
 * every server instance refuses them, until the token would have expired anyway.
 */
export async function revokeSession(sequelize: Sequelize, sessionId: string, expiresAt: Date): Promise<void> {
  await sequelize.query(
    `INSERT INTO revoked_holder_sessions (session_id, expires_at) VALUES (:sessionId, :expiresAt) ON CONFLICT DO NOTHING`,
    { replacements: { sessionId, expiresAt } },
  );
}

export async function isSessionRevoked(sequelize: Sequelize, sessionId: string): Promise<boolean> {
  const rows = await sequelize.query(`SELECT 1 FROM revoked_holder_sessions WHERE session_id = :sessionId`, {
    replacements: { sessionId },
    type: QueryTypes.SELECT,
  });
  return rows.length > 0;
}

/** An hour past expiry, so that an instance whose clock runs behind still finds the revocation. */
export async function deleteExpiredRevocations(sequelize: Sequelize): Promise<void> {
  await sequelize.query(`DELETE FROM revoked_holder_sessions WHERE expires_at < now() - interval '1 hour'`);
}
