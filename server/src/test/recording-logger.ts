import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../logger.js';

export type LogRecord = { level: number; msg: string; [field: string]: unknown };

/** A logger that keeps every line it writes, parsed: a test reads what an operator's console shows. */
export function recordingLogger(): { logger: Logger; records: LogRecord[]; warnings: () => string[] } {
  const records: LogRecord[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      records.push(JSON.parse(chunk.toString()) as LogRecord);
      done();
    },
  });
  // pino's warn is level 40.
  return { logger: createLogger('info', destination), records, warnings: () => records.filter((r) => r.level === 40).map((r) => r.msg) };
}
