import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MatchersV3,
  clientFor,
  commonHeaders,
  okEnvelope,
  storefrontApiPact,
  asStaff,
  CONSOLE_REFUSALS,
  DEMO_MEMBER,
  DEMO_TEACHER,
  DEMO_TOKEN,
  NOT_STAFF,
  STAFF,
} from './pact';
import { adminStaff, adminStaffRow } from './fixtures';
import { fetchAdminMe, fetchAdminStaff, grantAdminStaff, revokeAdminStaff } from '../../src/api/queries/admin-staff';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `admin-staff` tag (the console, issue 38): who the signed-in staff member is, and the owner's
 * staff list, grant and revoke. The verifier acts as DEMO_MEMBER (u-demo-1): its role is each interaction's state.
 * Demo staff of the seed: owner@demo.kr (u-demo-4), staff@demo.kr (u-demo-5), teacher@demo.kr (u-demo-6).
 */
const { eachLike, like, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const ONLY_OWNER = ['the member is the only owner', DEMO_MEMBER] as const;
const LAST_OWNER = '마지막 대표 운영자는 해제하거나 다른 역할로 바꿀 수 없습니다.';
const NO_SUCH_MEMBER = '해당 이메일로 가입한 회원이 없습니다. 한 번 로그인한 회원만 운영진으로 지정할 수 있습니다.';
const pact = storefrontApiPact();

beforeEach(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

/** A staff record: its member and role exact, the member's email and name by type. */
const staffRecord = (fixed: { useruid: string; role: string; teachername: string | null }) => ({
  email: like(adminStaff.email),
  name: like(adminStaff.name),
  ...fixed,
});

const refused = (status: number, message: string) => ({ name: 'ApiError', status, message });

describe('console staff calls (storefront-web → storefront-api)', () => {
  it('GetAdminMe: the signed-in staff member and their role', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .uponReceiving('a console who-am-I of member u-demo-1, an operator')
      .withRequest('GET', '/api/Admin/Me', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(staffRecord({ useruid: 'u-demo-1', role: 'operator', teachername: null }))),
      )
      .executeTest(async (server) => {
        const me = await fetchAdminMe(clientFor(server.url));
        expect(me).toMatchObject({ useruid: 'u-demo-1', role: 'operator' });
      }));

  it('GetAdminMe: an instructor learns whose classes they teach', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .uponReceiving('a console who-am-I of member u-demo-1, an instructor')
      .withRequest('GET', '/api/Admin/Me', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(staffRecord({ useruid: 'u-demo-1', role: 'instructor', teachername: DEMO_TEACHER }))),
      )
      .executeTest(async (server) => {
        const me = await fetchAdminMe(clientFor(server.url));
        expect(me).toMatchObject({ role: 'instructor', teachername: DEMO_TEACHER });
      }));

  it('GetAdminMe: without a token is 401', () => {
    setAccessTokenSource(() => undefined);
    return pact
      .addInteraction()
      .given(NOT_STAFF, DEMO_MEMBER)
      .uponReceiving('a console who-am-I without a token')
      .withRequest('GET', '/api/Admin/Me', (b) => b.headers(commonHeaders))
      .willRespondWith(401, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.signedOut) }))
      .executeTest(async (server) => {
        await expect(fetchAdminMe(clientFor(server.url))).rejects.toMatchObject(refused(401, CONSOLE_REFUSALS.signedOut));
      });
  });

  it('GetAdminMe: a member who is not staff is 403', () =>
    pact
      .addInteraction()
      .given(NOT_STAFF, DEMO_MEMBER)
      .uponReceiving('a console who-am-I of member u-demo-1, who is not staff')
      .withRequest('GET', '/api/Admin/Me', (b) => b.headers(headers))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.notStaff) }))
      .executeTest(async (server) => {
        await expect(fetchAdminMe(clientFor(server.url))).rejects.toMatchObject(refused(403, CONSOLE_REFUSALS.notStaff));
      }));

  it('ListAdminStaff: every staff member, for the owner', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .uponReceiving('a staff list request of member u-demo-1, an owner')
      .withRequest('GET', '/api/Admin/Staff', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(eachLike(adminStaffRow))),
      )
      .executeTest(async (server) => {
        const staff = await fetchAdminStaff(clientFor(server.url));
        expect(staff[0]?.role).toBe('owner');
      }));

  it('ListAdminStaff: an operator is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .uponReceiving('a staff list request of member u-demo-1, an operator')
      .withRequest('GET', '/api/Admin/Staff', (b) => b.headers(headers))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(fetchAdminStaff(clientFor(server.url))).rejects.toMatchObject(refused(403, CONSOLE_REFUSALS.wrongRole));
      }));

  it('GrantAdminStaff: the owner makes a member an operator', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .uponReceiving('a grant of operator to staff@demo.kr by member u-demo-1, an owner')
      .withRequest('POST', '/api/Admin/Staff', (b) => b.headers(headers).jsonBody({ email: 'staff@demo.kr', role: 'operator' }))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ useruid: 'u-demo-5', email: 'staff@demo.kr', name: like('정운영'), role: 'operator', teachername: null })),
      )
      .executeTest(async (server) => {
        const s = await grantAdminStaff({ email: 'staff@demo.kr', role: 'operator' }, clientFor(server.url));
        expect(s).toMatchObject({ useruid: 'u-demo-5', role: 'operator' });
      }));

  it('GrantAdminStaff: an email no member signed in with is 404', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .given('no member has the email', { email: 'nobody@demo.kr' })
      .uponReceiving('a grant of operator to nobody@demo.kr by member u-demo-1, an owner')
      .withRequest('POST', '/api/Admin/Staff', (b) => b.headers(headers).jsonBody({ email: 'nobody@demo.kr', role: 'operator' }))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string(NO_SUCH_MEMBER) }))
      .executeTest(async (server) => {
        await expect(grantAdminStaff({ email: 'nobody@demo.kr', role: 'operator' }, clientFor(server.url))).rejects.toMatchObject(
          refused(404, NO_SUCH_MEMBER),
        );
      }));

  it('GrantAdminStaff: the last owner cannot become an operator (409)', () =>
    pact
      .addInteraction()
      .given(...ONLY_OWNER)
      .uponReceiving('a grant of operator to member@demo.kr, the only owner, by itself')
      .withRequest('POST', '/api/Admin/Staff', (b) => b.headers(headers).jsonBody({ email: 'member@demo.kr', role: 'operator' }))
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string(LAST_OWNER) }))
      .executeTest(async (server) => {
        await expect(grantAdminStaff({ email: 'member@demo.kr', role: 'operator' }, clientFor(server.url))).rejects.toMatchObject(
          refused(409, LAST_OWNER),
        );
      }));

  it('RevokeAdminStaff: the owner ends an instructor’s role', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .given(STAFF, { useruid: 'u-demo-6', role: 'instructor', teachername: DEMO_TEACHER })
      .uponReceiving('a revoke of instructor u-demo-6 by member u-demo-1, an owner')
      .withRequest('DELETE', '/api/Admin/Staff/u-demo-6', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(staffRecord({ useruid: 'u-demo-6', role: 'instructor', teachername: DEMO_TEACHER }))),
      )
      .executeTest(async (server) => {
        const s = await revokeAdminStaff('u-demo-6', clientFor(server.url));
        expect(s).toMatchObject({ useruid: 'u-demo-6', role: 'instructor' });
      }));

  it('RevokeAdminStaff: the last owner cannot be removed (409)', () =>
    pact
      .addInteraction()
      .given(...ONLY_OWNER)
      .uponReceiving('a revoke of member u-demo-1, the only owner, by itself')
      .withRequest('DELETE', '/api/Admin/Staff/u-demo-1', (b) => b.headers(headers))
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string(LAST_OWNER) }))
      .executeTest(async (server) => {
        await expect(revokeAdminStaff('u-demo-1', clientFor(server.url))).rejects.toMatchObject(refused(409, LAST_OWNER));
      }));
});
