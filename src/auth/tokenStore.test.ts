// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearAllProductKeys,
  COOKIE_NAMES,
  readRememberChoice,
  readSignedInUser,
  readUser,
  saveRefreshedTokens,
  saveUser,
  setRememberChoice,
} from './tokenStore';

function jwt(exp: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: 'u-demo-1', exp })}.sig`;
}

const user = {
  accessToken: 'a.b.c',
  refreshToken: 'r',
  sessionToken: 's',
  email: 'member@demo.kr',
  useruid: 'u-demo-1',
  username: '김필라',
};

function cookieNames(): string[] {
  return document.cookie.split(';').map((c) => c.trim().split('=')[0]!).filter(Boolean);
}

describe('token store', () => {
  beforeEach(() => {
    clearAllProductKeys();
    for (const name of cookieNames()) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    localStorage.clear();
    sessionStorage.clear();
  });

  it('uses product-prefixed cookie names for the six user fields', () => {
    expect(Object.values(COOKIE_NAMES)).toEqual([
      'pilates_accessToken',
      'pilates_refreshToken',
      'pilates_sessionToken',
      'pilates_email',
      'pilates_useruid',
      'pilates_username',
    ]);
    saveUser(user, false);
    expect(cookieNames().sort()).toEqual(Object.values(COOKIE_NAMES).sort());
    expect(readUser()).toEqual(user);
  });

  it('the signed-in member is read back when the access token is valid and useruid and session token are there', () => {
    const valid = { ...user, accessToken: jwt(Date.now() / 1000 + 600) };
    saveUser(valid, false);
    expect(readSignedInUser()).toEqual(valid);
  });

  it('no signed-in member with an expired token, or without useruid or session token', () => {
    saveUser({ ...user, accessToken: jwt(Date.now() / 1000 - 1) }, false);
    expect(readSignedInUser()).toBeNull();
    saveUser({ ...user, accessToken: jwt(Date.now() / 1000 + 600), sessionToken: '' }, false);
    expect(readSignedInUser()).toBeNull();
  });

  it('missing name fields read as empty text', () => {
    const token = jwt(Date.now() / 1000 + 600);
    saveUser({ ...user, accessToken: token, email: '', username: '', refreshToken: '' }, false);
    expect(readSignedInUser()).toEqual({ ...user, accessToken: token, email: '', username: '', refreshToken: '' });
  });

  it('logout removes every product-prefixed cookie and storage key and nothing else', () => {
    saveUser(user, true);
    document.cookie = 'pilates_extra=1; path=/';
    document.cookie = 'other=keep; path=/';
    localStorage.setItem('pilates_a', '1');
    localStorage.setItem('keep', '1');
    sessionStorage.setItem('pilates_b', '1');
    clearAllProductKeys();
    expect(cookieNames()).toEqual(['other']);
    expect(Object.keys(localStorage)).toEqual(['keep']);
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(readUser()).toEqual({});
  });

  it("logout also removes Supabase's own session keys, which its sign-out leaves when the auth server is unreachable", () => {
    localStorage.setItem('sb-127-auth-token', '{"access_token":"a"}');
    localStorage.setItem('sb-127-auth-token-code-verifier', '"v"');
    localStorage.setItem('sb-other-setting', 'keep');
    clearAllProductKeys();
    expect(Object.keys(localStorage)).toEqual(['sb-other-setting']);
  });

  it("a refreshed session's tokens replace the stored member's, and sign nobody in when no member is stored", () => {
    saveRefreshedTokens('fresh-access', 'fresh-refresh');
    expect(readUser()).toEqual({});
    saveUser(user, true);
    saveRefreshedTokens('fresh-access', 'fresh-refresh');
    expect(readUser()).toEqual({ ...user, accessToken: 'fresh-access', refreshToken: 'fresh-refresh' });
  });

  it('remembers the auto-login choice across a redirect', () => {
    expect(readRememberChoice()).toBe(false);
    setRememberChoice(true);
    expect(readRememberChoice()).toBe(true);
    setRememberChoice(false);
    expect(readRememberChoice()).toBe(false);
  });
});
