import { describe, expect, it } from 'vitest';
import {
  MatchersV3,
  clientFor,
  commonHeaders,
  okEnvelope,
  storefrontApiPact,
  MEMBER,
  DEMO_MEMBER,
  DEMO_TOKEN,
  otherMemberIsRefused,
} from './pact';
import { checkUserAccount, checkUserPhone, createSnsUser, loginSubmit } from '../../src/auth/accountApi';
import { setAccessTokenSource } from '../../src/api/client';
import { createMember, fetchMember, fetchMemberByEmail, leaveMember, updateMember } from '../../src/api/queries/account';
import { isApiError } from '../../src/api/errors';

/**
 * Calls of the yaml's `account` tag (issue #5): login flow (CheckUserAccount, CreateSNSUser, LoginSubmit)
 * and the per-navigation phone check. Provider states name seed data (server/db/seed-data.ts):
 * u-demo-1 = member@demo.kr with a phone.
 */
const { string, boolean, regex } = MatchersV3;
const pact = storefrontApiPact();
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };

describe('account calls of the login flow (storefront-web → storefront-api)', () => {
  it("CheckUserAccount: the member's own token gets its useruid (the login flow goes on)", () =>
    pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('an account check for the email of member u-demo-1 with its own token')
      .withRequest('POST', '/api/CheckUserAccount/', (b) =>
        b.headers({ ...commonHeaders, ...bearer }).jsonBody({ email: 'member@demo.kr' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ exists: true, useruid: 'u-demo-1' })))
      .executeTest(async (server) => {
        expect(await checkUserAccount('member@demo.kr', DEMO_TOKEN, clientFor(server.url))).toEqual({ useruid: 'u-demo-1' });
      }));

  it("CheckUserAccount: a visitor learns that a member's email is taken, never its useruid", () =>
    pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('an account check for the email of member u-demo-1 without a token')
      .withRequest('POST', '/api/CheckUserAccount/', (b) => b.headers(commonHeaders).jsonBody({ email: 'member@demo.kr' }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ exists: true, useruid: null })))
      .executeTest(async (server) => {
        expect(await checkUserAccount('member@demo.kr', '', clientFor(server.url))).toEqual({ useruid: null });
      }));

  it('CheckUserAccount: an unknown email returns a null useruid', () =>
    pact
      .addInteraction()
      .given('no member has the email', { email: 'nobody@demo.kr' })
      .uponReceiving('an account check for an unknown email')
      .withRequest('POST', '/api/CheckUserAccount/', (b) => b.headers(commonHeaders).jsonBody({ email: 'nobody@demo.kr' }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ exists: false, useruid: null })))
      .executeTest(async (server) => {
        expect(await checkUserAccount('nobody@demo.kr', '', clientFor(server.url))).toEqual({ useruid: null });
      }));

  it('CreateSNSUser: creates the social member', () =>
    pact
      .addInteraction()
      .given('no member has the email', { email: 'sns-new@demo.kr' })
      .uponReceiving('a social member creation for a new email')
      .withRequest('POST', '/api/CreateSNSUser/', (b) =>
        b.headers(commonHeaders).jsonBody({ useruid: 'u-sns-new', userid: 'sns-new@demo.kr', email: 'sns-new@demo.kr', name: '최소셜' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            useruid: 'u-sns-new',
            userid: string('sns-new@demo.kr'),
            email: 'sns-new@demo.kr',
            name: string('최소셜'),
            phone: null,
            birth: null,
            snstype: string('kakao'),
            agreemarketing: boolean(false),
            regdate: string('2024-05-01T10:00:00+09:00'),
          }),
        ),
      )
      .executeTest(async (server) => {
        const created = await createSnsUser(
          { useruid: 'u-sns-new', userid: 'sns-new@demo.kr', email: 'sns-new@demo.kr', name: '최소셜' },
          '',
          clientFor(server.url),
        );
        expect(created).toEqual({ useruid: 'u-sns-new' });
      }));

  it('CreateSNSUser: a taken email fails with the server respMessage', () =>
    pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a social member creation with the email of member u-demo-1 and another useruid')
      .withRequest('POST', '/api/CreateSNSUser/', (b) =>
        b.headers(commonHeaders).jsonBody({ useruid: 'kakao-999', userid: 'member@demo.kr', email: 'member@demo.kr', name: '김필라' }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({ success: false, respMessage: string('동일한 이메일로 가입된 사용자가 있습니다.') }),
      )
      .executeTest(async (server) => {
        const error = await createSnsUser(
          { useruid: 'kakao-999', userid: 'member@demo.kr', email: 'member@demo.kr', name: '김필라' },
          '',
          clientFor(server.url),
        ).catch((e: unknown) => e);
        expect(isApiError(error)).toBe(true);
        expect((error as Error).message).toBe('동일한 이메일로 가입된 사용자가 있습니다.');
      }));

  it("CreateSNSUser: a member's own useruid and email, without its token, is 409 with none of its data", () =>
    pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a social member creation with the useruid and email of member u-demo-1 and no token')
      .withRequest('POST', '/api/CreateSNSUser/', (b) =>
        b.headers(commonHeaders).jsonBody({ useruid: 'u-demo-1', userid: 'member@demo.kr', email: 'member@demo.kr', name: '공격자' }),
      )
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string('동일한 이메일로 가입된 사용자가 있습니다.') }))
      .executeTest(async (server) => {
        const error = await createSnsUser(
          { useruid: 'u-demo-1', userid: 'member@demo.kr', email: 'member@demo.kr', name: '공격자' },
          '',
          clientFor(server.url),
        ).catch((e: unknown) => e);
        expect(isApiError(error) && error.status).toBe(409);
      }));

  it('LoginSubmit: the session-token request issues a new session token', () =>
    pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a session-token request of member u-demo-1')
      .withRequest('POST', '/account/LoginSubmit', (b) =>
        b.headers({ ...commonHeaders, ...bearer }).jsonBody({ useruid: 'u-demo-1', email: 'member@demo.kr' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            id: 'u-demo-1',
            email: 'member@demo.kr',
            sessionToken: regex(/^.{16,}$/, 'st_4b0f9a7c2e1d48c6a3f5e8d7'),
            success: true,
          }),
        ),
      )
      .executeTest(async (server) => {
        const token = await loginSubmit({ useruid: 'u-demo-1', email: 'member@demo.kr', accessToken: DEMO_TOKEN }, clientFor(server.url));
        expect(token.length).toBeGreaterThanOrEqual(16);
      }));
});

describe('member checks (storefront-web → storefront-api)', () => {
  it('CheckUserPhone: a member with a phone passes', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a phone check of member u-demo-1')
      .withRequest('GET', '/api/CheckUserPhone', (b) => b.query({ useruid: 'u-demo-1' }).headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ exists: true })))
      .executeTest(async (server) => {
        expect((await checkUserPhone('u-demo-1', clientFor(server.url))).exists).toBe(true);
      })
      .finally(() => setAccessTokenSource(() => undefined));
  });
});

/** The member record as the profile page reads it (u-demo-1 of the seed). */
const demoMember = (overrides: Record<string, unknown> = {}) => ({
  useruid: 'u-demo-1',
  userid: string('member'),
  email: 'member@demo.kr',
  name: string('김필라'),
  phone: string('010-1234-5678'),
  birth: null,
  snstype: string('kakao'),
  agreemarketing: boolean(false),
  regdate: string('2024-01-05T12:00:00+09:00'),
  ...overrides,
});

describe('profile, leaving and sign-up (storefront-web → storefront-api)', () => {
  const asMember = <T>(run: () => Promise<T>) => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return run().finally(() => setAccessTokenSource(() => undefined));
  };

  it('GetUserInfoWithUseruid: the profile page reads the member', () =>
    asMember(() =>
      pact
        .addInteraction()
        .given(MEMBER, DEMO_MEMBER)
        .uponReceiving('a profile read of member u-demo-1 by useruid')
        .withRequest('POST', '/api/GetUserInfoWithUseruid/u-demo-1', (b) => b.headers({ ...commonHeaders, ...bearer }))
        .willRespondWith(200, (b) => b.jsonBody(okEnvelope(demoMember())))
        .executeTest(async (server) => {
          const m = await fetchMember('u-demo-1', clientFor(server.url));
          expect(m).toMatchObject({ useruid: 'u-demo-1', email: 'member@demo.kr', phone: '010-1234-5678' });
        }),
    ));

  it("GetUserInfoWithUseruid: another member's useruid is refused", () =>
    asMember(() =>
      otherMemberIsRefused(pact, {
        description: 'a profile read of member u-demo-2 with the token of u-demo-1',
        method: 'POST',
        path: '/api/GetUserInfoWithUseruid/u-demo-2',
        call: (client) => fetchMember('u-demo-2', client),
      }),
    ));

  it('GetUserInfo: the member by their own email (/join checks for an existing record)', () =>
    asMember(() =>
      pact
        .addInteraction()
        .given(MEMBER, DEMO_MEMBER)
        .uponReceiving('a member read of u-demo-1 by email')
        .withRequest('POST', '/api/GetUserInfo/', (b) => b.headers({ ...commonHeaders, ...bearer }).jsonBody({ email: 'member@demo.kr' }))
        .willRespondWith(200, (b) => b.jsonBody(okEnvelope(demoMember())))
        .executeTest(async (server) => {
          expect((await fetchMemberByEmail('member@demo.kr', clientFor(server.url))).useruid).toBe('u-demo-1');
        }),
    ));

  it('UpdateUser: a new phone and marketing choice are stored and returned', () =>
    asMember(() =>
      pact
        .addInteraction()
        .given(MEMBER, DEMO_MEMBER)
        .uponReceiving('a profile update of member u-demo-1 with a new phone')
        .withRequest('POST', '/api/UpdateUser', (b) =>
          b.headers({ ...commonHeaders, ...bearer }).jsonBody({ useruid: 'u-demo-1', name: '김필라', phone: '010-9876-5432', agreemarketing: true }),
        )
        .willRespondWith(200, (b) => b.jsonBody(okEnvelope(demoMember({ name: '김필라', phone: '010-9876-5432', agreemarketing: true }))))
        .executeTest(async (server) => {
          const m = await updateMember({ useruid: 'u-demo-1', name: '김필라', phone: '010-9876-5432', agreemarketing: true }, clientFor(server.url));
          expect(m).toMatchObject({ phone: '010-9876-5432', agreemarketing: true });
        }),
    ));

  it("UpdateUser: another member's useruid is refused", () => {
    const update = { useruid: 'u-demo-2', phone: '010-0000-0000' };
    return asMember(() =>
      otherMemberIsRefused(pact, {
        description: 'a profile update of member u-demo-2 with the token of u-demo-1',
        method: 'POST',
        path: '/api/UpdateUser',
        body: update,
        call: (client) => updateMember(update, client),
      }),
    );
  });

  it("LeaveUser: another member's useruid is refused", () =>
    asMember(() =>
      otherMemberIsRefused(pact, {
        description: 'a withdrawal of member u-demo-2 with the token of u-demo-1',
        method: 'POST',
        path: '/api/LeaveUser',
        body: { useruid: 'u-demo-2' },
        call: (client) => leaveMember('u-demo-2', client),
      }),
    ));

  it('LeaveUser: the member withdraws', () =>
    asMember(() =>
      pact
        .addInteraction()
        .given(MEMBER, DEMO_MEMBER)
        .uponReceiving('a withdrawal of member u-demo-1')
        .withRequest('POST', '/api/LeaveUser', (b) => b.headers({ ...commonHeaders, ...bearer }).jsonBody({ useruid: 'u-demo-1' }))
        .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ useruid: 'u-demo-1' })))
        .executeTest(async (server) => {
          expect(await leaveMember('u-demo-1', clientFor(server.url))).toEqual({ useruid: 'u-demo-1' });
        }),
    ));

  it('createuser: a provider account that already has a member record gets the duplicate message', () =>
    asMember(() =>
      pact
        .addInteraction()
        .given(MEMBER, DEMO_MEMBER)
        .uponReceiving('a full sign-up of u-demo-1, who already has a member record')
        .withRequest('POST', '/api/createuser', (b) =>
          b.headers({ ...commonHeaders, ...bearer }).jsonBody({
            useruid: 'u-demo-1',
            userid: 'member@demo.kr',
            email: 'member@demo.kr',
            name: '김필라',
            phone: '010-1234-5678',
            agreeterms: true,
            agreeprivacy: true,
            agreemarketing: false,
          }),
        )
        .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string('동일한 이메일로 가입된 사용자가 있습니다.') }))
        .executeTest(async (server) => {
          const error = await createMember(
            {
              useruid: 'u-demo-1',
              userid: 'member@demo.kr',
              email: 'member@demo.kr',
              name: '김필라',
              phone: '010-1234-5678',
              agreeterms: true,
              agreeprivacy: true,
              agreemarketing: false,
            },
            clientFor(server.url),
          ).catch((e: unknown) => e);
          expect(isApiError(error) && error.status).toBe(409);
          expect((error as Error).message).toBe('동일한 이메일로 가입된 사용자가 있습니다.');
        }),
    ));
});
