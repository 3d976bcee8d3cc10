import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalAuth } from './auth';

const member = { useruid: 'u-auth-1', email: 'auth@example.com', name: '인증' };

describe('local auth: verifying access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete process.env.LOCAL_JWT_SECRET;
  });

  it('accepts its own access token again and again, and refuses it once it has expired, verified before or not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
    const auth = createLocalAuth(undefined);
    const { accessToken, refreshToken } = await auth.issue(member);
    expect(await auth.verify(accessToken)).toEqual({ useruid: member.useruid, email: member.email });
    expect(await auth.verify(accessToken)).toEqual({ useruid: member.useruid, email: member.email });
    expect(await auth.verify(refreshToken)).toBeUndefined();

    vi.setSystemTime(new Date('2026-11-23T10:00:01Z')); // an hour and a second later
    expect(await auth.verify(accessToken)).toBeUndefined();
    expect(await auth.verify(accessToken)).toBeUndefined();
  });

  it('refuses a token signed with another secret, or one with a changed claim', async () => {
    process.env.LOCAL_JWT_SECRET = 'one-secret-for-this-test-only';
    const auth = createLocalAuth(undefined);
    const { accessToken } = await auth.issue(member);
    expect(await auth.verify(accessToken)).toBeDefined();

    const forged = await new SignJWT({ email: member.email, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u-someone-else')
      .setIssuer('local-auth')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret'));
    expect(await auth.verify(forged)).toBeUndefined();

    const [head, , signature] = accessToken.split('.');
    const otherBody = Buffer.from(
      JSON.stringify({ sub: 'u-someone-else', typ: 'access', iss: 'local-auth', exp: 4102444800 }),
    ).toString('base64url');
    expect(await auth.verify(`${head}.${otherBody}.${signature}`)).toBeUndefined();
  });
});
