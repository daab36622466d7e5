import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES, parameterNames } from '@stakedesk/shared/i18n/catalogue';
import { en as serverEn } from '@stakedesk/shared/i18n/en';
import { adminEn } from './admin-en.js';
import { enPages } from './en-pages.js';
import { en as holderEn } from './en.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLIENT_DIRS = ['web/src', 'desktop/src'];
const ALL_DIRS = [...CLIENT_DIRS, 'server/src', 'shared/src', 'test-support/src'];

/** Source files (not tests: they check what a pt-BR reader sees, so they quote it). */
function sources(dirs: string[]): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        found.push({ file: relative, text: readFileSync(path.join(ROOT, relative), 'utf8') });
      }
    }
  };
  dirs.forEach(walk);
  return found;
}

/** Words that read like a field's label but name something else, and the one label that cannot read the shared one. */
const NOT_FIELD_LABELS = new Set([
  'tabs.withdrawals', // a tab
  'plans.active', // a plan's state, not the field's name
  'badge.active', // a stake's state
  'badge.Active', // the same, on the holder pages
  'audit.actor.policy', // who acted: the automatic payout policy
  'jobs.name.auto-payouts', // a background job
  'audit.code', // an audit entry's action code, not the two-factor code
  'nav.stake', // a link
  'reserves.support.email', // a way to reach support, beside WhatsApp and Telegram
  // The landing page's plan cards: its JavaScript (at most 100 KB gzipped, 99.1 measured) carries no shared catalogue.
  'plans.duration',
]);

const PORTUGUESE = /[ãõçáéíóúâêôàÃÕÇÁÉÍÓÚ]|\b(?:não|carteira|transferência|obrigatóri[oa]|saque|você|Falha|Erro)\b/i;
/** The language picker names each language in that language. */
const ENDONYMS = new Set(["LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'pt-BR': 'Português' };"]);

describe('message catalogues', () => {
  it('keep Portuguese in the pt-BR catalogues only', () => {
    const offending = sources(ALL_DIRS)
      .filter(({ file }) => !/pt-BR\.ts$/.test(file))
      .flatMap(({ file, text }) =>
        text
          .split('\n')
          .filter((line) => PORTUGUESE.test(line) && !ENDONYMS.has(line.replace(/^export const /, '').trim()))
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(offending).toEqual([]);
  });

  it('leave the clients no English server text to match: they translate by code', () => {
    // Field and role names (fieldX, roleX) only fill other messages; a form may show the same words as its labels.
    const serverTexts = MESSAGE_CODES.filter((code) => !/^(field|role)[A-Z]/.test(code))
      .map((code) => serverEn[code])
      .filter((text) => parameterNames(text).length === 0 && text.split(' ').length >= 3);
    const offending = sources(CLIENT_DIRS).flatMap(({ file, text }) => [
      ...serverTexts
        .filter((serverText) => text.includes(`'${serverText}'`) || text.includes(`"${serverText}"`))
        .map((t) => `${file}: '${t}'`),
      ...[
        ...text.matchAll(
          /\.message\s*(?:===|!==|==)|(?:===|!==)\s*\w+\.message\b|\.message\.(?:includes|startsWith|endsWith|match)\(|MESSAGES\.\w+\s*===|===\s*MESSAGES\./g,
        ),
      ].map((match) => `${file}: ${match[0]}`),
    ]);
    expect(offending).toEqual([]);
  });

  it("give each field one label in each language: the panel and the holder pages read the shared catalogue's (server.fieldX), never a copy", () => {
    const fieldCodeOf = new Map<string, string>(
      MESSAGE_CODES.filter((code) => /^field[A-Z]/.test(code)).map((code) => [serverEn[code], code]),
    );
    const catalogues = { admin: adminEn, holder: { ...holderEn, ...enPages } };
    const copies = Object.entries(catalogues).flatMap(([name, catalogue]) =>
      Object.entries(catalogue)
        .filter(([key, text]) => !key.startsWith('server.') && !NOT_FIELD_LABELS.has(key) && fieldCodeOf.has(text))
        .map(([key, text]) => `${name} ${key}: '${text}' is server.${fieldCodeOf.get(text)}`),
    );
    expect(copies).toEqual([]);
  });
});
