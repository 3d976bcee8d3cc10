import { describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, CATALOGUE } from './pact';
import { stats } from './fixtures';
import { fetchStats } from '../../src/api/queries/stats';

/** Calls of the yaml's `stats` tag: the public counters of the main and company pages. */
const { like } = MatchersV3;
const pact = storefrontApiPact();

describe('stats calls (storefront-web → storefront-api)', () => {
  it('reads the public counters', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the public counters')
      .withRequest('GET', '/api/Stats/GetInfo/1', (b) => b.headers(commonHeaders))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(like(stats))))
      .executeTest(async (server) => {
        const counters = await fetchStats(clientFor(server.url));
        expect(counters.membercnt).toBe(12840);
      }));
});
