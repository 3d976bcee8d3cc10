// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readCookie, readCookies, removeCookie, writeCookie } from './cookies';

afterEach(() => {
  for (const name of Object.keys(readCookies())) removeCookie(name);
});

describe('cookies', () => {
  it('reads back what it writes, Korean text and separators included', () => {
    writeCookie('pilates_username', '김필라; =,');
    writeCookie('pilates_email', 'member@demo.kr', { days: 30, sameSite: 'lax' });
    expect(readCookie('pilates_username')).toBe('김필라; =,');
    expect(readCookies()).toEqual({ pilates_username: '김필라; =,', pilates_email: 'member@demo.kr' });
  });

  it('reads cookies written in js-cookie encoding and raw ones', () => {
    document.cookie = 'pilates_username=%EA%B9%80%ED%95%84%EB%9D%BC; path=/';
    document.cookie = 'legacy=100%; path=/';
    expect(readCookie('pilates_username')).toBe('김필라');
    expect(readCookie('legacy')).toBe('100%');
  });

  it('removes a cookie and answers undefined for a missing one', () => {
    writeCookie('pilates_accessToken', 'a.b.c');
    removeCookie('pilates_accessToken');
    expect(readCookie('pilates_accessToken')).toBeUndefined();
    expect(document.cookie).toBe('');
  });
});
