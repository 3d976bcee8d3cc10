import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MatchersV3,
  clientFor,
  commonHeaders,
  okEnvelope,
  storefrontApiPact,
  MEMBER,
  DEMO_MEMBER,
  DEMO_TOKEN,
  otherMemberIsRefused,
} from './pact';
import { answeredQuestion, myLectureMidway, myLectureNotStarted, pdfFile } from './fixtures';
import { fetchMyClassInfo } from '../../src/api/queries/classroom';
import {
  MY_LECTURES_PAGE_SIZE,
  QNA_PAGE_SIZE,
  fetchContentsPdfList,
  fetchMyLectures,
  fetchQnaList,
  saveQna,
  setBookmark,
} from '../../src/api/queries/classroom-lectures';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `classroom` tag: the side menu's counts, the classroom tabs, materials, lecture Q&A and
 * bookmarks, each with the failure its screen shows. Attacker cases: another member's useruid (403), a class
 * the member does not own (403 for materials and bookmarks, 409 for a question).
 */
const { integer, regex, like, eachLike, arrayContaining } = MatchersV3;
const pact = storefrontApiPact();
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const me = DEMO_MEMBER.useruid;
const OTHER = 'u-demo-2';
const OWNS_121 = ['member owns lecture', { useruid: me, contentsid: 121 }] as const;
/** A question as anyone sees it, its author too: the author's name masked (the yaml's QnA.username). */
const questionAsShown = { ...answeredQuestion, username: regex(/^(.\*+.?|\*)$/, answeredQuestion.username) };
const NOT_OWNS_104 = ['member does not own lecture', { useruid: me, contentsid: 104 }] as const;

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('classroom calls (storefront-web → storefront-api)', () => {
  it('GetMyClassInfo: the four side-menu counts', () =>
    pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a my-class summary request of member u-demo-1')
      .withRequest('GET', '/api/Contents/GetMyClassInfo/u-demo-1', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ cartCnt: integer(1), classCnt: integer(3), expireCnt: integer(1), pointSum: integer(5500) })),
      )
      .executeTest(async (server) => {
        const info = await fetchMyClassInfo('u-demo-1', clientFor(server.url));
        expect(Object.keys(info).sort()).toEqual(['cartCnt', 'classCnt', 'expireCnt', 'pointSum']);
      }));

  it('GetMyLectures ing: the classes in progress include one not started yet', () =>
    pact
      .addInteraction()
      .given('member has not started lecture', { useruid: me, contentsid: 121 })
      .uponReceiving('the classes in progress of member u-demo-1')
      .withRequest('POST', '/api/Contents/GetMyLectures/', (b) =>
        b.headers(headers).jsonBody({ useruid: me, status: 'ing', page: 1, pageSize: MY_LECTURES_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            list: arrayContaining(
              like({ ...myLectureNotStarted, contentsid: 121, lastwatched: null, lastvideoid: null, certificate: null }),
            ),
            totalCount: integer(3),
            page: 1,
            pageSize: MY_LECTURES_PAGE_SIZE,
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchMyLectures(me, 'ing', 1, clientFor(server.url));
        const notStarted = page.list.find((l) => l.contentsid === 121);
        expect(notStarted).toMatchObject({ isexpired: false, lastvideoid: null });
      }));

  it('GetMyLectures end: an ended class is marked expired', () =>
    pact
      .addInteraction()
      .given('member has an ended class', { useruid: me, contentsid: 105 })
      .uponReceiving('the ended classes of member u-demo-1')
      .withRequest('POST', '/api/Contents/GetMyLectures/', (b) =>
        b.headers(headers).jsonBody({ useruid: me, status: 'end', page: 1, pageSize: MY_LECTURES_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            list: arrayContaining(
              like({ ...myLectureNotStarted, contentsid: 105, isexpired: true, expiredate: '2024-04-10T10:01:00+09:00' }),
            ),
            totalCount: integer(1),
            page: 1,
            pageSize: MY_LECTURES_PAGE_SIZE,
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchMyLectures(me, 'end', 1, clientFor(server.url));
        expect(page.list[0]?.isexpired).toBe(true);
      }));

  it('GetMyLectures bookmark: the bookmarked class with its last video', () =>
    pact
      .addInteraction()
      .given('member bookmarked only lecture, midway through it', { useruid: me, contentsid: 101, videoid: 10111 })
      .uponReceiving('the bookmarked classes of member u-demo-1')
      .withRequest('POST', '/api/Contents/GetMyLectures/', (b) =>
        b.headers(headers).jsonBody({ useruid: me, status: 'bookmark', page: 1, pageSize: MY_LECTURES_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({ list: eachLike(myLectureMidway), totalCount: integer(1), page: 1, pageSize: MY_LECTURES_PAGE_SIZE }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchMyLectures(me, 'bookmark', 1, clientFor(server.url));
        expect(page.list[0]).toMatchObject({ isbookmarked: true, lastvideoid: 10111 });
      }));

  it("GetMyLectures with another member's useruid is 403", () =>
    otherMemberIsRefused(pact, {
      description: 'a classroom request of member u-demo-1 naming member u-demo-2',
      method: 'POST',
      path: '/api/Contents/GetMyLectures/',
      body: { useruid: OTHER, status: 'ing', page: 1, pageSize: MY_LECTURES_PAGE_SIZE },
      exactReason: true,
      call: (client) => fetchMyLectures(OTHER, 'ing', 1, client),
    }));

  it('GetContentsPdfList: an owned class lists its materials as signed links naming the member', () =>
    pact
      .addInteraction()
      .given(...OWNS_121)
      .uponReceiving('the materials of lecture 121 owned by member u-demo-1')
      .withRequest('GET', '/api/Contents/GetContentsPdfList/121', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            eachLike({
              ...pdfFile,
              // The link names the member it was issued to (signed with the file; issue 23, finding 8).
              path: regex(/^\/api\/file\/downloadstream\?filename=.+&member=u-demo-1&expires=\d+&signature=.+$/, pdfFile.path),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const files = await fetchContentsPdfList(121, clientFor(server.url));
        expect(files[0]?.originalFilename).toMatch(/\.pdf$/);
      }));

  it('GetContentsPdfList: a class the member does not own is 403', () =>
    pact
      .addInteraction()
      .given(...NOT_OWNS_104)
      .uponReceiving('the materials of lecture 104 asked by member u-demo-1 who does not own it')
      .withRequest('GET', '/api/Contents/GetContentsPdfList/104', (b) => b.headers(headers))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: like('수강 중인 강의의 자료만 볼 수 있습니다.') }))
      .executeTest(async (server) => {
        await expect(fetchContentsPdfList(104, clientFor(server.url))).rejects.toMatchObject({
          status: 403,
          message: '수강 중인 강의의 자료만 볼 수 있습니다.',
        });
      }));

  it('QnA GetList: all questions of a lecture include the member’s answered one', () =>
    pact
      .addInteraction()
      .given('member asked an answered question', { useruid: me, contentsid: 101, qnaid: 1 })
      .uponReceiving('the questions of lecture 101')
      .withRequest('POST', '/api/QnA/GetList/101/u-demo-1', (b) =>
        b.headers(headers).query({ canIOnlySee: 'false' }).jsonBody({ page: 1, pageSize: QNA_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({ list: arrayContaining(like(questionAsShown)), totalCount: integer(2), page: 1, pageSize: QNA_PAGE_SIZE }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchQnaList(101, me, false, 1, clientFor(server.url));
        expect(page.list.find((q) => q.ismine)?.status).toBe('answered');
      }));

  it('QnA GetList: 내 질문만 asks with canIOnlySee=true', () =>
    pact
      .addInteraction()
      .given('member asked an answered question', { useruid: me, contentsid: 101, qnaid: 1 })
      .uponReceiving("only member u-demo-1's questions of lecture 101")
      .withRequest('POST', '/api/QnA/GetList/101/u-demo-1', (b) =>
        b.headers(headers).query({ canIOnlySee: 'true' }).jsonBody({ page: 1, pageSize: QNA_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({ list: arrayContaining(like(questionAsShown)), totalCount: integer(1), page: 1, pageSize: QNA_PAGE_SIZE }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchQnaList(101, me, true, 1, clientFor(server.url));
        expect(page.list.every((q) => q.ismine)).toBe(true);
      }));

  it("QnA GetList with another member's useruid is 403", () =>
    otherMemberIsRefused(pact, {
      description: 'a question list request of member u-demo-1 naming member u-demo-2',
      method: 'POST',
      path: '/api/QnA/GetList/101/u-demo-2',
      query: { canIOnlySee: 'true' },
      body: { page: 1, pageSize: QNA_PAGE_SIZE },
      exactReason: true,
      call: (client) => fetchQnaList(101, OTHER, true, 1, client),
    }));

  it('QnA Save: a member asks about a class they own', () =>
    pact
      .addInteraction()
      .given(...OWNS_121)
      .uponReceiving('a new question of member u-demo-1 about lecture 121')
      .withRequest('POST', '/api/QnA/Save/', (b) =>
        b
          .headers(headers)
          .jsonBody({
            qnaid: 0,
            contentsid: 121,
            useruid: me,
            title: '어깨 통증 질문',
            content: '동작 중 어깨가 아파요.',
            issecret: false,
            videoid: null,
          }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            like({
              ...questionAsShown,
              qnaid: integer(3),
              contentsid: 121,
              title: '어깨 통증 질문',
              content: '동작 중 어깨가 아파요.',
              answer: null,
              answerdate: null,
              status: 'waiting',
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const saved = await saveQna(
          {
            contentsid: 121,
            useruid: me,
            title: '어깨 통증 질문',
            content: '동작 중 어깨가 아파요.',
            issecret: false,
            videoid: null,
          },
          clientFor(server.url),
        );
        expect(saved).toMatchObject({ ismine: true, status: 'waiting' });
      }));

  it('QnA Save: a question about a class the member does not own is refused', () =>
    pact
      .addInteraction()
      .given(...NOT_OWNS_104)
      .uponReceiving('a question of member u-demo-1 about lecture 104 they do not own')
      .withRequest('POST', '/api/QnA/Save/', (b) =>
        b
          .headers(headers)
          .jsonBody({ qnaid: 0, contentsid: 104, useruid: me, title: '질문', content: '내용', issecret: true, videoid: null }),
      )
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: like('수강한 클래스에만 질문할 수 있습니다.') }))
      .executeTest(async (server) => {
        await expect(
          saveQna(
            { contentsid: 104, useruid: me, title: '질문', content: '내용', issecret: true, videoid: null },
            clientFor(server.url),
          ),
        ).rejects.toMatchObject({ status: 409, message: '수강한 클래스에만 질문할 수 있습니다.' });
      }));

  it('SetBookmark: bookmarks an owned class', () =>
    pact
      .addInteraction()
      .given(...OWNS_121)
      .uponReceiving('a bookmark of lecture 121 by member u-demo-1')
      .withRequest('POST', '/api/Contents/SetBookmark/', (b) =>
        b.headers(headers).jsonBody({ useruid: me, contentsid: 121, isbookmarked: true }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ contentsid: 121, isbookmarked: true })))
      .executeTest(async (server) => {
        expect(await setBookmark(me, 121, true, clientFor(server.url))).toEqual({ contentsid: 121, isbookmarked: true });
      }));

  it('SetBookmark: a class the member does not own is 403', () =>
    pact
      .addInteraction()
      .given(...NOT_OWNS_104)
      .uponReceiving('a bookmark of lecture 104 by member u-demo-1 who does not own it')
      .withRequest('POST', '/api/Contents/SetBookmark/', (b) =>
        b.headers(headers).jsonBody({ useruid: me, contentsid: 104, isbookmarked: true }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: like('구매한 클래스만 북마크할 수 있습니다.') }))
      .executeTest(async (server) => {
        await expect(setBookmark(me, 104, true, clientFor(server.url))).rejects.toMatchObject({ status: 403 });
      }));

  it("SetBookmark with another member's useruid is 403", () =>
    otherMemberIsRefused(pact, {
      description: 'a bookmark request of member u-demo-1 naming member u-demo-2',
      method: 'POST',
      path: '/api/Contents/SetBookmark/',
      body: { useruid: OTHER, contentsid: 101, isbookmarked: true },
      exactReason: true,
      call: (client) => setBookmark(OTHER, 101, true, client),
    }));
});
