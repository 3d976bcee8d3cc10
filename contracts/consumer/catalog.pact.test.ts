import { describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, CATALOGUE } from './pact';
import { banner, branch, category, curriculumSection, lecture, lectureDetail, tag, video } from './fixtures';
import {
  LECTURE_PAGE_SIZE,
  SIMILAR_COUNT,
  fetchCurriculum,
  fetchCurriculumSections,
  fetchLectureDetail,
  fetchLectureTags,
  fetchOnlineLectures,
  fetchSimilarLectures,
  MAIN_STRIP_SIZE,
  fetchBanners,
  fetchMainContents,
  fetchPopularLectures,
  fetchRecentLectures,
  fetchMenuCategories,
  fetchBranches,
} from '../../src/api/queries/catalog';
import { fetchOrderLectures } from '../../src/api/queries/catalogOrder';
import { PUBLISHER_COUNT, fetchPublisherLectures } from '../../src/api/queries/catalogPublisher';

/**
 * Calls of the yaml's `catalog` tag: categories, lecture lists and search, lecture detail, curriculum,
 * tags, similar lectures, main-page content and the branch. States name seed data (server/db/seed-data.ts).
 */
const { like, eachLike, integer } = MatchersV3;
const pact = storefrontApiPact();
/** `path` is null for visitors except on preview videos, so the pact leaves it out. */
const { path: _path, ...videoWithoutPath } = video;
const page = (list: unknown) => okEnvelope({ list, totalCount: integer(3), page: 1, pageSize: LECTURE_PAGE_SIZE });

describe('catalog calls (storefront-web → storefront-api)', () => {
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

  it("lists the teacher's other lectures, without the current one", () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the other lectures of the teacher of lecture 101')
      .withRequest('POST', '/api/Contents/GetPublisherLectures/', (b) =>
        b.headers(commonHeaders).jsonBody({ page: 1, pageSize: PUBLISHER_COUNT, teachername: '최밸런스 강사', excludecontentsid: 101, isonlybranch: true }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ list: eachLike({ ...lecture, contentsid: integer(105), teachername: '최밸런스 강사' }), totalCount: integer(4), page: 1, pageSize: PUBLISHER_COUNT })),
      )
      .executeTest(async (server) => {
        const others = await fetchPublisherLectures('최밸런스 강사', 101, clientFor(server.url));
        expect(others.list[0]?.teachername).toBe('최밸런스 강사');
        expect(others.list.some((l) => l.contentsid === 101)).toBe(false);
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

  // checkout (issue 12)
  it('lists the lectures being ordered, in request order', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the order lectures 104 and 106')
      .withRequest('POST', '/api/Contents/GetOrderLectures/', (b) =>
        b.headers(commonHeaders).jsonBody({ contentsids: [104, 106] }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope([
            like({ ...lecture, contentsid: 104, tags: eachLike('코어') }),
            like({ ...lecture, contentsid: 106, tags: eachLike('코어') }),
          ]),
        ),
      )
      .executeTest(async (server) => {
        const list = await fetchOrderLectures([104, 106], clientFor(server.url));
        expect(list.map((l) => l.contentsid)).toEqual([104, 106]);
      }));

  it('an order of an unknown lecture is not found', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the order lecture 99999 that does not exist')
      .withRequest('POST', '/api/Contents/GetOrderLectures/', (b) => b.headers(commonHeaders).jsonBody({ contentsids: [99999] }))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: like('요청하신 강의를 찾을 수 없습니다.') }))
      .executeTest(async (server) => {
        await expect(fetchOrderLectures([99999], clientFor(server.url))).rejects.toMatchObject({ status: 404 });
      }));
});
