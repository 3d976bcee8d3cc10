import { describe, expect, it } from 'vitest';
import { isAccessTokenValid } from './accessToken';

function jwt(payload: object): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.sig`;
}

describe('isAccessTokenValid', () => {
  const now = 1_700_000_000_000;
  it('accepts a token whose exp is later than now', () => {
    expect(isAccessTokenValid(jwt({ exp: now / 1000 + 60 }), now)).toBe(true);
  });
  it('rejects an expired token, a token expiring now, a token without exp', () => {
    expect(isAccessTokenValid(jwt({ exp: now / 1000 - 1 }), now)).toBe(false);
    expect(isAccessTokenValid(jwt({ exp: now / 1000 }), now)).toBe(false);
    expect(isAccessTokenValid(jwt({ sub: 'x' }), now)).toBe(false);
  });
  it('rejects missing or undecodable tokens', () => {
    expect(isAccessTokenValid(undefined, now)).toBe(false);
    expect(isAccessTokenValid('', now)).toBe(false);
    expect(isAccessTokenValid('not-a-jwt', now)).toBe(false);
    expect(isAccessTokenValid('a.%%%.c', now)).toBe(false);
  });
});

describe('isAccessTokenValid on real-world payloads', () => {
  const now = 1_700_000_000_000;
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  it('reads a payload with Korean text and base64url characters', () => {
    const token = `${b64({ alg: 'HS256' })}.${b64({ name: '김필라테스 ~?>', exp: now / 1000 + 60 })}.sig`;
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(isAccessTokenValid(token, now)).toBe(true);
  });
  it('rejects a payload that is JSON but not an object', () => {
    expect(isAccessTokenValid(`h.${Buffer.from('42').toString('base64url')}.s`, now)).toBe(false);
  });
});
