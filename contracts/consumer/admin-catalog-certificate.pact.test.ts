import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, DEMO_TEACHER, DEMO_TOKEN } from './pact';
import {
  fetchAdminCertificateRules,
  updateAdminCertificateRules,
  type AdminCertificateRulesInput,
} from '../../src/api/queries/admin-catalog-certificate';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * A class's certificate rules in the console (tag `admin-catalog`, issue 38): its quiz with the answers, pass score,
 * time limit and both progresses; a change on a quiz a member took is a new version; refusals. The verifier acts as
 * DEMO_MEMBER (u-demo-1) in the role each interaction's state gives, on the draft class 9001 the states set up.
 */
const { eachLike, integer, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const pact = storefrontApiPact();

const CLASS = 9001;
const QUIZ = 9001;
const QUESTIONS = [90011, 90012];
type State = [name: string, params: { [key: string]: string | number | number[] }];
const draftClass = (teacher = DEMO_TEACHER): State => [
  'a draft class with a section of two lectures',
  { contentsid: CLASS, sectionid: 90011, videoids: [900111, 900112], teacher },
];
const withQuiz = (takers: 0 | 1): State => ['the draft class has a quiz of two questions', { contentsid: CLASS, quizid: QUIZ, questionids: QUESTIONS, takers }];

const question = { questionid: integer(QUESTIONS[0]!), text: string('1번 문제'), options: eachLike('가', 2), answer: integer(0), score: integer(50) };
const quizBody = (fixed: Record<string, unknown> = {}) => ({
  quizid: integer(QUIZ),
  title: string('초안 클래스 수료 퀴즈'),
  passscore: integer(60),
  timelimit: integer(20),
  requiredprogress: integer(50),
  questions: eachLike(question, 2),
  takers: integer(0),
  versions: integer(1),
  ...fixed,
});

/** The state's quiz as the console sends it back with one change: the first question's answer. */
const changedAnswer: AdminCertificateRulesInput = {
  certificateprogress: 100,
  quiz: {
    title: '초안 클래스 수료 퀴즈',
    passscore: 60,
    timelimit: 20,
    requiredprogress: 50,
    questions: [
      { text: '1번 문제', options: ['가', '나', '다'], answer: 2, score: 50 },
      { text: '2번 문제', options: ['가', '나', '다'], answer: 1, score: 50 },
    ],
  },
};

const refused = (status: number, message: string) => ({ name: 'ApiError', status, message });

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console certificate rules calls (storefront-web → storefront-api)', () => {
  it('GetAdminCertificateRules: the quiz with its answers and scores, and the certificate\'s progress', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given(...withQuiz(0))
      .uponReceiving('a console request for the certificate rules of draft class 9001 by member u-demo-1, an operator')
      .withRequest('GET', `/api/Admin/Classes/${CLASS}/Certificate`, (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ contentsid: CLASS, certificateprogress: integer(100), quiz: quizBody() })))
      .executeTest(async (server) => {
        const r = await fetchAdminCertificateRules(CLASS, clientFor(server.url));
        expect(r.quiz?.questions[0]?.options.length).toBeGreaterThanOrEqual(2);
      }));

  it('UpdateAdminCertificateRules: a changed answer on a quiz a member took is saved as a new version', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given(...withQuiz(1))
      .uponReceiving('a changed answer key for the quiz of draft class 9001, which a member took, by member u-demo-1, an operator')
      .withRequest('PUT', `/api/Admin/Classes/${CLASS}/Certificate`, (b) => b.headers(headers).jsonBody(changedAnswer))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            contentsid: CLASS,
            certificateprogress: 100,
            quiz: quizBody({ quizid: integer(9002), versions: 2, takers: 0, questions: eachLike({ ...question, answer: integer(2) }, 2) }),
            quizchange: 'versioned',
          }),
        ),
      )
      .executeTest(async (server) => {
        const saved = await updateAdminCertificateRules(CLASS, changedAnswer, clientFor(server.url));
        expect([saved.quizchange, saved.quiz?.versions]).toEqual(['versioned', 2]);
      }));

  it('UpdateAdminCertificateRules: a quiz for a class without one is made', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass())
      .given('the draft class has no quiz', { contentsid: CLASS })
      .uponReceiving('a new quiz for draft class 9001 by member u-demo-1, the instructor of the class')
      .withRequest('PUT', `/api/Admin/Classes/${CLASS}/Certificate`, (b) => b.headers(headers).jsonBody({ ...changedAnswer, certificateprogress: 80 }))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ contentsid: CLASS, certificateprogress: 80, quiz: quizBody({ quizid: integer(9002) }), quizchange: 'created' })),
      )
      .executeTest(async (server) => {
        const saved = await updateAdminCertificateRules(CLASS, { ...changedAnswer, certificateprogress: 80 }, clientFor(server.url));
        expect(saved.quizchange).toBe('created');
      }));

  it('UpdateAdminCertificateRules: a question with one option is 400, in Korean', () => {
    const oneOption: AdminCertificateRulesInput = {
      ...changedAnswer,
      quiz: { ...changedAnswer.quiz!, questions: [changedAnswer.quiz!.questions[0]!, { text: '2번 문제', options: ['가'], answer: 0, score: 50 }] },
    };
    const message = '2번 문항의 보기는 2개 이상이어야 합니다.';
    return pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given(...withQuiz(0))
      .uponReceiving('a quiz whose second question has one option for draft class 9001 by member u-demo-1, an operator')
      .withRequest('PUT', `/api/Admin/Classes/${CLASS}/Certificate`, (b) => b.headers(headers).jsonBody(oneOption))
      .willRespondWith(400, (b) => b.jsonBody({ success: false, respMessage: string(message) }))
      .executeTest(async (server) => {
        await expect(updateAdminCertificateRules(CLASS, oneOption, clientFor(server.url))).rejects.toMatchObject(refused(400, message));
      });
  });

  it('UpdateAdminCertificateRules: an instructor on a class another teacher teaches is 403', () => {
    const message = '담당하는 클래스만 관리할 수 있습니다.';
    return pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass('최밸런스 강사'))
      .given(...withQuiz(0))
      .uponReceiving('a changed quiz for class 9001 of another teacher by member u-demo-1, an instructor')
      .withRequest('PUT', `/api/Admin/Classes/${CLASS}/Certificate`, (b) => b.headers(headers).jsonBody(changedAnswer))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(message) }))
      .executeTest(async (server) => {
        await expect(updateAdminCertificateRules(CLASS, changedAnswer, clientFor(server.url))).rejects.toMatchObject(refused(403, message));
      });
  });
});
