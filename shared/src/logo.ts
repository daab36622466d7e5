/**
 * Logo data URLs: PNG, JPEG, WebP or GIF only, never SVG (it can carry script), at most
 * LOGO_MAX_BYTES once decoded, and the bytes must start like the type they claim.
 */

import { LOGO_MAX_BYTES, LOGO_MAX_DATA_URL_LENGTH } from './constants.js';
import type { LogoMimeType } from './constants.js';
import { msg, type CodedMessage } from './i18n/catalogue.js';

export type LogoCheck = { ok: true; mimeType: LogoMimeType; byteLength: number } | { ok: false; message: CodedMessage };

const DATA_URL = /^data:(image\/(?:png|jpeg|webp|gif));base64,/;
const SVG_DATA_URL = /^data:image\/svg/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const SIGNATURES: Record<LogoMimeType, (head: string) => boolean> = {
  'image/png': (head) => head.startsWith('\x89PNG\r\n\x1a\n'),
  'image/jpeg': (head) => head.startsWith('\xff\xd8\xff'),
  'image/gif': (head) => head.startsWith('GIF87a') || head.startsWith('GIF89a'),
  'image/webp': (head) => head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP',
};

export function checkLogoDataUrl(value: string): LogoCheck {
  if (SVG_DATA_URL.test(value)) return { ok: false, message: msg('logoSvgRefused') };
  const match = DATA_URL.exec(value);
  if (!match) return { ok: false, message: msg('logoWrongType') };
  const mimeType = match[1] as LogoMimeType;
  const payload = value.slice(match[0].length);
  const byteLength = base64ByteLength(payload);
  if (value.length > LOGO_MAX_DATA_URL_LENGTH || byteLength > LOGO_MAX_BYTES) {
    return { ok: false, message: msg('logoTooLarge') };
  }
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) {
    return { ok: false, message: msg('logoInvalidData') };
  }
  if (!SIGNATURES[mimeType](atob(payload.slice(0, 16)))) {
    return { ok: false, message: msg('logoContentMismatch') };
  }
  return { ok: true, mimeType, byteLength };
}

function base64ByteLength(payload: string): number {
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}
