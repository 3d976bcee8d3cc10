// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberLectureAction, takeLectureAction } from './pendingLectureAction';

describe('a visitor\'s 장바구니 / 바로 구매 kept across sign-in', () => {
  beforeEach(() => sessionStorage.clear());

  it('goes on once, on the class it was pressed on', () => {
    rememberLectureAction(12, 'cart', 1_000);
    expect(takeLectureAction(7, 2_000)).toBeUndefined();
    expect(takeLectureAction(12, 2_000)).toBe('cart');
    expect(takeLectureAction(12, 2_000)).toBeUndefined();
  });

  it('an old press is forgotten', () => {
    rememberLectureAction(12, 'buy', 0);
    expect(takeLectureAction(12, 16 * 60 * 1000)).toBeUndefined();
  });

  it('a tampered record does nothing', () => {
    sessionStorage.setItem('pilates_pendingLectureAction', JSON.stringify({ contentsid: 12, action: 'refund', at: Date.now() }));
    expect(takeLectureAction(12)).toBeUndefined();
    sessionStorage.setItem('pilates_pendingLectureAction', '{not json');
    expect(takeLectureAction(12)).toBeUndefined();
  });
});
