import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN, otherMemberIsRefused } from './pact';
import { recordDownload } from '../../src/api/queries/payment-download';
import { setAccessTokenSource } from '../../src/api/client';

/** The `payment` call of /myEbook: the first download of a class's materials is recorded (refund-relevant). */
const { regex, string } = MatchersV3;
const pact = storefrontApiPact();
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('payment download mark (storefront-web → storefront-api)', () => {
  it('UpdateDownload: records the download date of an owned class', () =>
    pact
      .addInteraction()
      .given('member owns lecture, played and not downloaded', { useruid: 'u-demo-1', contentsid: 121 })
      .uponReceiving('a first-download mark of lecture 121 by member u-demo-1')
      .withRequest('POST', '/api/Payment/UpdateDownload/u-demo-1/121', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            contentsid: 121,
            useruid: 'u-demo-1',
            firstplaydate: string('2024-05-01T10:00:00+09:00'),
            downloaddate: string('2024-05-02T10:00:00+09:00'),
            expiredate: string('2099-12-31T23:59:59+09:00'),
          }),
        ),
      )
      .executeTest(async (server) => {
        const marks = await recordDownload('u-demo-1', 121, clientFor(server.url));
        expect(marks.downloaddate).not.toBeNull();
      }));

  it("UpdateDownload with another member's useruid is 403", () =>
    otherMemberIsRefused(pact, {
      description: 'a download mark by member u-demo-1 naming member u-demo-2',
      method: 'POST',
      path: '/api/Payment/UpdateDownload/u-demo-2/121',
      exactReason: true,
      call: (client) => recordDownload('u-demo-2', 121, client),
    }));
});
