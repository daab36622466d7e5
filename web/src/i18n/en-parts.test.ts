import { describe, expect, it } from 'vitest';
import { enPages } from './en-pages.js';
import { en } from './en.js';
import { ptBR } from './pt-BR.js';

const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the holder catalogue in two English parts', () => {
  it('shares no key between the part every page loads and the part lazily loaded screens load', () => {
    expect(Object.keys(en).filter((key) => key in enPages)).toEqual([]);
  });

  it('has each key of both parts in Portuguese, with the same {parameters}, and no other', () => {
    const english: Record<string, string> = { ...en, ...enPages };
    // Both carry the shared catalogue's entries (server.*): English its field labels alone, pt-BR every
    // server message by code too, which English reads from the server's answer.
    const holderKeys = (keys: string[]) => keys.filter((key) => !key.startsWith('server.')).sort();
    expect(holderKeys(Object.keys(ptBR))).toEqual(holderKeys(Object.keys(english)));
    const differing = Object.keys(english).filter((key) => params(english[key]!).join() !== params(ptBR[key as keyof typeof ptBR]).join());
    expect(differing).toEqual([]);
  });
});
