import { describe, expect, it } from 'vitest';
import { summaryLines } from './auditText';

describe("an audit entry's summary", () => {
  it('names what was made and what was removed', () => {
    expect(summaryLines({ before: null, after: { title: '새 클래스', price: 0 } })).toEqual(['새로 만듦: 새 클래스']);
    expect(summaryLines({ before: { email: 'a@demo.kr', role: 'operator' }, after: null })).toEqual(['삭제: a@demo.kr']);
  });
  it('lists only the keys that changed, cut short', () => {
    expect(summaryLines({ before: { state: 'draft', title: 'A' }, after: { state: 'published', title: 'A' } })).toEqual(['state: draft → published']);
    const long = 'ㄱ'.repeat(60);
    expect(summaryLines({ before: { description: '' }, after: { description: long } })).toEqual([`description:  → ${'ㄱ'.repeat(40)}…`]);
  });
  it('says of a 회원 화면으로 보기 whom, which class and why', () => {
    const after = { email: 'me****@demo.kr', contentsid: 101, title: '매트 필라테스 기초', reason: '진도율 문의 확인' };
    expect(summaryLines({ before: undefined, after }, 'openAdminViewAs')).toEqual([
      '회원: me****@demo.kr',
      '클래스: 매트 필라테스 기초 (#101)',
      '사유: 진도율 문의 확인',
    ]);
  });
  it('says how many more keys changed beyond four', () => {
    const before = { a: 1, b: 1, c: 1, d: 1, e: 1, f: 1 };
    const after = { a: 2, b: 2, c: 2, d: 2, e: 2, f: 2 };
    expect(summaryLines({ before, after })).toHaveLength(5);
    expect(summaryLines({ before, after }).at(-1)).toBe('외 2개 항목');
  });
});
