import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { dropDefaults, optionalNumber, optionalOneOf, optionalText, pageOr1, textOr } from './searchParams';

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

describe('optionalText and textOr', () => {
  it('keep strings, including the empty one', () => {
    expect(optionalText('u-1')).toBe('u-1');
    expect(optionalText('')).toBe('');
    expect(textOr('필라테스', '')).toBe('필라테스');
    expect(textOr('', 'x')).toBe('');
  });
  it('give undefined or the fallback when the param is absent or structured', () => {
    for (const v of [undefined, null, ['a'], { a: 1 }]) {
      expect(optionalText(v)).toBeUndefined();
      expect(textOr(v, '')).toBe('');
    }
  });
  it('read numbers and booleans back as the text that was typed', () => {
    expect(textOr(123, '')).toBe('123');
    expect(optionalText(true)).toBe('true');
  });
});

describe('with the values the router hands to validateSearch', () => {
  const read = (query: string) => {
    const search: Record<string, unknown> = defaultParseSearch(query);
    return { page: optionalNumber(search.page), tab: optionalOneOf(search.tab, TABS), schtext: textOr(search.schtext, '') };
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
  it('reads a search for a number as that text', () => {
    expect(read('?schtext=2024').schtext).toBe('2024');
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

describe('pageOr1', () => {
  it('keeps a whole page number from 1 up', () => {
    for (const v of [1, 2, 40]) expect(pageOr1(v)).toBe(v);
  });
  it('reads anything else as page 1', () => {
    for (const v of [undefined, 0, -2, 1.5, '2', Number.NaN, null]) expect(pageOr1(v)).toBe(1);
  });
});

describe('dropDefaults', () => {
  const strip = dropDefaults<{ sort: string; page: number }>({ sort: 'recent', page: 1 });
  const next = (search: { sort: string; page: number }) => search;
  it('leaves default values out of the address', () => {
    expect(strip({ search: { sort: 'recent', page: 1 }, next })).toEqual({});
  });
  it('keeps values a member chose', () => {
    expect(strip({ search: { sort: 'popular', page: 3 }, next })).toEqual({ sort: 'popular', page: 3 });
    expect(strip({ search: { sort: 'recent', page: 2 }, next })).toEqual({ page: 2 });
  });
});
