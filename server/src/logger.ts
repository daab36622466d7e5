import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Request and app logs as JSON lines on stdout; credentials and cookies never reach the log.
 * Lines are written asynchronously in blocks of at least 4 KB (a busy server makes one write per
 * twenty-odd lines instead of one per request), at the latest a second after they are logged, and
 * flushed when the process exits.
 */
export function createLogger(
  level: string,
  destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.passwordHash',
          '*.currentPassword',
          '*.newPassword',
          '*.heliusApiKey',
          '*.secret',
          '*.otpauthUrl',
          '*.twoFactorSecret',
          '*.twoFactorPendingSecret',
          '*.recoveryCodes',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
