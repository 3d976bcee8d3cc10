import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_MEMBER, DEMO_TOKEN, MEMBER } from './pact';
import { fetchMailSettings, updateMailSettings } from '../../src/api/queries/account-mail';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * The member's mail choices in 회원정보 (tag `account`, issue 40): the 수강 기간 종료 안내 switch, read and saved. The
 * token names the member; no useruid travels.
 */
const { regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const REMINDERS_ON = ['the member gets reminders', DEMO_MEMBER] as const;
const SIGNED_OUT = '로그인 후 이용해주세요.';
const pact = storefrontApiPact();

beforeEach(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('mail settings calls (storefront-web → storefront-api)', () => {
  it("GetMailSettings: the member's reminders switch", () =>
    pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .given(...REMINDERS_ON)
      .uponReceiving('the mail settings of member u-demo-1, who gets reminders')
      .withRequest('GET', '/api/Member/MailSettings', (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ reminders: true })))
      .executeTest(async (server) => {
        expect(await fetchMailSettings(clientFor(server.url))).toEqual({ reminders: true });
      }));

  it('UpdateMailSettings: switching reminders off comes back as stored', () =>
    pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .given(...REMINDERS_ON)
      .uponReceiving('member u-demo-1 switching reminders off')
      .withRequest('POST', '/api/Member/MailSettings', (b) => b.headers(headers).jsonBody({ reminders: false }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ reminders: false })))
      .executeTest(async (server) => {
        expect(await updateMailSettings({ reminders: false }, clientFor(server.url))).toEqual({ reminders: false });
      }));

  it('GetMailSettings: without a token is 401', () => {
    setAccessTokenSource(() => undefined);
    return pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('the mail settings without a token')
      .withRequest('GET', '/api/Member/MailSettings', (b) => b.headers(commonHeaders))
      .willRespondWith(401, (b) => b.jsonBody({ success: false, respMessage: string(SIGNED_OUT) }))
      .executeTest(async (server) => {
        await expect(fetchMailSettings(clientFor(server.url))).rejects.toMatchObject({ name: 'ApiError', status: 401, message: SIGNED_OUT });
      });
  });
});
