import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, CATALOGUE, DEMO_TOKEN } from './pact';
import { branch, curriculumSection, lecture, lectureDetail, rating, ratingStarInfo, tag, video } from './fixtures';
import {
  LECTURE_PAGE_SIZE,
  SIMILAR_COUNT,
  fetchBranches,
  fetchCurriculum,
  fetchCurriculumSections,
  fetchLectureDetail,
  fetchLectureTags,
  fetchOnlineLectures,
  fetchSimilarLectures,
} from '../../src/api/queries/catalog';
import { addLectureToCart } from '../../src/api/queries/cart';
import { RATING_PAGE_SIZE, fetchRatingStarInfo, fetchRatings } from '../../src/api/queries/ratings';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Catalog calls of issue #6: class list, search, class view (detail, curriculum, tags, similar,
 * ratings), cart add and the Seoul branch. States name seed data (server/db/seed-data.ts).
 */
const { like, eachLike, integer, regex } = MatchersV3;
const pact = storefrontApiPact();
/** `path` is null for visitors except on preview videos, so the pact leaves it out. */
const { path: _path, ...videoWithoutPath } = video;
const page = (list: unknown) => okEnvelope({ list, totalCount: integer(3), page: 1, pageSize: LECTURE_PAGE_SIZE });

afterAll(() => setAccessTokenSource(() => undefined));

describe('catalog calls (storefront-web → storefront-api)', () => {
  it('lists the lectures of a category, sorted', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the lectures of category 111 sorted by popularity')
      .withRequest('POST', '/api/Contents/GetOnlineLectures/', (b) =>
        b.headers(commonHeaders).jsonBody({ pageSize: LECTURE_PAGE_SIZE, isonlybranch: true, page: 1, categoryid: 111, pcategoryid: 1, sortType: 'popular' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(page(eachLike(lecture))))
      .executeTest(async (server) => {
        const result = await fetchOnlineLectures({ page: 1, categoryid: 111, pcategoryid: 1, sortType: 'popular' }, clientFor(server.url));
        expect(result.list[0]?.title).toBe(lecture.title);
      }));

  it('searches lectures by text', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a lecture search for 필라테스')
      .withRequest('POST', '/api/Contents/GetOnlineLectures/', (b) =>
        b.headers(commonHeaders).jsonBody({ pageSize: LECTURE_PAGE_SIZE, isonlybranch: true, page: 1, schtext: '필라테스' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(page(eachLike(lecture))))
      .executeTest(async (server) => {
        const result = await fetchOnlineLectures({ page: 1, schtext: '필라테스' }, clientFor(server.url));
        expect(result.totalCount).toBe(3);
      }));

  it('shows a lecture to a visitor (useruid 0, no token)', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a visitor request for the detail of lecture 101')
      .withRequest('GET', '/api/Contents/GetOnlineDetail/101/0', (b) => b.headers(commonHeaders))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(like({ ...lectureDetail, tags: eachLike('코어'), options: eachLike(lectureDetail.options[0]) }))))
      .executeTest(async (server) => {
        const detail = await fetchLectureDetail(101, '0', clientFor(server.url));
        expect(detail).toMatchObject({ contentsid: 101, ispurchased: false, progress: null });
      }));

  it('lists the curriculum with videos', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the curriculum of lecture 101')
      .withRequest('POST', '/api/Contents/CurriculumList/', (b) => b.headers(commonHeaders).jsonBody({ contentsid: 101 }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike({ ...curriculumSection, videos: eachLike(videoWithoutPath) }))))
      .executeTest(async (server) => {
        const sections = await fetchCurriculum(101, undefined, clientFor(server.url));
        expect(sections[0]?.videos[0]?.title).toBe(video.title);
      }));

  it('lists the curriculum sections', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the curriculum sections of lecture 101')
      .withRequest('POST', '/api/Contents/GetCurriculumSection/101', (b) => b.headers(commonHeaders))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(curriculumSection))))
      .executeTest(async (server) => {
        const sections = await fetchCurriculumSections(101, clientFor(server.url));
        expect(sections[0]?.sectionid).toBe(11);
      }));

  it('lists the tags of a lecture', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the tags of lecture 101')
      .withRequest('POST', '/api/Tag/GetTags/', (b) => b.headers(commonHeaders).jsonBody({ contentsid: 101 }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(tag))))
      .executeTest(async (server) => {
        const tags = await fetchLectureTags(101, clientFor(server.url));
        expect(tags[0]?.name).toBe(tag.name);
      }));

  it('lists lectures similar to one lecture', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the lectures similar to lecture 101')
      .withRequest('POST', '/api/Contents/GetSimilarOnlineLectures/', (b) =>
        b.headers(commonHeaders).jsonBody({ contentsid: 101, count: SIMILAR_COUNT, isonlybranch: true }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(lecture))))
      .executeTest(async (server) => {
        const similar = await fetchSimilarLectures(101, clientFor(server.url));
        expect(similar[0]?.contentsid).toBe(101);
      }));

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

  it('shows the Seoul branch', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the branches of Seoul')
      .withRequest('GET', '/api/Online/GetBranch/Seoul', (b) => b.headers(commonHeaders))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(branch))))
      .executeTest(async (server) => {
        const branches = await fetchBranches('Seoul', clientFor(server.url));
        expect(branches[0]?.region).toBe('Seoul');
      }));

  it('puts a lecture in the member cart', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member u-demo-1 has 0 items in the cart')
      .uponReceiving('a cart add of lecture 112 by member u-demo-1')
      .withRequest('GET', '/api/Cart/add/lecture/u-demo-1/112', (b) =>
        b.headers({ ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(like({ action: 'add', count: integer(1), exists: true, items: [], totalprice: integer(89000), totalsaleprice: integer(89000) }))),
      )
      .executeTest(async (server) => {
        const cart = await addLectureToCart('u-demo-1', 112, clientFor(server.url));
        expect(cart.exists).toBe(true);
      });
  });
});
