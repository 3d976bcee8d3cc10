import { describe, expect, it } from 'vitest';
import { kstDay } from '../shell/kst';
import { discountText, scopeText, stateText } from './couponText';

describe('a campaign in words', () => {
  it('says an amount, or a percent with its cap', () => {
    expect(discountText({ discounttype: 'fixed', discountvalue: 3000, maxdiscount: null })).toBe('3,000원 할인');
    expect(discountText({ discounttype: 'percent', discountvalue: 10, maxdiscount: 20000 })).toBe('10% 할인 (최대 20,000원)');
  });
  it('says what it applies to', () => {
    expect(scopeText({ contentsids: [], categoryids: [] })).toBe('모든 강의');
    expect(scopeText({ contentsids: [101, 102], categoryids: [3] })).toBe('강의 101, 102 · 카테고리 3');
  });
  it('says its state on a KST day', () => {
    const c = { stoppedat: null, validfrom: '2026-12-01', validuntil: '2026-12-31' };
    expect(stateText(c, '2026-11-30')).toBe('시작 전');
    expect(stateText(c, '2026-12-31')).toBe('진행 중');
    expect(stateText(c, '2027-01-01')).toBe('기간 종료');
    expect(stateText({ ...c, stoppedat: '2026-12-02T10:00:00+09:00' }, '2026-12-05')).toBe('중지됨');
    // 23:30 UTC on 30 Nov is already 1 Dec in Korea.
    expect(kstDay(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
  });
});
