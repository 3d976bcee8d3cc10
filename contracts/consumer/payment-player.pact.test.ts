import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN } from './pact';
import { recordFirstPlay } from '../../src/api/queries/payment';
import { setAccessTokenSource } from '../../src/api/client';

/** `payment`-tagged calls of the player: the first play of a bought class (refunds are restricted after it). */
const { regex, string } = MatchersV3;
const pact = storefrontApiPact();
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const dateTime = regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[+-]\d{2}:\d{2}|Z)$/, '2024-05-01T10:00:00+09:00');

setAccessTokenSource(() => DEMO_TOKEN);
afterAll(() => setAccessTokenSource(() => undefined));

describe('payment calls of the player (storefront-web → storefront-api)', () => {
  it('FirstPlay: the first play of an owned lecture is dated', () =>
    pact
      .addInteraction()
      .given('member owns lecture not yet played', { useruid: 'u-demo-1', contentsid: 121 })
      .uponReceiving('the first play of lecture 121 by its owner u-demo-1')
      .withRequest('POST', '/api/Payment/FirstPlay/u-demo-1/121', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            contentsid: 121,
            useruid: string('u-demo-1'),
            firstplaydate: dateTime,
            downloaddate: null,
            expiredate: dateTime,
          }),
        ),
      )
      .executeTest(async (server) => {
        const usage = await recordFirstPlay('u-demo-1', 121, clientFor(server.url));
        expect(usage.firstplaydate).toBeTruthy();
      }));
});
