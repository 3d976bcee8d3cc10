import { describe, expect, it } from 'vitest';
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { naverReturnOf, parseNaverReturnSearch } from './naverReturn';

/** What the router writes back into the address after validating it (its Transitioner replaces the URL when it differs). */
const rewritten = (address: string) => defaultStringifySearch(parseNaverReturnSearch(defaultParseSearch(address)));

describe('the Naver return address', () => {
  it.each([
    '?success=false&email=member%40demo.kr',
    '?success=true&useruid=u-demo-1&email=member%40demo.kr&name=%EA%B9%80%ED%95%84%EB%9D%BC',
    '?success=0&useruid=7',
    '?success=error',
  ])('is left as it came: %s', (address) => {
    expect(rewritten(address)).toBe(address);
  });

  it('reads every flag as the text the provider sent', () => {
    expect(naverReturnOf(defaultParseSearch('?success=false&useruid=7&email=a%40b.kr'))).toEqual({
      success: 'false',
      useruid: '7',
      email: 'a@b.kr',
      name: undefined,
      access_token: undefined,
      refresh_token: undefined,
    });
    expect(naverReturnOf(defaultParseSearch('?success=true')).success).toBe('true');
    expect(naverReturnOf(defaultParseSearch('?success=%7B%22a%22%3A1%7D')).success).toBeUndefined();
  });
});
