import { describe, expect, it } from 'vitest';
import { formatTime } from 'media-chrome/dist/utils/time.js';
import { discountPercent, formatClock, formatCount, formatDate, formatDuration, formatPoints, formatWon } from './format';

describe('price and time formats', () => {
  it('writes won with ko-KR separators', () => {
    expect(formatWon(89000)).toBe('89,000원');
    expect(formatWon(0)).toBe('0원');
  });
  it('writes counts with ko-KR separators', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(7)).toBe('7');
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
  it('a video’s length reads as the player’s time display reads it: seconds cut, never rounded up (issue 26)', () => {
    expect(formatClock(396.97)).toBe('6:36');
    expect(formatClock(397)).toBe('6:37');
    expect(formatClock(59.5)).toBe('0:59');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('0:00');
    // media-chrome shows a lesson's length as formatTime(duration, duration): the same text, to the character.
    for (const d of [0, 4.9, 59.99, 396.5, 599.999, 600, 754.2, 3599.9, 3600, 3723.4, 36_000.7])
      expect(formatClock(d)).toBe(formatTime(d, d));
  });
  it('dates are Korean dates: a UTC instant late in the evening is already the next day in Seoul', () => {
    expect(formatDate('2024-03-01T16:30:00Z')).toBe('2024.03.02');
    expect(formatDate('2024-03-01T14:59:59.000Z')).toBe('2024.03.01');
  });
  it('the backend\'s zone-less KST text keeps its date', () => {
    expect(formatDate('2024-03-02 23:30:00')).toBe('2024.03.02');
    expect(formatDate('2024-03-02')).toBe('2024.03.02');
  });
});

describe('formatPoints', () => {
  it('adds ko-KR thousands separators', () => {
    expect(formatPoints(1234567)).toBe('1,234,567');
    expect(formatPoints('15000')).toBe('15,000');
  });
  it('shows 0 when empty or not positive', () => {
    for (const v of [undefined, null, '', 0, -5, 'abc', Number.NaN]) expect(formatPoints(v)).toBe('0');
  });
});
