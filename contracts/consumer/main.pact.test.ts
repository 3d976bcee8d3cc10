import { describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, CATALOGUE } from './pact';
import { banner, category, lecture, notice, review, stats } from './fixtures';
import {
  MAIN_STRIP_SIZE,
  fetchBanners,
  fetchMainContents,
  fetchPopularLectures,
  fetchRecentLectures,
  fetchMenuCategories,
} from '../../src/api/queries/catalog';
import { MAIN_REVIEW_COUNT, fetchMainReviews } from '../../src/api/queries/ratings';
import { fetchStats } from '../../src/api/queries/stats';
import { fetchNotices, NOTICE_PAGE_SIZE } from '../../src/api/queries/board';

const { like, eachLike, integer } = MatchersV3;
const pact = storefrontApiPact();

describe('main page and menu calls (storefront-web → storefront-api)', () => {
  it('lists the branch banners', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the branch banners')
      .withRequest('POST', '/api/Banner/GetList', (b) => b.query({ isonlybranch: 'true' }).headers(commonHeaders))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(banner))))
      .executeTest(async (server) => {
        const banners = await fetchBanners(clientFor(server.url));
        expect(banners[0]).toMatchObject({ title: banner.title, width: 1920, height: 560 });
      }));

  it('lists the most recent lectures', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the recent lectures of the branch')
      .withRequest('POST', '/api/Contents/GetRecentOnlineLectures/', (b) =>
        b.headers(commonHeaders).jsonBody({ count: MAIN_STRIP_SIZE, isonlybranch: true }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(lecture))))
      .executeTest(async (server) => {
        const lectures = await fetchRecentLectures(clientFor(server.url));
        expect(lectures[0]?.title).toBe(lecture.title);
      }));

  it('lists the popular lectures', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the popular lectures of the branch')
      .withRequest('POST', '/api/Contents/GetPopularOnlineLectures/', (b) =>
        b.headers(commonHeaders).jsonBody({ count: MAIN_STRIP_SIZE, isonlybranch: true }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(lecture))))
      .executeTest(async (server) => {
        const lectures = await fetchPopularLectures(clientFor(server.url));
        expect(lectures[0]?.saleprice).toBe(lecture.saleprice);
      }));

  it('lists the main contents by type', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the main contents by type')
      .withRequest('POST', '/api/Type/GetMainContents/', (b) => b.headers(commonHeaders).jsonBody({ isonlybranch: true }))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(eachLike({ typeid: integer(1), type: 'best', title: like('베스트 클래스'), lectures: eachLike(lecture) }))),
      )
      .executeTest(async (server) => {
        const groups = await fetchMainContents(clientFor(server.url));
        expect(groups[0]?.lectures[0]?.contentsid).toBe(101);
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

  it('lists the active categories with the application id and key', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the active category list')
      .withRequest('GET', '/api/Category/GetList/category', (b) =>
        b.query({ isactive: '1', pcategoryid: '0' }).headers({
          ...commonHeaders,
          'X-Application-Id': like('storefront-local'),
          'X-Application-Key': like('local-public-key'),
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(category))))
      .executeTest(async (server) => {
        const categories = await fetchMenuCategories(clientFor(server.url));
        expect(categories[0]).toMatchObject({ ctgrname: '필라테스', parentID: 0 });
      }));

  it('pages the notices of the branch', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the first page of notices')
      .withRequest('POST', '/api/Main/GetNotices', (b) =>
        b
          .query({ isnotice: '1', istop3: 'false', isonlybranch: 'true' })
          .headers(commonHeaders)
          .jsonBody({ page: 1, pageSize: NOTICE_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ list: eachLike(notice), totalCount: integer(12), page: 1, pageSize: NOTICE_PAGE_SIZE })),
      )
      .executeTest(async (server) => {
        const page = await fetchNotices({ page: 1 }, clientFor(server.url));
        expect(page.list[0]?.title).toBe(notice.title);
      }));

  it('passes a failed call on as the server message', () =>
    pact
      .addInteraction()
      .given('no notice 99999 exists')
      .uponReceiving('a request for a notice that does not exist')
      .withRequest('GET', '/api/Main/GetNoticeInfo/99999/1', (b) => b.headers(commonHeaders))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: like('존재하지 않는 공지사항입니다.') }))
      .executeTest(async (server) => {
        const { fetchNoticeInfo } = await import('../../src/api/queries/board');
        await expect(fetchNoticeInfo(99999, clientFor(server.url))).rejects.toMatchObject({
          name: 'ApiError',
          status: 404,
          message: '존재하지 않는 공지사항입니다.',
        });
      }));
});
