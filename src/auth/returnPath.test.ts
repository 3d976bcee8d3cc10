// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { keepReturnPath, rememberPage, safeReturnPath, takeReturnPath } from './returnPath';
import { loginSearchFor } from './loginSearch';

describe('safeReturnPath (the /login redirect value)', () => {
  it.each([
    ['/mypayment', '/mypayment'],
    ['/classView/12', '/classView/12'],
    ['/search?schtext=%EB%A6%AC%ED%8F%AC%EB%A8%B8#list', '/search?schtext=%EB%A6%AC%ED%8F%AC%EB%A8%B8#list'],
    ['/q&a', '/q&a'],
    // Dot segments resolve inside the site.
    ['/a/../myclass', '/myclass'],
  ])('keeps this site\'s own page %s', (value, kept) => {
    expect(safeReturnPath(value)).toBe(kept);
  });

  it.each([
    ['protocol-relative', '//evil.example/steal'],
    ['backslash for a slash', '/\\evil.example'],
    ['backslashes only', '\\\\evil.example'],
    ['absolute https', 'https://evil.example/'],
    ['absolute to this host', 'http://localhost/mypayment'],
    ['javascript scheme', 'javascript:alert(document.cookie)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['tab stripped into //', '/\t/evil.example'],
    ['newline stripped into //', '/\n/evil.example'],
    ['no leading slash', 'evil.example'],
    ['empty', ''],
    ['the login page itself (a loop)', '/login?redirect=/login'],
    ['a number', 42],
    ['an object', { href: '/mypayment' }],
    ['far too long', '/' + 'a'.repeat(3000)],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  it('the login search carries this site’s pages only, never /login itself', () => {
    expect(loginSearchFor('/mycart')).toEqual({ redirect: '/mycart' });
    expect(loginSearchFor('//evil.example')).toEqual({});
    expect(loginSearchFor('/login?redirect=/mycart')).toEqual({});
  });
});

describe('the kept return page', () => {
  beforeEach(() => sessionStorage.clear());

  it('is given back once', () => {
    keepReturnPath('/mypayment');
    expect(takeReturnPath()).toBe('/mypayment');
    expect(takeReturnPath()).toBeUndefined();
  });

  it('a plain visit to /login forgets an older one; an attacker value is never kept', () => {
    keepReturnPath('/mypayment');
    keepReturnPath(undefined);
    expect(takeReturnPath()).toBeUndefined();
    keepReturnPath('https://evil.example/');
    expect(takeReturnPath()).toBeUndefined();
  });

  it('a page the side menu remembered is given back, and checked on the way', () => {
    rememberPage('/classView/101');
    expect(takeReturnPath()).toBe('/classView/101');
    rememberPage('/\\evil.example');
    expect(takeReturnPath()).toBeUndefined();
  });

  it('a value written into storage by other means is checked again', () => {
    sessionStorage.setItem('pilates_returnPath', '//evil.example');
    expect(takeReturnPath()).toBeUndefined();
  });
});
