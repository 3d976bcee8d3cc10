import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftText, periodText } from './period';

describe('class period on Korean time', () => {
  it('counts calendar days in Seoul, not 24-hour blocks', () => {
    // 23:30 on 1 March in Seoul (14:30 UTC) → the class ending 2 March 00:10 KST has 1 day left.
    const now = new Date('2024-03-01T14:30:00Z');
    expect(daysLeft('2024-03-02T00:10:00+09:00', now)).toBe(1);
    // 00:30 on 2 March in Seoul (15:30 UTC on 1 March) → it ends today.
    expect(daysLeft('2024-03-02T00:10:00+09:00', new Date('2024-03-01T15:30:00Z'))).toBe(0);
  });

  it('labels the days left, the last day and an ended class', () => {
    const now = new Date('2024-03-01T03:00:00Z');
    expect(daysLeftText('2024-03-06T10:00:00+09:00', false, now)).toBe('5일 남음');
    expect(daysLeftText('2024-03-01T23:00:00+09:00', false, now)).toBe('오늘 종료');
    expect(daysLeftText('2024-02-01T23:00:00+09:00', false, now)).toBe('수강 종료');
    expect(daysLeftText('2024-09-01T23:00:00+09:00', true, now)).toBe('수강 종료');
  });

  it('shows start and expiry dates on Korean time', () => {
    expect(periodText('2024-03-01T16:00:00Z', '2024-05-30T10:00:00+09:00')).toBe('2024.03.02 – 2024.05.30');
  });
});
