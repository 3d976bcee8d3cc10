import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, CONSOLE_REFUSALS, DEMO_TOKEN } from './pact';
import { answerAdminQuestion, fetchAdminQuestions, fetchAdminSuggests, INBOX_PAGE_SIZE, replyAdminSuggest } from '../../src/api/queries/admin-inbox';
import { setAccessTokenSource } from '../../src/api/client';
import { uploadedFile } from './fixtures';

/**
 * Calls of the yaml's `admin-inbox` tag (issue 39): members' questions about classes, answered by the class's
 * instructor, and their 1:1 suggestions, replied to by the owner and operators. The states name one question of the
 * instructor's class 103 (its only one) and one suggestion with the greatest id (the inbox's first).
 */
const { integer, regex, string, eachLike } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/;
const QUESTION = ['a member asked a question in a class', { qnaid: 9101, contentsid: 103, useruid: 'u-demo-2' }] as const;
const OTHER_CLASS_QUESTION = ['a member asked a question in a class', { qnaid: 9102, contentsid: 101, useruid: 'u-demo-2' }] as const;
const SUGGEST = ["a member's suggestion waits for a reply", { suggestid: 9201, useruid: 'u-demo-2' }] as const;
const NOT_YOUR_CLASS = '담당하는 클래스만 관리할 수 있습니다.';
const ANSWER = '<p>숨을 내쉬며 복부를 당겨 주세요.</p>';
const pact = storefrontApiPact();

/** The question of the state as the console gets it: ids, title and state exact, the rest by type. */
const question = (answered: boolean) => ({
  qnaid: 9101,
  contentsid: 103,
  classtitle: string('매트 필라테스 입문'),
  username: string('이*봄'),
  title: '골반 중립이 어려워요',
  content: string('<p>허리가 뜨는 느낌이 들어요.</p>'),
  issecret: false,
  answer: answered ? string(ANSWER) : null,
  answerdate: answered ? regex(DATE_TIME, '2026-11-28T10:00:00+09:00') : null,
  answeredby: answered ? string('김필라') : null,
  status: answered ? 'answered' : 'waiting',
  regdate: regex(DATE_TIME, '2024-05-01T10:00:00+09:00'),
});
const suggest = (answered: boolean) => ({
  suggestid: 9201,
  typename: string('수강 문의'),
  username: string('이*봄'),
  title: '수강 기간 연장 요청',
  content: string('입원해서 수강하지 못했습니다.'),
  issecret: true,
  files: eachLike({
    filename: uploadedFile.filename,
    originalFilename: uploadedFile.originalFilename,
    // Signed for 10 minutes: a secret suggestion's file opens for staff through the store's signed download link.
    path: regex(/^\/api\/file\/downloadstream\?filename=[^&]+&originalFilename=[^&]+&expires=\d+&signature=[\w-]+$/, `${uploadedFile.path}&expires=1714550400&signature=3q2-7w`),
    size: integer(uploadedFile.size),
    contentType: string(uploadedFile.contentType),
  }),
  answer: answered ? string('<p>30일 연장해 드렸습니다.</p>') : null,
  answerdate: answered ? regex(DATE_TIME, '2026-11-28T10:00:00+09:00') : null,
  status: answered ? 'answered' : 'waiting',
  regdate: regex(DATE_TIME, '2024-05-01T10:00:00+09:00'),
});

beforeEach(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console inbox calls (storefront-web → storefront-api)', () => {
  it("ListAdminQuestions: the instructor's class's unanswered questions", () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...QUESTION)
      .uponReceiving('a list of the unanswered questions of class 103 by member u-demo-1, its instructor')
      .withRequest('POST', '/api/Admin/Questions/List', (b) =>
        b.headers(headers).jsonBody({ status: 'waiting', contentsid: 103, limit: INBOX_PAGE_SIZE, after: null }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ list: [question(false)], nextAfter: null })))
      .executeTest(async (server) => {
        const page = await fetchAdminQuestions({ status: 'waiting', contentsid: 103 }, null, clientFor(server.url));
        expect(page.list).toEqual([expect.objectContaining({ qnaid: 9101, status: 'waiting', answer: null })]);
        expect(page.nextAfter).toBeNull();
      }));

  it('AnswerAdminQuestion: the instructor answers a question of their class', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...QUESTION)
      .uponReceiving('an answer to question 9101 by member u-demo-1, its class\'s instructor')
      .withRequest('PUT', '/api/Admin/Questions/9101/Answer', (b) => b.headers(headers).jsonBody({ answer: ANSWER }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(question(true))))
      .executeTest(async (server) => {
        expect(await answerAdminQuestion(9101, ANSWER, clientFor(server.url))).toMatchObject({ qnaid: 9101, status: 'answered', answer: ANSWER });
      }));

  it("AnswerAdminQuestion: another teacher's class is 403", () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...OTHER_CLASS_QUESTION)
      .uponReceiving("an answer to question 9102 of another teacher's class by member u-demo-1, an instructor")
      .withRequest('PUT', '/api/Admin/Questions/9102/Answer', (b) => b.headers(headers).jsonBody({ answer: ANSWER }))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(NOT_YOUR_CLASS) }))
      .executeTest(async (server) => {
        await expect(answerAdminQuestion(9102, ANSWER, clientFor(server.url))).rejects.toMatchObject({ name: 'ApiError', status: 403, message: NOT_YOUR_CLASS });
      }));

  it('AnswerAdminQuestion: an unknown question is 404', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .uponReceiving('an answer to question 999999, which does not exist, by member u-demo-1, an operator')
      .withRequest('PUT', '/api/Admin/Questions/999999/Answer', (b) => b.headers(headers).jsonBody({ answer: ANSWER }))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string('요청하신 질문을 찾을 수 없습니다.') }))
      .executeTest(async (server) => {
        await expect(answerAdminQuestion(999999, ANSWER, clientFor(server.url))).rejects.toMatchObject({ name: 'ApiError', status: 404 });
      }));

  it('ListAdminSuggests: 접수 first, a secret one in full with its attachment behind a signed link', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...SUGGEST)
      .uponReceiving('the first suggestion of the inbox by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Suggests/List', (b) => b.headers(headers).jsonBody({ limit: 1, after: null }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ list: [suggest(false)], nextAfter: string('0-9201') })))
      .executeTest(async (server) => {
        const page = await fetchAdminSuggests({}, null, clientFor(server.url), 1);
        expect(page.list[0]).toMatchObject({ suggestid: 9201, status: 'waiting', issecret: true });
        expect(page.list[0]!.files[0]!.path).toMatch(/&signature=/);
      }));

  it('ReplyAdminSuggest: an operator replies and closes it (답변완료)', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...SUGGEST)
      .uponReceiving('a reply marking suggestion 9201 답변완료 by member u-demo-1, an operator')
      .withRequest('PUT', '/api/Admin/Suggests/9201/Reply', (b) =>
        b.headers(headers).jsonBody({ answer: '<p>30일 연장해 드렸습니다.</p>', status: 'answered' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(suggest(true))))
      .executeTest(async (server) => {
        const saved = await replyAdminSuggest(9201, { answer: '<p>30일 연장해 드렸습니다.</p>', status: 'answered' }, clientFor(server.url));
        expect(saved).toMatchObject({ suggestid: 9201, status: 'answered' });
      }));

  it('ReplyAdminSuggest: an instructor is 403 (members\' personal data)', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...SUGGEST)
      .uponReceiving('a reply to suggestion 9201 by member u-demo-1, an instructor')
      .withRequest('PUT', '/api/Admin/Suggests/9201/Reply', (b) => b.headers(headers).jsonBody({ answer: '<p>답변</p>', status: 'answered' }))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(replyAdminSuggest(9201, { answer: '<p>답변</p>', status: 'answered' }, clientFor(server.url))).rejects.toMatchObject({
          name: 'ApiError',
          status: 403,
          message: CONSOLE_REFUSALS.wrongRole,
        });
      }));
});
