import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, CATALOGUE, MEMBER, DEMO_MEMBER, DEMO_TOKEN } from './pact';
import { faq, notice, suggest, suggestSummary, suggestType, uploadedFile } from './fixtures';
import {
  FAQ_PAGE_SIZE,
  SUGGEST_PAGE_SIZE,
  deleteSuggest,
  fetchFaqs,
  fetchSuggestInfo,
  fetchSuggestTypes,
  fetchSuggests,
  saveSuggest,
  NOTICE_PAGE_SIZE,
  fetchNoticeInfo,
  fetchNotices,
} from '../../src/api/queries/board';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `board` tag: notices (list, search, other board posts, one notice, a missing one),
 * FAQ, suggestion types, list, save, view and delete. Seed data: notice 1 exists; suggestion 1 belongs to member u-demo-1.
 */
const { like, eachLike, integer, regex } = MatchersV3;
const SUGGESTION = ['member has a suggestion', { useruid: 'u-demo-1', suggestid: 1 }] as const;
const member = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const pact = storefrontApiPact();

afterAll(() => setAccessTokenSource(() => undefined));

describe('board calls (storefront-web → storefront-api)', () => {
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

  it('pages the other board posts (news and events)', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the first page of news and events')
      .withRequest('POST', '/api/Main/GetNotices', (b) =>
        b.query({ isnotice: '-1', istop3: 'false', isonlybranch: 'true' }).headers(commonHeaders).jsonBody({ page: 1, pageSize: NOTICE_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ list: eachLike({ ...notice, isnotice: -1, istop: false }), totalCount: integer(3), page: 1, pageSize: NOTICE_PAGE_SIZE })),
      )
      .executeTest(async (server) => {
        const page = await fetchNotices({ page: 1, isnotice: -1 }, clientFor(server.url));
        expect(page.list[0]?.isnotice).toBe(-1);
      }));

  it('searches notices by text', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a notice search for 안내')
      .withRequest('POST', '/api/Main/GetNotices', (b) =>
        b.query({ isnotice: '1', istop3: 'false', isonlybranch: 'true' }).headers(commonHeaders).jsonBody({ page: 1, pageSize: NOTICE_PAGE_SIZE, schtext: '안내' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ list: eachLike(notice), totalCount: integer(4), page: 1, pageSize: NOTICE_PAGE_SIZE })))
      .executeTest(async (server) => {
        const page = await fetchNotices({ page: 1, schtext: '안내' }, clientFor(server.url));
        expect(page.list[0]?.title).toBe(notice.title);
      }));

  it('shows one notice', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for notice 1')
      .withRequest('GET', '/api/Main/GetNoticeInfo/1/1', (b) => b.headers(commonHeaders))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(like(notice))))
      .executeTest(async (server) => {
        const n = await fetchNoticeInfo(1, clientFor(server.url));
        expect(n.content).toContain('<p>');
      }));

  it('passes a failed call on as the server message', () =>
    pact
      .addInteraction()
      .given('no notice exists', { noticeid: 99999 })
      .uponReceiving('a request for a notice that does not exist')
      .withRequest('GET', '/api/Main/GetNoticeInfo/99999/1', (b) => b.headers(commonHeaders))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: like('존재하지 않는 공지사항입니다.') }))
      .executeTest(async (server) => {
        await expect(fetchNoticeInfo(99999, clientFor(server.url))).rejects.toMatchObject({
          name: 'ApiError',
          status: 404,
          message: '존재하지 않는 공지사항입니다.',
        });
      }));

  it('lists the FAQs', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the FAQs')
      .withRequest('POST', '/api/Board/GetFaqs/', (b) => b.headers(commonHeaders).jsonBody({ page: 1, pageSize: FAQ_PAGE_SIZE }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ list: eachLike(faq), totalCount: integer(6), page: 1, pageSize: FAQ_PAGE_SIZE })))
      .executeTest(async (server) => {
        const faqs = await fetchFaqs(clientFor(server.url));
        expect(faqs.list[0]?.question).toBe(faq.question);
      }));

  it('lists the suggestion types', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for the suggestion types')
      .withRequest('GET', '/api/GetCode/suggesttype', (b) => b.headers(commonHeaders))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(suggestType))))
      .executeTest(async (server) => {
        const types = await fetchSuggestTypes(clientFor(server.url));
        expect(types[0]?.name).toBe(suggestType.name);
      }));

  // The author's own list: with its token, its secret suggestion shows its real title and name.
  it('lists the suggestions of a member', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(...SUGGESTION)
      .uponReceiving('a request of member u-demo-1 for its own suggestions')
      .withRequest('POST', '/api/Board/GetSuggests/', (b) =>
        b.headers(member).jsonBody({ page: 1, pageSize: SUGGEST_PAGE_SIZE, useruid: 'u-demo-1' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            list: eachLike({ ...suggestSummary, title: like(suggestSummary.title), username: like('김필라') }),
            totalCount: integer(1),
            page: 1,
            pageSize: SUGGEST_PAGE_SIZE,
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchSuggests({ page: 1, useruid: 'u-demo-1' }, clientFor(server.url));
        expect(page.list[0]?.suggestid).toBe(1);
      });
  });

  it('saves a suggestion with an attachment', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a new suggestion of member u-demo-1 with an attachment')
      .withRequest('POST', '/api/Board/SaveSuggest/', (b) =>
        b.headers(member).jsonBody({
          suggestid: 0,
          useruid: 'u-demo-1',
          suggesttype: '1',
          title: '수료증 재발급 문의',
          content: '수료증을 다시 받을 수 있을까요?',
          issecret: true,
          files: eachLike(uploadedFile),
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ suggestid: integer(2) })))
      .executeTest(async (server) => {
        const saved = await saveSuggest(
          { useruid: 'u-demo-1', suggesttype: '1', title: '수료증 재발급 문의', content: '수료증을 다시 받을 수 있을까요?', issecret: true, files: [uploadedFile] },
          clientFor(server.url),
        );
        expect(saved.suggestid).toBe(2);
      });
  });

  it('shows a suggestion to its author', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(...SUGGESTION)
      .uponReceiving('a request of member u-demo-1 for suggestion 1')
      .withRequest('GET', '/api/Board/GetSuggestInfo/1/1/u-demo-1', (b) => b.headers(member))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(like(suggest))))
      .executeTest(async (server) => {
        const s = await fetchSuggestInfo(1, 'u-demo-1', clientFor(server.url));
        expect(s.title).toBe(suggest.title);
      });
  });

  it('deletes a suggestion with an empty body', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(...SUGGESTION)
      .uponReceiving('withdrawal of suggestion 1 by member u-demo-1 (verified last: it removes the row)')
      .withRequest('POST', '/api/Board/DeleteSuggest', (b) => b.query({ suggestid: '1' }).headers(member))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ suggestid: integer(1) })))
      .executeTest(async (server) => {
        const deleted = await deleteSuggest(1, clientFor(server.url));
        expect(deleted.suggestid).toBe(1);
      });
  });
});
