import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from './constants.js';
import { checkLogoDataUrl } from './logo.js';
import { msg } from './i18n/catalogue.js';

const HEADERS = {
  'image/png': '\x89PNG\r\n\x1a\n\0\0\0\rIHDR',
  'image/jpeg': '\xff\xd8\xff\xe0\0\x10JFIF\0',
  'image/gif': 'GIF89a\x01\0\x01\0\x80\0',
  'image/webp': 'RIFF\x24\0\0\0WEBPVP8 ',
} as const;

function dataUrl(mimeType: string, binary: string): string {
  return `data:${mimeType};base64,${btoa(binary)}`;
}

describe('checkLogoDataUrl', () => {
  it.each(Object.entries(HEADERS))('accepts %s', (mimeType, header) => {
    expect(checkLogoDataUrl(dataUrl(mimeType, `${header}rest`))).toEqual({
      ok: true,
      mimeType,
      byteLength: header.length + 4,
    });
  });

  it('refuses SVG with its own message', () => {
    const svg = dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(checkLogoDataUrl(svg)).toEqual({ ok: false, message: msg('logoSvgRefused') });
    expect(checkLogoDataUrl('data:image/SVG+XML;utf8,<svg/>')).toEqual({ ok: false, message: msg('logoSvgRefused') });
  });

  it.each(['https://example.com/logo.png', 'data:text/html;base64,PGgxPg==', 'data:image/png,rawbytes', 'data:image/bmp;base64,Qk0=', ''])(
    'refuses %j as a wrong type',
    (value) => {
      expect(checkLogoDataUrl(value)).toEqual({ ok: false, message: msg('logoWrongType') });
    },
  );

  it('refuses broken base64', () => {
    expect(checkLogoDataUrl('data:image/png;base64,iVBO!w0K')).toEqual({ ok: false, message: msg('logoInvalidData') });
    expect(checkLogoDataUrl('data:image/png;base64,iVB')).toEqual({ ok: false, message: msg('logoInvalidData') });
    expect(checkLogoDataUrl('data:image/png;base64,')).toEqual({ ok: false, message: msg('logoInvalidData') });
  });

  it('refuses content that is not the type it claims', () => {
    expect(checkLogoDataUrl(dataUrl('image/png', '<svg onload="alert(1)"/>'))).toEqual({
      ok: false,
      message: msg('logoContentMismatch'),
    });
    expect(checkLogoDataUrl(dataUrl('image/png', `${HEADERS['image/gif']}xx`)).ok).toBe(false);
  });

  it('accepts exactly 5 MB and refuses one byte more', () => {
    const header = HEADERS['image/png'];
    const atLimit = dataUrl('image/png', header + '\0'.repeat(LOGO_MAX_BYTES - header.length));
    expect(checkLogoDataUrl(atLimit)).toMatchObject({ ok: true, byteLength: LOGO_MAX_BYTES });
    const over = dataUrl('image/png', header + '\0'.repeat(LOGO_MAX_BYTES + 1 - header.length));
    expect(checkLogoDataUrl(over)).toEqual({ ok: false, message: msg('logoTooLarge') });
  });
});
