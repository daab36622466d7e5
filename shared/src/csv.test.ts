import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv.js';

describe('csv', () => {
  it('defuses cells a spreadsheet would run as formulas', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('quotes commas, quotes and line breaks; empties null; writes dates as ISO', () => {
    expect(csvLine(['a,b', 'say "hi"', null, new Date('2026-01-02T03:04:05Z'), 7])).toBe(
      '"a,b","say ""hi""",,2026-01-02T03:04:05.000Z,7\r\n',
    );
  });
});
