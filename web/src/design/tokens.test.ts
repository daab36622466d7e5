import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.js';
import { cssVariables, textPairs } from './tokens.js';

const src = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(src, path), 'utf8');
const rootBlock = (css: string) => /:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';

/** Every CSS file of the holder pages (the panel is themed through antd). */
function holderCss(dir = ''): string[] {
  return readdirSync(join(src, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === 'admin' ? [] : holderCss(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('design tokens', () => {
  it('are the custom properties of tokens.css, no more and no fewer', () => {
    const declared = Object.fromEntries(
      [...rootBlock(read('design/tokens.css')).matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]),
    );
    expect(declared).toEqual(cssVariables());
  });

  it('are the only colours the holder CSS uses', () => {
    for (const file of holderCss()) {
      const css = file === join('design', 'tokens.css') ? '' : read(file);
      expect({ file, colours: css.match(/#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(/gi) ?? [] }).toEqual({ file, colours: [] });
    }
  });

  it.each(textPairs)('reach WCAG AA: $what', ({ fg, bg, min }) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(min);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#6a4cf0', '#6a4cf0')).toBe(1);
  });
});
