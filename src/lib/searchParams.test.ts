import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { optionalNumber, optionalOneOf, optionalString, optionalText, stringOr } from './searchParams';

const TABS = ['faq', 'suggest'] as const;

describe('optionalOneOf', () => {
  it('keeps a listed value', () => {
    expect(optionalOneOf('suggest', TABS)).toBe('suggest');
  });
  it('drops unlisted values and other types to undefined', () => {
    for (const v of [undefined, 'FAQ', 'faq ', '', 0, 1, true, null, ['faq'], { tab: 'faq' }]) expect(optionalOneOf(v, TABS)).toBeUndefined();
  });
});

describe('optionalNumber', () => {
  it('keeps finite numbers, leaving range checks to the caller', () => {
    for (const v of [1, 2, 0, -2, 1.5]) expect(optionalNumber(v)).toBe(v);
  });
  it('drops numeric strings, non-finite numbers and other types to undefined', () => {
    for (const v of [undefined, '2', '', 'x', Number.NaN, Number.POSITIVE_INFINITY, true, null, [2]]) expect(optionalNumber(v)).toBeUndefined();
  });
});

describe('optionalString and stringOr', () => {
  it('keep strings, including the empty one', () => {
    expect(optionalString('u-1')).toBe('u-1');
    expect(optionalString('')).toBe('');
    expect(stringOr('필라테스', '')).toBe('필라테스');
    expect(stringOr('', 'x')).toBe('');
  });
  it('give undefined or the fallback only when the param is absent', () => {
    expect(optionalString(undefined)).toBeUndefined();
    expect(stringOr(undefined, '')).toBe('');
  });
  it('reject any other type, as the zod schemas did', () => {
    for (const v of [123, true, null, ['a'], { a: 1 }]) {
      expect(() => optionalString(v)).toThrow(TypeError);
      expect(() => stringOr(v, '')).toThrow(TypeError);
    }
  });
});

describe('with the values the router hands to validateSearch', () => {
  const read = (query: string) => {
    const search: Record<string, unknown> = defaultParseSearch(query);
    return { page: optionalNumber(search.page), tab: optionalOneOf(search.tab, TABS), schtext: stringOr(search.schtext, '') };
  };
  it('reads ?page=2 as the number 2', () => {
    expect(read('?page=2&tab=suggest&schtext=%EB%A7%A4%ED%8A%B8')).toEqual({ page: 2, tab: 'suggest', schtext: '매트' });
  });
  it('falls back when a param is missing, empty or unknown', () => {
    expect(read('')).toEqual({ page: undefined, tab: undefined, schtext: '' });
    expect(read('?page=&tab=notice&schtext=')).toEqual({ page: undefined, tab: undefined, schtext: '' });
    expect(read('?page=abc')).toEqual({ page: undefined, tab: undefined, schtext: '' });
  });
  it('does not turn a quoted number back into a page', () => {
    expect(read('?page=%222%22').page).toBeUndefined();
  });
});

describe('optionalText (a sign-in provider return)', () => {
  it('reads back the text the provider sent, whatever the router parsed it into', () => {
    const search: Record<string, unknown> = defaultParseSearch('?success=true&useruid=12345&email=member%40demo.kr&name=%EA%B9%80');
    expect([search.success, search.useruid].map((v) => typeof v)).toEqual(['boolean', 'number']);
    expect(optionalText(search.success)).toBe('true');
    expect(optionalText(search.useruid)).toBe('12345');
    expect(optionalText(search.email)).toBe('member@demo.kr');
    expect(optionalText(search.name)).toBe('김');
  });
  it('drops absent and structured values', () => {
    for (const v of [undefined, null, { a: 1 }, [1]]) expect(optionalText(v)).toBeUndefined();
  });
});
