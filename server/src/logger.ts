import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Request and app logs as JSON lines on stdout; credentials and cookies never reach the log.
 * Lines are written asynchronously (a busy server batches them instead of making a blocking
 * write per request) and flushed when the process exits.
 */
export function createLogger(level: string, destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false })): Logger {
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
