import { describe, expect, it } from 'vitest';
import { placementAwayFrom } from './toast-placement.js';

describe('where a toast opens', () => {
  it('at the top when the row acted on is in the lower half of the window, at the bottom otherwise', () => {
    expect(placementAwayFrom({ top: 700, bottom: 740 }, 768)).toBe('topRight');
    expect(placementAwayFrom({ top: 120, bottom: 160 }, 768)).toBe('bottomRight');
    expect(placementAwayFrom({ top: 400, bottom: 450 }, 844)).toBe('topRight');
  });

  it('at the bottom when it is about nothing on the page', () => {
    expect(placementAwayFrom(undefined, 768)).toBe('bottomRight');
  });
});
