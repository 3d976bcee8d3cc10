import { describe, expect, it } from 'vitest';
import { BOARD_MESSAGES, checkFaq, checkNotice } from './boardFields';

describe('the notice form', () => {
  it('sends a trimmed title and the HTML as written', () => {
    expect(checkNotice({ isnotice: -1, title: ' 봄 소식 ', content: '<p>안녕</p>', istop: true }).input).toEqual({
      isnotice: -1,
      title: '봄 소식',
      content: '<p>안녕</p>',
      istop: true,
    });
  });
  it('asks for a title and a content in Korean', () => {
    expect(checkNotice({ isnotice: 1, title: ' ', content: '  ', istop: false }).errors).toEqual({
      title: BOARD_MESSAGES.title,
      content: BOARD_MESSAGES.content,
    });
  });
});

describe('the FAQ form', () => {
  it('reads the order as a number and refuses one out of range', () => {
    expect(checkFaq({ category: '수강', question: '언제?', answer: '<p>지금</p>', sortorder: '3' }).input?.sortorder).toBe(3);
    expect(checkFaq({ category: '', question: '언제?', answer: '<p>지금</p>', sortorder: '-1' }).errors).toEqual({
      category: BOARD_MESSAGES.category,
      sortorder: BOARD_MESSAGES.sortorder,
    });
  });
});
