import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN } from './pact';
import {
  fetchCertificateCheck,
  fetchMyCertificates,
  fetchQuizPass,
  fetchQuizRetake,
  fetchQuizTest,
  saveQuizDraft,
  submitQuiz,
} from '../../src/api/queries/quiz';
import { setAccessTokenSource } from '../../src/api/client';
import { MY_LECTURES_PAGE_SIZE } from '../../src/api/queries/classroom-lectures';

/** Calls of the yaml's `quiz` tag (and the certificate list of GetMyLectures): what the quiz panel and certificate pages use. */
const { like, eachLike, integer, string, regex, nullValue } = MatchersV3;
const pact = storefrontApiPact();
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const member = { ...commonHeaders, ...bearer };
const ME = 'u-demo-1';
const MAY_TAKE = 'member may take the quiz of a lecture';
const STARTED = 'member has started the quiz of a lecture';
const PASSED = 'member has passed the quiz of a lecture';
const failure = (message: string) => ({ success: false, respMessage: like(message) });

const question = {
  questionid: integer(1011),
  text: string('필라테스 호흡법으로 올바른 것은?'),
  choices: eachLike('흉식 호흡', 2),
};
const test = (extra: Record<string, unknown>) => ({
  quizid: 101,
  contentsid: 101,
  title: string('매트 필라테스 입문 수료 퀴즈'),
  passscore: integer(60),
  isscoreid: 0,
  isdraft: false,
  available: true,
  reason: nullValue(),
  progress: like(100),
  attemptsleft: integer(3),
  requiredprogress: integer(50),
  certificateprogress: integer(100),
  timelimit: integer(20),
  startedat: nullValue(),
  questions: eachLike({ ...question, answer: nullValue() }),
  ...extra,
});
// Every question answered (choice 3 is wrong for each in the seed), so each result carries a choice.
const answers = {
  quizid: 101,
  contentsid: 101,
  useruid: ME,
  answers: [1011, 1012, 1013, 1014, 1015].map((questionid) => ({ questionid, choice: 3 })),
};

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('quiz calls (storefront-web → storefront-api)', () => {
  it('GetTest: a timed test not started yet shows no question (its clock starts with 시작)', () =>
    pact
      .addInteraction()
      .given(MAY_TAKE, { useruid: ME, contentsid: 101 })
      .uponReceiving('a request for the quiz of lecture 101 by a member who may take it')
      .withRequest('GET', `/api/Evaluate/GetTest/101/${ME}/0`, (b) => b.headers(member))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(test({ questions: [] }))))
      .executeTest(async (server) => {
        const t = await fetchQuizTest(101, ME, 0, clientFor(server.url));
        expect([t.available, t.timelimit, t.questions]).toEqual([true, 20, []]);
      }));

  it('GetTest: a saved draft resumes with the member’s own choices', () =>
    pact
      .addInteraction()
      .given('member has a quiz draft', { useruid: ME, contentsid: 101, isscoreid: 501 })
      .uponReceiving('a request resuming draft 501 of the quiz of lecture 101')
      .withRequest('GET', `/api/Evaluate/GetTest/101/${ME}/501`, (b) => b.headers(member))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            test({
              isscoreid: 501,
              isdraft: true,
              startedat: like('2024-05-01T10:00:00+09:00'),
              questions: eachLike({ ...question, answer: integer(1) }),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const t = await fetchQuizTest(101, ME, 501, clientFor(server.url));
        expect([t.isdraft, t.isscoreid, t.questions[0]?.answer]).toEqual([true, 501, 1]);
      }));

  it('GetTest: below the required progress the test is closed, with the reason', () =>
    pact
      .addInteraction()
      .given('member lacks progress for the quiz of a lecture', { useruid: ME, contentsid: 121 })
      .uponReceiving('a request for the quiz of lecture 121 by a member who has not watched enough')
      .withRequest('GET', `/api/Evaluate/GetTest/121/${ME}/0`, (b) => b.headers(member))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            test({
              quizid: 121,
              contentsid: 121,
              available: false,
              reason: string('진도율 50% 이상 수강하면 응시할 수 있습니다. (현재 0%)'),
              progress: like(0),
              questions: [],
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const t = await fetchQuizTest(121, ME, 0, clientFor(server.url));
        expect(t.available).toBe(false);
        expect(t.reason).toContain('진도율');
      }));

  it('Scoring/0 with no answers is 시작: the attempt and its clock start', () =>
    pact
      .addInteraction()
      .given(MAY_TAKE, { useruid: ME, contentsid: 101 })
      .uponReceiving('a start of the quiz of lecture 101 (a draft save with no answers)')
      .withRequest('POST', '/api/Evaluate/Scoring/0', (b) => b.headers(member).jsonBody({ ...answers, answers: [] }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            quizid: 101,
            isscoreid: integer(101),
            startedat: like('2024-05-01T10:00:00+09:00'),
            savedat: like('2024-05-01T10:00:00+09:00'),
          }),
        ),
      )
      .executeTest(async (server) => {
        const d = await saveQuizDraft({ ...answers, answers: [] }, clientFor(server.url));
        expect(d.startedat).toBeTruthy();
      }));

  it('Scoring/0: after the day’s attempts the start is refused with when the quiz opens again', () =>
    pact
      .addInteraction()
      .given(MAY_TAKE, { useruid: ME, contentsid: 101 })
      .given('member has used the day’s quiz attempts', { useruid: ME, contentsid: 101 })
      .uponReceiving('a start of the quiz of lecture 101 after the day’s three attempts')
      .withRequest('POST', '/api/Evaluate/Scoring/0', (b) => b.headers(member).jsonBody({ ...answers, answers: [] }))
      .willRespondWith(409, (b) =>
        b.jsonBody(failure('오늘 응시할 수 있는 3회를 모두 사용했습니다. 11월 26일 0시(한국 시간)부터 다시 응시할 수 있습니다.')),
      )
      .executeTest(async (server) => {
        await expect(saveQuizDraft({ ...answers, answers: [] }, clientFor(server.url))).rejects.toMatchObject({
          status: 409,
          message: expect.stringContaining('다시 응시할 수 있습니다.'),
        });
      }));

  it('Scoring/0: the answers so far become the member’s draft', () =>
    pact
      .addInteraction()
      .given(MAY_TAKE, { useruid: ME, contentsid: 101 })
      .uponReceiving('a draft save of answers for the quiz of lecture 101')
      .withRequest('POST', '/api/Evaluate/Scoring/0', (b) => b.headers(member).jsonBody(answers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            quizid: 101,
            isscoreid: integer(101),
            startedat: like('2024-05-01T10:00:00+09:00'),
            savedat: like('2024-05-01T10:00:00+09:00'),
          }),
        ),
      )
      .executeTest(async (server) => {
        const d = await saveQuizDraft(answers, clientFor(server.url));
        expect(d.isscoreid).toBeGreaterThan(0);
      }));

  it('Scoring/1: graded by the server; a failed result says how many were right, never which', () =>
    pact
      .addInteraction()
      .given(MAY_TAKE, { useruid: ME, contentsid: 101 })
      .given(STARTED, { useruid: ME, contentsid: 101 })
      .uponReceiving('a submission of wrong answers to a started attempt at the quiz of lecture 101')
      .withRequest('POST', '/api/Evaluate/Scoring/1', (b) => b.headers(member).jsonBody(answers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            quizid: 101,
            score: integer(0),
            passscore: integer(60),
            ispassed: false,
            isscoreid: integer(101),
            correctcnt: integer(0),
            questioncnt: integer(5),
            results: [],
          }),
        ),
      )
      .executeTest(async (server) => {
        const r = await submitQuiz(answers, clientFor(server.url));
        expect([r.ispassed, r.correctcnt, r.questioncnt, r.results]).toEqual([false, 0, 5, []]);
      }));

  it('Scoring/1: a second pass is refused with the server message', () =>
    pact
      .addInteraction()
      .given(PASSED, { useruid: ME, contentsid: 101 })
      .uponReceiving('a submission to a quiz the member already passed')
      .withRequest('POST', '/api/Evaluate/Scoring/1', (b) => b.headers(member).jsonBody(answers))
      .willRespondWith(409, (b) => b.jsonBody(failure('이미 합격한 퀴즈입니다.')))
      .executeTest(async (server) => {
        await expect(submitQuiz(answers, clientFor(server.url))).rejects.toMatchObject({
          status: 409,
          message: '이미 합격한 퀴즈입니다.',
        });
      }));

  it('IsRetakeQuiz: after a failed attempt a retake is allowed', () =>
    pact
      .addInteraction()
      .given('member has failed the quiz of a lecture', { useruid: ME, contentsid: 101 })
      .uponReceiving('a retake check of quiz 101 after a failed attempt')
      .withRequest('GET', `/api/Evaluate/IsRetakeQuiz/101/${ME}`, (b) => b.headers(member))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            canretake: true,
            attemptcnt: integer(1),
            maxattempt: integer(3),
            lastscore: integer(20),
            ispassed: false,
          }),
        ),
      )
      .executeTest(async (server) => {
        const r = await fetchQuizRetake(101, ME, clientFor(server.url));
        expect(r.canretake).toBe(true);
      }));

  it('IsRetakeQuiz: a passed quiz is not retaken', () =>
    pact
      .addInteraction()
      .given(PASSED, { useruid: ME, contentsid: 102 })
      .uponReceiving('a retake check of quiz 102 the member passed')
      .withRequest('GET', `/api/Evaluate/IsRetakeQuiz/102/${ME}`, (b) => b.headers(member))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            canretake: false,
            attemptcnt: integer(1),
            maxattempt: integer(3),
            lastscore: integer(80),
            ispassed: true,
          }),
        ),
      )
      .executeTest(async (server) => {
        const r = await fetchQuizRetake(102, ME, clientFor(server.url));
        expect([r.canretake, r.ispassed]).toEqual([false, true]);
      }));

  it('ExistsPassScoreid: a passed lecture names its attempt', () =>
    pact
      .addInteraction()
      .given(PASSED, { useruid: ME, contentsid: 102 })
      .uponReceiving('a pass check of lecture 102 the member passed')
      .withRequest('POST', '/api/Evaluate/ExistsPassScoreid/', (b) =>
        b.headers(member).jsonBody({ contentsid: 102, useruid: ME }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ exists: true, isscoreid: integer(1), score: integer(80) })))
      .executeTest(async (server) => {
        const r = await fetchQuizPass(102, ME, clientFor(server.url));
        expect(r.exists).toBe(true);
      }));

  it('ExistsPassScoreid: no pass yet', () =>
    pact
      .addInteraction()
      .given(MAY_TAKE, { useruid: ME, contentsid: 101 })
      .uponReceiving('a pass check of lecture 101 the member has not passed')
      .withRequest('POST', '/api/Evaluate/ExistsPassScoreid/', (b) =>
        b.headers(member).jsonBody({ contentsid: 101, useruid: ME }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ exists: false, isscoreid: nullValue(), score: nullValue() })))
      .executeTest(async (server) => {
        const r = await fetchQuizPass(101, ME, clientFor(server.url));
        expect(r.exists).toBe(false);
      }));

  it('GetMyLectures (certificate): completed lectures with their certificate', () =>
    pact
      .addInteraction()
      .given(PASSED, { useruid: ME, contentsid: 102 })
      .uponReceiving('a request for the certificates of member u-demo-1')
      .withRequest('POST', '/api/Contents/GetMyLectures/', (b) =>
        b.headers(member).jsonBody({ useruid: ME, status: 'certificate', page: 1, pageSize: MY_LECTURES_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            list: eachLike(
              like({
                contentsid: integer(102),
                title: string('리포머 기초'),
                certificate: like({
                  certificateno: regex(/^KPRA-[0-9A-Z]{10}$/, 'KPRA-7QK2M9XA4D'),
                  contentsid: integer(102),
                  title: string('리포머 기초'),
                  username: string('김필라'),
                  completedate: like('2024-05-01T10:00:00+09:00'),
                  hours: like(1.5),
                  issuer: string('(사)필라테스재활협회'),
                }),
              }),
            ),
            totalCount: integer(1),
            page: 1,
            pageSize: MY_LECTURES_PAGE_SIZE,
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchMyCertificates(ME, clientFor(server.url));
        expect(page.list[0]?.certificate?.certificateno).toMatch(/^KPRA-/);
      }));
});

describe('public certificate check (an addition to the spec)', () => {
  it('Verify: a known number shows the masked holder, class and date', () =>
    pact
      .addInteraction()
      .given('a certificate has the number', { certificateno: 'KPRA-7QK2M9XA4D', useruid: ME, contentsid: 102 })
      .uponReceiving('a public check of certificate KPRA-7QK2M9XA4D')
      .withRequest('GET', '/api/Certificate/Verify/KPRA-7QK2M9XA4D', (b) => b.headers(commonHeaders))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            certificateno: 'KPRA-7QK2M9XA4D',
            maskedname: string('김*라'),
            title: string('리포머 기초'),
            completedate: like('2024-05-01T10:00:00+09:00'),
            issuer: string('(사)필라테스재활협회'),
          }),
        ),
      )
      .executeTest(async (server) => {
        const c = await fetchCertificateCheck('KPRA-7QK2M9XA4D', clientFor(server.url));
        expect(c.maskedname).toBe('김*라');
      }));

  it('Verify: an unknown number is 404 with the message the page shows', () =>
    pact
      .addInteraction()
      .given('no certificate has the number', { certificateno: 'KPRA-0000000000' })
      .uponReceiving('a public check of an unknown certificate number')
      .withRequest('GET', '/api/Certificate/Verify/KPRA-0000000000', (b) => b.headers(commonHeaders))
      .willRespondWith(404, (b) => b.jsonBody(failure('확인할 수 없는 수료증 번호입니다. 번호를 다시 확인해주세요.')))
      .executeTest(async (server) => {
        await expect(fetchCertificateCheck('KPRA-0000000000', clientFor(server.url))).rejects.toMatchObject({ status: 404 });
      }));
});
