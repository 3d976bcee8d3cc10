import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, CATALOGUE, DEMO_TOKEN } from './pact';
import { faq, notice } from './fixtures';
import {
  ADMIN_NOTICE_PAGE_SIZE,
  createAdminFaq,
  createAdminNotice,
  deleteAdminFaq,
  deleteAdminNotice,
  fetchAdminFaqs,
  fetchAdminNotices,
  updateAdminFaq,
  updateAdminNotice,
  type AdminFaqInput,
  type AdminNoticeInput,
} from '../../src/api/queries/admin-board';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `admin-board` tag (the console, issue 38): notices and FAQ, for owners and operators. The
 * verifier acts as DEMO_MEMBER (u-demo-1), an operator by each interaction's state; the notices and FAQs a write
 * changes are set up by their state at fixed ids (9001 changed, 9002 deleted).
 */
const { eachLike, integer, like, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const pact = storefrontApiPact();
const OPERATOR = asStaff('operator');

const NOTICE_EXISTS = 'a notice exists';
const FAQ_EXISTS = 'an FAQ exists';
const PIN_LIMIT = '상단 고정은 3개까지 가능합니다.';

const noticeInput: AdminNoticeInput = { isnotice: 1, title: '6월 휴강 안내', content: '<p>6월 6일은 휴강합니다.</p>', istop: false };
const faqInput: AdminFaqInput = { category: '수강', question: '수강 기간을 연장할 수 있나요?', answer: '<p>1회 연장할 수 있습니다.</p>', sortorder: 10 };

/** A notice as stored: the given fields exact, the rest by type (no attachment). */
const noticeBody = (fixed: Record<string, unknown>) => ({
  ...Object.fromEntries(Object.entries(notice).map(([k, v]) => [k, k === 'files' ? [] : like(v)])),
  ...fixed,
});

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console board calls (storefront-web → storefront-api)', () => {
  it('ListAdminNotices: a search, one page', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(NOTICE_EXISTS, { noticeid: 9003, title: '계약 확인용 공지' })
      .uponReceiving('a console notice search for 계약 확인용 by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Notices/List', (b) =>
        b.headers(headers).jsonBody({ limit: ADMIN_NOTICE_PAGE_SIZE, before: null, q: '계약 확인용' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ list: eachLike(noticeBody({ noticeid: 9003, title: '계약 확인용 공지' })), nextBefore: null })),
      )
      .executeTest(async (server) => {
        const page = await fetchAdminNotices('계약 확인용', null, clientFor(server.url));
        expect(page.list[0]?.noticeid).toBe(9003);
        expect(page.nextBefore).toBeNull();
      }));

  it('CreateAdminNotice: writes a notice', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(CATALOGUE)
      .uponReceiving('a new notice by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Notices', (b) => b.headers(headers).jsonBody(noticeInput))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(noticeBody({ noticeid: integer(13), isnotice: 1, title: noticeInput.title, istop: false }))),
      )
      .executeTest(async (server) => {
        const n = await createAdminNotice(noticeInput, clientFor(server.url));
        expect(n.title).toBe(noticeInput.title);
      }));

  it('CreateAdminNotice: pinning a fourth notice is 409', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given('three notices are pinned')
      .uponReceiving('a new pinned notice while three are pinned, by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Notices', (b) => b.headers(headers).jsonBody({ ...noticeInput, istop: true }))
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string(PIN_LIMIT) }))
      .executeTest(async (server) => {
        await expect(createAdminNotice({ ...noticeInput, istop: true }, clientFor(server.url))).rejects.toMatchObject({
          name: 'ApiError',
          status: 409,
          message: PIN_LIMIT,
        });
      }));

  it('UpdateAdminNotice: changes a notice', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(NOTICE_EXISTS, { noticeid: 9001, title: '계약 확인용 수정할 공지' })
      .uponReceiving('a change of notice 9001 by member u-demo-1, an operator')
      .withRequest('PUT', '/api/Admin/Notices/9001', (b) => b.headers(headers).jsonBody({ ...noticeInput, title: '6월 휴강 안내 (수정)' }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(noticeBody({ noticeid: 9001, title: '6월 휴강 안내 (수정)', istop: false }))))
      .executeTest(async (server) => {
        const n = await updateAdminNotice(9001, { ...noticeInput, title: '6월 휴강 안내 (수정)' }, clientFor(server.url));
        expect(n.noticeid).toBe(9001);
      }));

  it('UpdateAdminNotice: a notice that does not exist is 404', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given('no notice exists', { noticeid: 99999 })
      .uponReceiving('a change of notice 99999, which does not exist, by member u-demo-1, an operator')
      .withRequest('PUT', '/api/Admin/Notices/99999', (b) => b.headers(headers).jsonBody(noticeInput))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string('요청하신 공지사항을 찾을 수 없습니다.') }))
      .executeTest(async (server) => {
        await expect(updateAdminNotice(99999, noticeInput, clientFor(server.url))).rejects.toMatchObject({ name: 'ApiError', status: 404 });
      }));

  it('DeleteAdminNotice: deletes a notice', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(NOTICE_EXISTS, { noticeid: 9002, title: '계약 확인용 지울 공지' })
      .uponReceiving('a deletion of notice 9002 by member u-demo-1, an operator')
      .withRequest('DELETE', '/api/Admin/Notices/9002', (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ id: 9002 })))
      .executeTest(async (server) => {
        const d = await deleteAdminNotice(9002, clientFor(server.url));
        expect(d.id).toBe(9002);
      }));

  it('ListAdminFaqs: every FAQ in its category and order', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(CATALOGUE)
      .uponReceiving('a console FAQ list request by member u-demo-1, an operator')
      .withRequest('GET', '/api/Admin/Faqs', (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(faq))))
      .executeTest(async (server) => {
        const faqs = await fetchAdminFaqs(clientFor(server.url));
        expect(faqs[0]?.question).toBe(faq.question);
      }));

  it('CreateAdminFaq: adds an FAQ', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(CATALOGUE)
      .uponReceiving('a new FAQ by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Faqs', (b) => b.headers(headers).jsonBody(faqInput))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ faqid: integer(7), category: '수강', question: faqInput.question, answer: like(faqInput.answer), sortorder: 10 })),
      )
      .executeTest(async (server) => {
        const f = await createAdminFaq(faqInput, clientFor(server.url));
        expect(f.question).toBe(faqInput.question);
      }));

  it('UpdateAdminFaq: changes an FAQ', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(FAQ_EXISTS, { faqid: 9001 })
      .uponReceiving('a change of FAQ 9001 by member u-demo-1, an operator')
      .withRequest('PUT', '/api/Admin/Faqs/9001', (b) => b.headers(headers).jsonBody(faqInput))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ faqid: 9001, category: '수강', question: faqInput.question, answer: like(faqInput.answer), sortorder: 10 })),
      )
      .executeTest(async (server) => {
        const f = await updateAdminFaq(9001, faqInput, clientFor(server.url));
        expect(f.faqid).toBe(9001);
      }));

  it('DeleteAdminFaq: deletes an FAQ', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(FAQ_EXISTS, { faqid: 9002 })
      .uponReceiving('a deletion of FAQ 9002 by member u-demo-1, an operator')
      .withRequest('DELETE', '/api/Admin/Faqs/9002', (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ id: 9002 })))
      .executeTest(async (server) => {
        const d = await deleteAdminFaq(9002, clientFor(server.url));
        expect(d.id).toBe(9002);
      }));
});
