import { describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, CATALOGUE } from './pact';
import { rating, ratingStarInfo, review } from './fixtures';
import {
  MAIN_REVIEW_COUNT,
  RATING_PAGE_SIZE,
  fetchMainReviews,
  fetchRatingStarInfo,
  fetchRatings,
} from '../../src/api/queries/ratings';

/** Calls of the yaml's `ratings` tag: a lecture's stars and ratings, the main page's latest reviews. */
const { like, eachLike, integer } = MatchersV3;
const pact = storefrontApiPact();

describe('ratings calls (storefront-web → storefront-api)', () => {
  it('summarises the stars of a lecture', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the star summary of lecture 101')
      .withRequest('POST', '/api/Rating/GetRatingStarInfo/101', (b) => b.query({ sortType: 'recent' }).headers(commonHeaders))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(like({ ...ratingStarInfo, distribution: like(ratingStarInfo.distribution) }))),
      )
      .executeTest(async (server) => {
        const info = await fetchRatingStarInfo(101, 'recent', clientFor(server.url));
        expect(info.distribution['5']).toBe(110);
      }));

  it('pages the ratings of a lecture', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a visitor request for the first page of ratings of lecture 101')
      .withRequest('POST', '/api/Rating/GetRatings/', (b) =>
        b.headers(commonHeaders).jsonBody({ contentsid: 101, page: 1, pageSize: RATING_PAGE_SIZE, sortType: 'recent' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ list: eachLike(rating), totalCount: integer(4), page: 1, pageSize: RATING_PAGE_SIZE })),
      )
      .executeTest(async (server) => {
        const ratings = await fetchRatings({ contentsid: 101, page: 1, sortType: 'recent' }, clientFor(server.url));
        expect(ratings.list[0]?.ratescore).toBe(5);
      }));

  it('pages the latest reviews', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the latest reviews')
      .withRequest('POST', '/api/Review/GetReviews/', (b) =>
        b.headers(commonHeaders).jsonBody({ page: 1, pageSize: MAIN_REVIEW_COUNT, sortType: 'recent', isonlybranch: true }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ list: eachLike(review), totalCount: integer(40), page: 1, pageSize: MAIN_REVIEW_COUNT })),
      )
      .executeTest(async (server) => {
        const page = await fetchMainReviews(clientFor(server.url));
        expect(page.list[0]?.username).toBe('박*연');
      }));
});
