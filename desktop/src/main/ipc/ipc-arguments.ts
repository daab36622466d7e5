import { MAX_URL_LENGTH } from '@stakedesk/shared/constants';
import { isExplorerUrl } from '../security/external-links.js';

/** An IPC call whose arguments are not what the channel takes: the renderer's promise rejects with it. */
export class InvalidIpcArgument extends Error {
  override name = 'InvalidIpcArgument';
}

const MAX_TOKEN_LENGTH = 4096;
const MAX_COPY_LENGTH = 10_000;
const MAX_NOTICE_TITLE = 200;
const MAX_NOTICE_BODY = 1000;
const MAX_PENDING_COUNT = 1_000_000;
/** A full export of every stake, with room to spare. */
const MAX_CSV_BYTES = 100 * 1024 * 1024;
/** A bare file name (no folders, no leading dot) ending in .csv. */
const CSV_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._()-]{0,95}\.csv$/;
const JWT_CHARACTERS = /^[A-Za-z0-9._~+/=-]+$/;

export function expectArgumentCount(args: readonly unknown[], count: number): void {
  if (args.length !== count) throw new InvalidIpcArgument(`expected ${count} argument(s), got ${args.length}`);
}

function text(value: unknown, name: string, maxLength: number): string {
  if (typeof value !== 'string') throw new InvalidIpcArgument(`${name} must be a string`);
  if (value.length > maxLength) throw new InvalidIpcArgument(`${name} is longer than ${maxLength} characters`);
  return value;
}

export function adminToken(value: unknown): string {
  const token = text(value, 'token', MAX_TOKEN_LENGTH);
  if (!JWT_CHARACTERS.test(token)) throw new InvalidIpcArgument('token must be a non-empty JWT');
  return token;
}

export function copiedText(value: unknown): string {
  return text(value, 'text', MAX_COPY_LENGTH);
}

export function explorerLink(value: unknown): string {
  const url = text(value, 'url', MAX_URL_LENGTH);
  if (!isExplorerUrl(url)) throw new InvalidIpcArgument('only https://explorer.solana.com links open outside the app');
  return url;
}

export function noticeArgument(value: unknown): { title: string; body: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidIpcArgument('notice must be an object with title and body');
  const { title, body, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw new InvalidIpcArgument('notice takes only title and body');
  const checkedTitle = text(title, 'notice.title', MAX_NOTICE_TITLE);
  if (!checkedTitle.trim()) throw new InvalidIpcArgument('notice.title must not be empty');
  return { title: checkedTitle, body: text(body, 'notice.body', MAX_NOTICE_BODY) };
}

export function pendingCount(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_PENDING_COUNT) {
    throw new InvalidIpcArgument(`count must be a whole number from 0 to ${MAX_PENDING_COUNT}`);
  }
  return value;
}

export function csvFileName(value: unknown): string {
  const name = text(value, 'fileName', 100);
  if (!CSV_FILE_NAME.test(name) || name.includes('..')) throw new InvalidIpcArgument('fileName must be a plain file name ending in .csv');
  return name;
}

export function csvContent(value: unknown): string {
  const content = text(value, 'content', MAX_CSV_BYTES);
  if (Buffer.byteLength(content, 'utf8') > MAX_CSV_BYTES) throw new InvalidIpcArgument('content is too large');
  return content;
}

/** The form's text: its rules (scheme, host) are checked by parseServerUrl and answered as a result. */
export function serverUrlInput(value: unknown): string {
  return text(value, 'url', MAX_URL_LENGTH);
}
