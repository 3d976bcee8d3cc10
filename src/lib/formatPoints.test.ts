import { describe, expect, it } from 'vitest';
import { formatPoints } from './formatPoints';

describe('formatPoints', () => {
  it('adds ko-KR thousands separators', () => {
    expect(formatPoints(1234567)).toBe('1,234,567');
    expect(formatPoints('15000')).toBe('15,000');
  });
  it('shows 0 when empty or not positive', () => {
    for (const v of [undefined, null, '', 0, -5, 'abc', Number.NaN]) expect(formatPoints(v)).toBe('0');
  });
});
