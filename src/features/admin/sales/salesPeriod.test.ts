import { describe, expect, it } from 'vitest';
import { kstDay } from '../shell/kst';
import { quickOf, quickPeriod } from './salesPeriod';

describe('the sales period in KST days', () => {
  // 2025-03-02 16:30 UTC is Monday 3 March 01:30 in Korea: the Korean day, not the browser's, decides.
  const mondayKst = new Date('2025-03-02T16:30:00Z');

  it("today is Korea's day", () => {
    expect(kstDay(mondayKst)).toBe('2025-03-03');
    expect(kstDay(new Date('2025-03-02T14:59:59Z'))).toBe('2025-03-02');
  });

  it('오늘, 이번 주 from Monday, 이번 달 and 올해 end today', () => {
    expect(quickPeriod('today', mondayKst)).toEqual({ from: '2025-03-03', until: '2025-03-03' });
    expect(quickPeriod('week', mondayKst)).toEqual({ from: '2025-03-03', until: '2025-03-03' });
    const sunday = new Date('2025-03-09T05:00:00Z');
    expect(quickPeriod('week', sunday)).toEqual({ from: '2025-03-03', until: '2025-03-09' });
    expect(quickPeriod('month', sunday)).toEqual({ from: '2025-03-01', until: '2025-03-09' });
    expect(quickPeriod('year', sunday)).toEqual({ from: '2025-01-01', until: '2025-03-09' });
  });

  it('names the quick period a chosen one is, or none', () => {
    const sunday = new Date('2025-03-09T05:00:00Z');
    expect(quickOf({ from: '2025-03-01', until: '2025-03-09' }, sunday)).toBe('month');
    expect(quickOf({ from: '2025-03-02', until: '2025-03-09' }, sunday)).toBeNull();
  });
});
