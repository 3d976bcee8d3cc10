import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { testServer, type TestServer } from '../testing';

/**
 * Issue 23, findings 5 and 6: leaving ends every session of the member, and the login flow's account calls tell a
 * caller nothing about a member it is not. Every request is what an attacker (a visitor, another signed-in
 * member, or the member's own stolen token after leaving) would send.
 */
// Known to the test only, so it can sign the provider tokens of accounts local sign-in has no member for.
const SECRET = 'accounts-end-test-secret-0123456789abcdef';
const UNAUTHORIZED = '로그인 후 이용해주세요.';
const DUPLICATE = '동일한 이메일로 가입된 사용자가 있습니다.';

let s: TestServer;
let previousSecret: string | undefined;
beforeAll(async () => {
  previousSecret = process.env.LOCAL_JWT_SECRET;
  process.env.LOCAL_JWT_SECRET = SECRET;
  s = await testServer();
}, 30_000);
afterAll(async () => {
  await s?.close();
  if (previousSecret === undefined) delete process.env.LOCAL_JWT_SECRET;
  else process.env.LOCAL_JWT_SECRET = previousSecret;
});

const as = (token: string | undefined) => ({ auth: false, headers: (token ? { Authorization: `Bearer ${token}` } : {}) as Record<string, string> });
const signIn = async (email: string) =>
  (await s.call('POST', '/local/auth/sign-in', { body: { email, remember: false }, auth: false })).json.datas as {
    accessToken: string;
    useruid: string;
  };
/** An access token as the auth service issues it, for an account that may have no member record yet. */
const providerToken = (useruid: string, email: string) =>
  new SignJWT({ email, useruid, username: '새회원', typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(useruid)
    .setIssuer('local-auth')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(SECRET));

/** The four member calls of finding 5, each one a fresh write or read of the member's own. */
function memberCalls(useruid: string) {
  return {
    'suggestion save': (token: string) =>
      s.call('POST', '/api/Board/SaveSuggest/', {
        ...as(token),
        body: { useruid, suggesttype: '1', title: '탈퇴 후 문의', content: '내용', issecret: true, files: [] },
      }),
    'cart add': (token: string) => s.call('GET', `/api/Cart/add/lecture/${useruid}/109`, as(token)),
    'class info': (token: string) => s.call('GET', `/api/Contents/GetMyClassInfo/${useruid}`, as(token)),
    'order start': (token: string) =>
      s.call('POST', '/api/Payment/Save/', {
        ...as(token),
        body: { useruid, contentsids: [103], title: '무료 강의', amount: 0, pointused: 0, coupondiscount: 0, paidamount: 0, paymethod: 'free' },
      }),
  };
}

describe('finding 6: the account check and CreateSNSUser reveal nothing of a member to anyone else', () => {
  const NAME = '김필라';
  const PHONE = '010-1234-5678';

  it("a visitor's CheckUserAccount for a member's email says it is taken, and no useruid", async () => {
    const r = await s.call('POST', '/api/CheckUserAccount/', { ...as(undefined), body: { email: 'member@demo.kr' } });
    expect(r.status).toBe(200);
    expect(r.json.datas).toEqual({ exists: true, useruid: null });
    expect(JSON.stringify(r.json)).not.toContain('u-demo-1');
  });

  it("another member's token, or an account with the member's email that is not the member, learns no useruid", async () => {
    const other = (await signIn('new@demo.kr')).accessToken;
    for (const token of [other, await providerToken('kakao-stranger', 'member@demo.kr')]) {
      const r = await s.call('POST', '/api/CheckUserAccount/', { ...as(token), body: { email: 'member@demo.kr' } });
      expect(r.json.datas).toEqual({ exists: true, useruid: null });
    }
  });

  it('the member itself, with its own token, gets its useruid (the login flow goes on)', async () => {
    const r = await s.call('POST', '/api/CheckUserAccount/', { ...as(s.token), body: { email: 'member@demo.kr' } });
    expect(r.json.datas).toEqual({ exists: true, useruid: 'u-demo-1' });
  });

  it('an unknown email is not taken; a forged token is 401', async () => {
    const r = await s.call('POST', '/api/CheckUserAccount/', { ...as(undefined), body: { email: 'nobody@demo.kr' } });
    expect(r.json.datas).toEqual({ exists: false, useruid: null });
    const forged = await s.call('POST', '/api/CheckUserAccount/', { ...as(`${s.token.slice(0, -4)}AAAA`), body: { email: 'member@demo.kr' } });
    expect(forged.status).toBe(401);
  });

  it("CreateSNSUser with a member's useruid and email, without its token, is 409 with none of its data", async () => {
    const sent = { useruid: 'u-demo-1', userid: 'member@demo.kr', email: 'member@demo.kr', name: '공격자' };
    const tokens = [undefined, await providerToken('kakao-stranger', 'member@demo.kr'), (await signIn('new@demo.kr')).accessToken];
    for (const token of tokens) {
      const r = await s.call('POST', '/api/CreateSNSUser/', { ...as(token), body: sent });
      expect(r.status).toBe(409);
      expect(r.json.respMessage).toBe(DUPLICATE);
      const text = JSON.stringify(r.json);
      for (const secret of [NAME, PHONE, 'agreemarketing', 'birth']) expect(text).not.toContain(secret);
    }
  });

  it("CreateSNSUser with another member's useruid or email alone is 409 with none of its data", async () => {
    for (const body of [
      { useruid: 'u-demo-1', userid: 'x@demo.kr', email: 'x@demo.kr', name: '공격자' },
      { useruid: 'kakao-attacker', userid: 'member@demo.kr', email: 'member@demo.kr', name: '공격자' },
    ]) {
      const r = await s.call('POST', '/api/CreateSNSUser/', { ...as(undefined), body });
      expect(r.status).toBe(409);
      expect(JSON.stringify(r.json)).not.toContain(NAME);
      expect(JSON.stringify(r.json)).not.toContain(PHONE);
    }
  });

  it("a repeated CreateSNSUser of the member's own sign-in, with its own token, answers its own record", async () => {
    const r = await s.call('POST', '/api/CreateSNSUser/', {
      ...as(s.token),
      body: { useruid: 'u-demo-1', userid: 'member@demo.kr', email: 'member@demo.kr', name: NAME },
    });
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({ useruid: 'u-demo-1', name: NAME, phone: PHONE });
  });

  it('a doubled CreateSNSUser of a new account creates it once; the other answer is 409, not a 500', async () => {
    const body = { useruid: 'kakao-double', userid: 'double@demo.kr', email: 'double@demo.kr', name: '최더블' };
    const answers = await Promise.all([0, 1, 2].map(() => s.call('POST', '/api/CreateSNSUser/', { ...as(undefined), body })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });
});

describe('finding 5: leaving ends every session of the member', () => {
  let leftToken = '';
  it('after LeaveUser answers 200, the same token gets 401 on suggestion save, cart add, class info and order start', async () => {
    const { accessToken: token, useruid } = await signIn('nophone@demo.kr');
    leftToken = token;
    const { accessToken: secondDevice } = await signIn('nophone@demo.kr');
    const calls = memberCalls(useruid);
    for (const [name, call] of Object.entries(calls)) expect([name, (await call(token)).status]).toEqual([name, 200]);

    const left = await s.call('POST', '/api/LeaveUser', { ...as(token), body: { useruid } });
    expect(left.status).toBe(200);

    for (const t of [token, secondDevice]) {
      for (const [name, call] of Object.entries(calls)) {
        const r = await call(t);
        expect([name, r.status, r.json.respMessage]).toEqual([name, 401, UNAUTHORIZED]);
      }
    }
    // A replayed leave and the profile read are refused the same way; nothing of the member is answered.
    const again = await s.call('POST', '/api/LeaveUser', { ...as(token), body: { useruid } });
    expect(again.status).toBe(401);
    const profile = await s.call('POST', `/api/GetUserInfoWithUseruid/${useruid}`, as(token));
    expect(profile.status).toBe(401);
    expect(JSON.stringify(profile.json)).not.toContain('박무폰');
    // An optional-auth read with the old token is refused too, rather than served as to a visitor.
    expect((await s.call('POST', '/api/Board/GetSuggests/', { ...as(token), body: { page: 1, pageSize: 10 } })).status).toBe(401);
    // No new token for the member who left.
    expect((await s.call('POST', '/local/auth/sign-in', { body: { email: 'nophone@demo.kr', remember: false }, auth: false })).status).toBe(404);
  });

  it('a token signed for the left useruid after leaving is refused as well: the useruid is never a member again', async () => {
    const { accessToken: token, useruid } = await signIn('new@demo.kr');
    expect((await s.call('POST', '/api/LeaveUser', { ...as(token), body: { useruid } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // a later second in the token's issue time
    const later = await providerToken(useruid, 'new@demo.kr');
    expect((await memberCalls(useruid)['class info'](later)).status).toBe(401);
    // Signing up again under the old useruid is refused without a word of the old record.
    const again = await s.call('POST', '/api/CreateSNSUser/', {
      ...as(undefined),
      body: { useruid, userid: 'new@demo.kr', email: 'new@demo.kr', name: '이새봄' },
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.json)).not.toContain('010-2222-3333');
  });

  it('the freed email joins again as a new member, whose token works while the old one stays refused', async () => {
    const joined = await s.call('POST', '/api/CreateSNSUser/', {
      ...as(undefined),
      body: { useruid: 'kakao-rejoin-3', userid: 'nophone@demo.kr', email: 'nophone@demo.kr', name: '박무폰' },
    });
    expect(joined.status).toBe(200);
    const fresh = await signIn('nophone@demo.kr');
    expect(fresh.useruid).toBe('kakao-rejoin-3');
    const calls = memberCalls('kakao-rejoin-3');
    // The new member starts empty: nothing of the member who left comes with the email.
    expect((await calls['class info'](fresh.accessToken)).json.datas).toEqual({ cartCnt: 0, classCnt: 0, expireCnt: 0, pointSum: 0 });
    for (const [name, call] of Object.entries(calls)) expect([name, (await call(fresh.accessToken)).status]).toEqual([name, 200]);
    expect((await memberCalls('u-demo-3')['class info'](leftToken)).status).toBe(401);
  });

  it("another member's call with its own token is unaffected by someone else's leaving", async () => {
    const r = await memberCalls('u-demo-1')['class info'](s.token);
    expect(r.status).toBe(200);
  });
});
