import { describe, expect, it } from 'vitest';
import { fromTyped, toShown } from './typed-number.js';

describe('a number box in Portuguese', () => {
  it.each([
    ['2,5', '2.5'],
    ['1.500', '1500'],
    ['1.500,25', '1500.25'],
    ['1.003.325', '1003325'],
    [',5', '.5'],
    ['2.5', '2.5'],
    ['12', '12'],
    ['1e3x', '1e3x'],
    ['1,5,5', '1,5,5'],
    ['', ''],
  ])('reads %j as %j', (typed, read) => {
    expect(fromTyped(typed, 'pt-BR')).toBe(read);
  });

  it('shows a stored decimal with a comma, and what it shows reads back the same', () => {
    for (const stored of ['2.5', '1500.25', '0.00000001', '12', '']) {
      expect(fromTyped(toShown(stored, 'pt-BR'), 'pt-BR')).toBe(stored);
    }
    expect(toShown('1500.25', 'pt-BR')).toBe('1500,25');
  });
});

describe('a number box in English', () => {
  it('keeps the text as typed and shows the stored value as it is', () => {
    expect(fromTyped('1,500', 'en')).toBe('1,500');
    expect(fromTyped('2.5', 'en')).toBe('2.5');
    expect(toShown('2.5', 'en')).toBe('2.5');
  });
});
