import { describe, expect, it } from 'vitest';
import { MESSAGES, minimumStakeMessage, unknownFieldMessage } from './messages.js';

describe('messages', () => {
  it('builds the below-minimum toast text', () => {
    expect(minimumStakeMessage('100', 'STK')).toBe('Minimum stake amount is 100 STK.');
  });

  it('names an unknown field', () => {
    expect(unknownFieldMessage('isAdmin')).toBe('Unknown field: isAdmin');
  });

  it('keeps the product texts verbatim', () => {
    expect(MESSAGES.passwordTooShort).toBe('Password must be at least 6 characters');
    expect(MESSAGES.logoTooLarge).toBe('Please select an image smaller than 5MB');
    expect(MESSAGES.amountTooLarge).toBe('Amount must have at most 15 digits');
  });

  it('has no duplicate texts under different names', () => {
    const texts = Object.values(MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });
});
