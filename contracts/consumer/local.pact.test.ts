import { describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, MEMBER, DEMO_MEMBER, DEMO_TOKEN } from './pact';
import { fetchLocalMembers, localSignIn } from '../../src/auth/localAdapter';

/**
 * Calls of the yaml's `local` tag: the reference backend's local sign-in that stands in for the outside
 * auth service (not part of the production API).
 */
const { like, string, integer, eachLike } = MatchersV3;
const pact = storefrontApiPact();

describe('local sign-in of the reference backend (storefront-web → storefront-api)', () => {
  it('lists the demo members', () =>
    pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a request for the local demo members')
      .withRequest('GET', '/local/auth/members', (b) => b.headers(commonHeaders))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            eachLike({ useruid: string('u-demo-1'), email: string('member@demo.kr'), name: string('김필라'), description: string('데모 회원') }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const members = await fetchLocalMembers(clientFor(server.url));
        expect(members[0]).toMatchObject({ useruid: 'u-demo-1', email: 'member@demo.kr' });
      }));

  it('signs in as a demo member', () =>
    pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a local sign-in of member u-demo-1')
      .withRequest('POST', '/local/auth/sign-in', (b) => b.headers(commonHeaders).jsonBody({ email: 'member@demo.kr', remember: false }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            accessToken: string(DEMO_TOKEN),
            refreshToken: string('refresh.placeholder.token'),
            expiresAt: integer(1714550400),
            email: 'member@demo.kr',
            useruid: 'u-demo-1',
            username: like('김필라'),
          }),
        ),
      )
      .executeTest(async (server) => {
        const report = await localSignIn('member@demo.kr', false, clientFor(server.url));
        expect(report).toMatchObject({ email: 'member@demo.kr', providerUserId: 'u-demo-1', name: '김필라' });
      }));
});
