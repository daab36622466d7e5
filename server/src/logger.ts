import { pino, type Logger } from 'pino';
import { prettyLines, type LogFormat } from './log-format.js';

export type { Logger };

/**
 * Where the server's log goes: stdout, as JSON lines or as human ones (log-format.ts). JSON lines
 * are written asynchronously in blocks of at least 4 KB (a busy server makes one write per
 * twenty-odd lines instead of one per request), at the latest a second after they are logged, and
 * flushed when the process exits. Human lines are for a person at a terminal, written as they come.
 */
export function stdoutDestination(format: LogFormat): pino.DestinationStream {
  if (format === 'pretty') return prettyLines((text) => process.stdout.write(text));
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}

/** Request and app logs; credentials and cookies never reach the log. */
export function createLogger(level: string, destination: pino.DestinationStream = stdoutDestination('json')): Logger {
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
