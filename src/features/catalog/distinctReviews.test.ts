import { describe, expect, it } from 'vitest';
import { distinctReviews } from './distinctReviews';

const review = (reviewid: number, content: string) => ({ reviewid, content });

describe('distinctReviews (the main page says each review once)', () => {
  it('keeps the first of the same words, whatever the spacing', () => {
    const list = [review(9, '추천합니다!'), review(8, '강사님이 좋아요.'), review(7, ' 추천합니다!  '), review(6, '추천합니다!')];
    expect(distinctReviews(list).map((r) => r.reviewid)).toEqual([9, 8]);
  });

  it('the same review twice (a doubled page) is shown once', () => {
    expect(distinctReviews([review(3, 'a'), review(3, 'b')]).map((r) => r.reviewid)).toEqual([3]);
  });

  it('reviews without words stay apart', () => {
    expect(distinctReviews([review(1, ''), review(2, '  ')]).map((r) => r.reviewid)).toEqual([1, 2]);
  });
});
