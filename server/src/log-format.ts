import { createRequire } from 'node:module';
import type { DestinationStream } from 'pino';

/** pino-pretty loads only for a server that writes human lines: JSON needs none of it. */
const loadPretty = () => createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');

/** How the server writes its log: one JSON object a line, or one human line per event. */
export type LogFormat = 'json' | 'pretty';

export const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];

/**
 * LOG_FORMAT when it is set; otherwise JSON in production and wherever stdout is not a terminal
 * (a file, a pipe, a log collector read it), and human lines on a terminal, where a person reads it.
 */
export function chooseLogFormat(chosen: LogFormat | undefined, production: boolean, stdoutIsTerminal: boolean): LogFormat {
  return chosen ?? (production || !stdoutIsTerminal ? 'json' : 'pretty');
}

type RequestRecord = { req: { method: string; url: string }; res: { statusCode: number }; responseTime: number };

function isRequestRecord(record: Record<string, unknown>): record is Record<string, unknown> & RequestRecord {
  return typeof record.req === 'object' && record.req !== null && typeof record.res === 'object' && record.res !== null;
}

/** A request reads as what was asked, the answer and how long it took; a client that left says so. */
function message(record: Record<string, unknown>, messageKey: string): string {
  if (!isRequestRecord(record)) return String(record[messageKey] ?? '');
  const { req, res, responseTime } = record;
  if (record[messageKey] === 'request aborted') return `${req.method} ${req.url} closed by the client after ${responseTime} ms`;
  return `${req.method} ${req.url} ${res.statusCode} ${responseTime} ms`;
}

/**
 * pino's records as one line each for a person at a terminal: the time, the level, the message
 * and any other fields on the same line (an error's stack follows it). pino-pretty does the
 * formatting in this thread, synchronously, so the lines stay in order with what main.ts prints.
 */
export function prettyLines(write: (text: string) => void, options: { colorize?: boolean } = {}): DestinationStream {
  const format = loadPretty().prettyFactory({
    ...options,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,req,res,responseTime',
    singleLine: true,
    messageFormat: message,
  });
  return { write: (line: string) => write(format(line)) };
}
