import { describe, expect, it, vi, beforeEach } from 'vitest';
import { isRedirect } from '@tanstack/react-router';

const alertDark = vi.fn(async (_: string) => {});
vi.mock('../lib/popup', () => ({ alertDark: (m: string) => alertDark(m) }));

const { requireSignedIn, LOGIN_REQUIRED_MESSAGE } = await import('./guard');
const { signedInOrToLogin } = await import('./signedInOrToLogin');
const { isAccessTokenValid } = await import('./accessToken');

/** The router context's auth for a browser holding this access token. */
const tokenIs = (token: string | undefined) => ({ hasValidToken: () => isAccessTokenValid(token) });

function jwt(exp: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: 'u-demo-1', exp })}.sig`;
}

/** The notice's dialog module loads on first use: let that import settle before looking. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

function thrown(run: () => void): unknown {
  try {
    run();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('requireSignedIn (the one auth guard)', () => {
  beforeEach(() => alertDark.mockClear());

  it('lets a valid, unexpired access token through silently', async () => {
    expect(thrown(() => requireSignedIn({ auth: tokenIs(jwt(Date.now() / 1000 + 600)) }))).toBeUndefined();
    await settled();
    expect(alertDark).not.toHaveBeenCalled();
  });

  it.each([
    ['missing', undefined],
    ['expired', jwt(Date.now() / 1000 - 1)],
    ['tampered', 'abc.def.ghi'],
  ])('%s token: notice "로그인 후 이용해주세요." and redirect to /login', async (_, token) => {
    const error = thrown(() => requireSignedIn({ auth: tokenIs(token) }));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { to: string } }).options.to).toBe('/login');
    await vi.waitFor(() => expect(alertDark).toHaveBeenCalledWith(LOGIN_REQUIRED_MESSAGE));
    expect(LOGIN_REQUIRED_MESSAGE).toBe('로그인 후 이용해주세요.');
  });

  it('the redirect carries the page asked for, and only when it is this site\'s own', () => {
    const search = (returnTo: string) =>
      (thrown(() => requireSignedIn({ auth: tokenIs(undefined), preload: true, returnTo })) as { options: { search: unknown } })
        .options.search;
    expect(search('/mypayment?page=2')).toEqual({ redirect: '/mypayment?page=2' });
    expect(search('//evil.example')).toEqual({});
  });

  it('preloading (hover intent) redirects without a notice', async () => {
    expect(isRedirect(thrown(() => requireSignedIn({ auth: tokenIs(undefined), preload: true })))).toBe(true);
    await settled();
    expect(alertDark).not.toHaveBeenCalled();
  });

  it('a button on a public page: signed in goes on without a notice', async () => {
    const navigate = vi.fn(async (_: { to: '/login'; search: { redirect?: string } }) => {});
    expect(await signedInOrToLogin(tokenIs(jwt(Date.now() / 1000 + 600)), navigate)).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    await settled();
    expect(alertDark).not.toHaveBeenCalled();
  });

  it('a button on a public page: a visitor gets the guard\'s notice and goes to /login', async () => {
    const navigate = vi.fn(async (_: { to: '/login'; search: { redirect?: string } }) => {});
    expect(await signedInOrToLogin(tokenIs(undefined), navigate, '/classView/12')).toBe(false);
    expect(navigate).toHaveBeenCalledWith({ to: '/login', search: { redirect: '/classView/12' } });
    await vi.waitFor(() => expect(alertDark).toHaveBeenCalledWith('로그인 후 이용해주세요.'));
  });
});
