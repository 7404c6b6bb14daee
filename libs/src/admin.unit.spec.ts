import { describe, expect, it } from '@jest/globals';
import { conversionPercent } from './admin';

describe('conversionPercent (the admin System Overview)', () => {
  it('is active divided by total as a whole percent, rounded', () => {
    expect(conversionPercent(3, 5)).toBe(60);
    expect(conversionPercent(1, 3)).toBe(33);
    expect(conversionPercent(2, 3)).toBe(67);
    expect(conversionPercent(1, 200)).toBe(1); // 0.5 rounds up
    expect(conversionPercent(5, 5)).toBe(100);
  });

  it('is 0 without users (never NaN)', () => {
    expect(conversionPercent(0, 0)).toBe(0);
  });
});
