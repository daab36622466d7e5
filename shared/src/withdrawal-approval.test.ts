import { describe, expect, it } from 'vitest';
import { approvalThresholdWeakened, needsApproval } from './withdrawal-approval.js';

describe('needsApproval', () => {
  it('holds a withdrawal at or above the threshold and none when there is no threshold', () => {
    expect(needsApproval('1000', '1000')).toBe(true);
    expect(needsApproval('1000.5', '1000')).toBe(true);
    expect(needsApproval('999.99999999', '1000')).toBe(false);
    expect(needsApproval('1000000000', '')).toBe(false);
    expect(needsApproval('0', '0')).toBe(true);
  });
});

describe('approvalThresholdWeakened', () => {
  it('is raising or removing a threshold, never lowering or setting one', () => {
    expect(approvalThresholdWeakened('1000', '1000.00000001')).toBe(true);
    expect(approvalThresholdWeakened('1000', '')).toBe(true);
    expect(approvalThresholdWeakened('1000', '999')).toBe(false);
    expect(approvalThresholdWeakened('1000', '1000')).toBe(false);
    expect(approvalThresholdWeakened('', '5000')).toBe(false);
    expect(approvalThresholdWeakened('', '')).toBe(false);
  });
});
