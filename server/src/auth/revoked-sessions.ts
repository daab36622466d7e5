import { QueryTypes, type Sequelize } from 'sequelize';

type RevocationTable = 'revoked_holder_sessions' | 'revoked_admin_sessions';

/**
 * Sessions ended by logout, by session id (a holder token's jti, an admin token's sid), kept in
 * PostgreSQL so that every server instance refuses them, until the token would have expired
 * anyway. Only the session logged out of ends: an admin's other sessions stay (sign-out-everywhere
 * ends them all).
 */
function sessionRevocations(table: RevocationTable) {
  return {
    async revoke(db: Sequelize, sessionId: string, expiresAt: Date): Promise<void> {
      await db.query(`INSERT INTO ${table} (session_id, expires_at) VALUES (:sessionId, :expiresAt) ON CONFLICT DO NOTHING`, {
        replacements: { sessionId, expiresAt },
      });
    },

    async isRevoked(db: Sequelize, sessionId: string): Promise<boolean> {
      const rows = await db.query(`SELECT 1 FROM ${table} WHERE session_id = :sessionId`, {
        replacements: { sessionId },
        type: QueryTypes.SELECT,
      });
      return rows.length > 0;
    },

    /** An hour past expiry, so that an instance whose clock runs behind still finds the revocation. */
    async deleteExpired(db: Sequelize): Promise<void> {
      await db.query(`DELETE FROM ${table} WHERE expires_at < now() - interval '1 hour'`);
    },
  };
}

export const holderRevocations = sessionRevocations('revoked_holder_sessions');
export const adminRevocations = sessionRevocations('revoked_admin_sessions');
