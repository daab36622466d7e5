import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { chooseLogFormat, prettyLines } from './log-format.js';
import { createLogger } from './logger.js';

/** The format main.ts gives the logger for this environment, with stdout a terminal or not. */
function formatFor(env: Record<string, string>, stdoutIsTerminal: boolean) {
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), ...env });
  return chooseLogFormat(config.logFormat, config.production, stdoutIsTerminal);
}

describe('the log format', () => {
  it('is human lines on a terminal and JSON when stdout is a file or a pipe', () => {
    expect(formatFor({}, true)).toBe('pretty');
    expect(formatFor({}, false)).toBe('json');
  });

  it('is JSON in production, even on a terminal', () => {
    expect(formatFor({ NODE_ENV: 'production' }, true)).toBe('json');
  });

  it('is what LOG_FORMAT says, whatever stdout is', () => {
    expect(formatFor({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(formatFor({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(formatFor({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe('pretty');
    expect(formatFor({ LOG_FORMAT: '' }, true)).toBe('pretty');
  });

  it('refuses a LOG_FORMAT it does not know, saying which it takes', () => {
    expect(() => formatFor({ LOG_FORMAT: 'text' }, true)).toThrow(ConfigError);
    expect(() => formatFor({ LOG_FORMAT: 'text' }, true)).toThrow("LOG_FORMAT must be one of json, pretty, got 'text'");
  });
});

/** What a logger writing human lines prints for these records. */
function printed(log: (logger: ReturnType<typeof createLogger>) => void): string {
  let text = '';
  log(
    createLogger(
      'info',
      prettyLines((written) => (text += written), { colorize: false }),
    ),
  );
  return text;
}

const request = { req: { id: 7, method: 'GET', url: '/api/staking-plans', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } };

describe('human lines', () => {
  it('show a request as its method, path, status and time, one line, without the JSON around it', () => {
    const text = printed((logger) => logger.info({ ...request, responseTime: 3 }, 'request completed'));
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/staking-plans 200 3 ms\n$/);
  });

  it('say when the client left before its answer', () => {
    const text = printed((logger) => logger.info({ ...request, responseTime: 5012 }, 'request aborted'));
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/staking-plans closed by the client after 5012 ms\n$/);
  });

  it("keep another event's fields on its line, and what the logger redacts stays redacted", () => {
    const text = printed((logger) => logger.warn({ signal: 'SIGTERM', body: { password: 'hunter2' } }, 'shutting down'));
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: shutting down \{"signal":"SIGTERM","body":\{"password":"\[redacted\]"\}\}\n$/);
  });

  it('leave out what the level leaves out', () => {
    expect(printed((logger) => logger.debug({ ...request, responseTime: 1 }, 'request completed'))).toBe('');
  });
});

describe('JSON lines', () => {
  it('are one JSON object a line with the request fields as they are', () => {
    const lines: string[] = [];
    createLogger('info', { write: (line: string) => void lines.push(line) }).info({ ...request, responseTime: 3 }, 'request completed');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: 'request completed', ...request, responseTime: 3 });
  });
});
