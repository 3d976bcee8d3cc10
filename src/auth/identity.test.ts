import { describe, expect, it } from 'vitest';
import { isProviderReturn } from './identity';

describe('a provider redirect return', () => {
  it.each([
    'https://shop.kr/login?code=kakao-code',
    'https://shop.kr/login?error=access_denied&error_description=x',
    'https://shop.kr/login?success=true&useruid=u&email=a%40b.kr',
    'https://shop.kr/login?success=false',
  ])('is recognised on /login: %s', (href) => {
    expect(isProviderReturn(href)).toBe(true);
  });

  it.each([
    'https://shop.kr/paymentFail?paymentId=p-1&code=FAILURE_TYPE_PG&message=x',
    'https://shop.kr/main?success=true',
    'https://shop.kr/login',
  ])('is not a `code` or `success` anywhere else: %s', (href) => {
    expect(isProviderReturn(href)).toBe(false);
  });
});
