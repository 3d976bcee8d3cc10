import { describe, expect, it } from 'vitest';
import { discountPercent, formatDate, formatDuration, formatWon } from './formatPrice';

describe('price and time formats', () => {
  it('writes won with ko-KR separators', () => {
    expect(formatWon(89000)).toBe('89,000원');
    expect(formatWon(0)).toBe('0원');
  });
  it('computes the discount only when the sale price is lower', () => {
    expect(discountPercent(120000, 89000)).toBe(26);
    expect(discountPercent(50000, 50000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
  it('formats durations and dates', () => {
    expect(formatDuration(43200)).toBe('12시간');
    expect(formatDuration(5400)).toBe('1시간 30분');
    expect(formatDuration(600)).toBe('10분');
    expect(formatDate('2024-03-02T09:00:00+09:00')).toBe('2024.03.02');
  });
});
