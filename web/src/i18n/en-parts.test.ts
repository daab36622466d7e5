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
    // pt-BR also carries the server's messages by code (server.*), which English reads from the server's answer.
    const holderKeys = Object.keys(ptBR).filter((key) => !key.startsWith('server.'));
    expect(holderKeys.sort()).toEqual(Object.keys(english).sort());
    const differing = Object.keys(english).filter((key) => params(english[key]!).join() !== params(ptBR[key as keyof typeof ptBR]).join());
    expect(differing).toEqual([]);
  });
});
