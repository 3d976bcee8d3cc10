import { describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, CATALOGUE, DEMO_TOKEN } from './pact';
import { setAccessTokenSource } from '../../src/api/client';
import { isApiError } from '../../src/api/errors';
import { rating, ratingStarInfo, review } from './fixtures';
import {
  MAIN_REVIEW_COUNT,
  RATING_PAGE_SIZE,
  fetchMainReviews,
  fetchRatingStarInfo,
  fetchRatings,
  fetchMyRating,
  saveRating,
  deleteRating,
} from '../../src/api/queries/ratings';

/** Calls of the yaml's `ratings` tag: a lecture's stars and ratings, the main page's latest reviews. */
const { like, eachLike, integer, string, regex } = MatchersV3;
const pact = storefrontApiPact();
/** An author's name as anyone sees it, the author too: first and last letter kept (the yaml's Rating.username). */
const MASKED = /^(.\*+.?|\*)$/;

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
        b.jsonBody(
          okEnvelope({
            list: eachLike({ ...rating, username: regex(MASKED, rating.username) }),
            totalCount: integer(4),
            page: 1,
            pageSize: RATING_PAGE_SIZE,
          }),
        ),
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
        b.jsonBody(
          okEnvelope({
            list: eachLike({ ...review, username: regex(MASKED, review.username) }),
            totalCount: integer(40),
            page: 1,
            pageSize: MAIN_REVIEW_COUNT,
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchMainReviews(clientFor(server.url));
        expect(page.list[0]?.username).toBe('박*연');
      }));
});

/** The member's own rating, as the states below put it in the database. */
const RATED = { useruid: 'u-demo-1', contentsid: 101, ratingid: 9001, ratescore: 4, content: '호흡이 편해졌어요.' };
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const storedRating = (over: Record<string, unknown> = {}) => ({
  ratingid: integer(9001),
  contentsid: 101,
  useruid: 'u-demo-1',
  username: regex(MASKED, '회*'),
  ratescore: 4,
  content: '호흡이 편해졌어요.',
  ismine: true,
  regdate: string('2024-05-01T10:00:00+09:00'),
  ...over,
});

describe("a member's own rating (storefront-web → storefront-api)", () => {
  const asMember = <T>(run: () => Promise<T>) => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return run().finally(() => setAccessTokenSource(() => undefined));
  };

  it("GetRatings by useruid finds the member's rating", () =>
    asMember(() =>
      pact
        .addInteraction()
        .given('member has rated the lecture', RATED)
        .uponReceiving('a request for the rating of member u-demo-1 on lecture 101')
        .withRequest('POST', '/api/Rating/GetRatings/', (b) =>
          b.headers({ ...commonHeaders, ...bearer }).jsonBody({ contentsid: 101, useruid: 'u-demo-1', page: 1, pageSize: 1 }),
        )
        .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ list: [storedRating({ ratingid: 9001 })], totalCount: 1, page: 1, pageSize: 1 })))
        .executeTest(async (server) => {
          const mine = await fetchMyRating(101, 'u-demo-1', clientFor(server.url));
          expect(mine).toMatchObject({ ratingid: 9001, ratescore: 4, ismine: true });
        }),
    ));

  it('Save: an owner writes a first rating', () =>
    asMember(() =>
      pact
        .addInteraction()
        .given('member owns the lecture and has not rated it', { useruid: 'u-demo-1', contentsid: 101 })
        .uponReceiving('a first rating of lecture 101 by its owner u-demo-1')
        .withRequest('POST', '/api/Rating/Save/', (b) =>
          b.headers({ ...commonHeaders, ...bearer }).jsonBody({ ratingid: 0, contentsid: 101, useruid: 'u-demo-1', ratescore: 4, content: '호흡이 편해졌어요.' }),
        )
        .willRespondWith(200, (b) => b.jsonBody(okEnvelope(storedRating())))
        .executeTest(async (server) => {
          const saved = await saveRating({ ratingid: 0, contentsid: 101, useruid: 'u-demo-1', ratescore: 4, content: '호흡이 편해졌어요.' }, clientFor(server.url));
          expect(saved).toMatchObject({ ratescore: 4, ismine: true });
        }),
    ));

  it('Save: the owner edits their rating', () =>
    asMember(() =>
      pact
        .addInteraction()
        .given('member has rated the lecture', RATED)
        .uponReceiving('an edit of rating 9001 by its author u-demo-1')
        .withRequest('POST', '/api/Rating/Save/', (b) =>
          b.headers({ ...commonHeaders, ...bearer }).jsonBody({ ratingid: 9001, contentsid: 101, useruid: 'u-demo-1', ratescore: 2, content: '후반부는 어려웠어요.' }),
        )
        .willRespondWith(200, (b) => b.jsonBody(okEnvelope(storedRating({ ratingid: 9001, ratescore: 2, content: '후반부는 어려웠어요.' }))))
        .executeTest(async (server) => {
          const saved = await saveRating({ ratingid: 9001, contentsid: 101, useruid: 'u-demo-1', ratescore: 2, content: '후반부는 어려웠어요.' }, clientFor(server.url));
          expect(saved).toMatchObject({ ratingid: 9001, ratescore: 2 });
        }),
    ));

  it('Save: a member who does not own the lecture is refused with the reason', () =>
    asMember(() =>
      pact
        .addInteraction()
        .given('member does not own the lecture', { useruid: 'u-demo-1', contentsid: 104 })
        .uponReceiving('a rating of lecture 104 by u-demo-1, who does not own it')
        .withRequest('POST', '/api/Rating/Save/', (b) =>
          b.headers({ ...commonHeaders, ...bearer }).jsonBody({ ratingid: 0, contentsid: 104, useruid: 'u-demo-1', ratescore: 5, content: '좋아요' }),
        )
        .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string('수강한 강의만 평가할 수 있습니다.') }))
        .executeTest(async (server) => {
          const error = await saveRating({ ratingid: 0, contentsid: 104, useruid: 'u-demo-1', ratescore: 5, content: '좋아요' }, clientFor(server.url)).catch((e: unknown) => e);
          expect(isApiError(error) && error.status).toBe(409);
          expect((error as Error).message).toBe('수강한 강의만 평가할 수 있습니다.');
        }),
    ));

  it('Delete: the author deletes their rating', () =>
    asMember(() =>
      pact
        .addInteraction()
        .given('member has rated the lecture', RATED)
        .uponReceiving('a deletion of rating 9001 by its author u-demo-1')
        .withRequest('POST', '/api/Rating/Delete', (b) =>
          b.query({ id: '9001', contentsid: '101', ratescore: '4' }).headers({ ...commonHeaders, ...bearer }),
        )
        .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ ratingid: 9001 })))
        .executeTest(async (server) => {
          expect(await deleteRating({ ratingid: 9001, contentsid: 101, ratescore: 4 }, clientFor(server.url))).toEqual({ ratingid: 9001 });
        }),
    ));

  it("Delete: another member's rating is refused", () =>
    asMember(() =>
      pact
        .addInteraction()
        .given('member has rated the lecture', { ...RATED, useruid: 'u-demo-2', ratingid: 9002 })
        .uponReceiving('a deletion of rating 9002 of member u-demo-2 with the token of u-demo-1')
        .withRequest('POST', '/api/Rating/Delete', (b) =>
          b.query({ id: '9002', contentsid: '101', ratescore: '4' }).headers({ ...commonHeaders, ...bearer }),
        )
        .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string('요청하신 평가를 찾을 수 없습니다.') }))
        .executeTest(async (server) => {
          const error = await deleteRating({ ratingid: 9002, contentsid: 101, ratescore: 4 }, clientFor(server.url)).catch((e: unknown) => e);
          expect(isApiError(error) && error.status).toBe(404);
        }),
    ));
});
