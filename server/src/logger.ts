import { pino, type Logger } from 'pino';

export type { Logger };

/** Request and app logs as JSON lines; credentials and cookies never reach the log. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.passwordHash', '*.heliusApiKey'],
      censor: '[redacted]',
    },
  });
}
