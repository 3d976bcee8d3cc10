import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testServer, type TestServer } from '../testing';
import { BUSINESS } from '../../rules/business';

/** Quiz attempts and certificates as the member, another member and a stranger would try them. */
const ME = 'u-demo-1';
const QUIZ = { quizid: 101, contentsid: 101, useruid: ME };
// The seed's answer key of every quiz (server/db/seed-data.ts): the test knows it, the browser never does.
const KEY = [0, 2, 2, 1, 0];
const answersOf = (choices: number[]) => choices.map((choice, i) => ({ questionid: 1011 + i, choice }));
const WRONG = answersOf(KEY.map((c) => (c + 1) % 4));
const RIGHT = answersOf(KEY);

let server: TestServer;
let otherToken: string;
beforeAll(async () => {
  server = await testServer();
  const other = await server.call('POST', '/local/auth/sign-in', {
    body: { email: 'new@demo.kr', remember: false },
    auth: false,
  });
  otherToken = other.json.datas.accessToken;
}, 60_000);
afterAll(() => server?.close());

describe('taking the quiz', () => {
  it('never sends the correct answers before grading, and resumes the saved draft', async () => {
    const fresh = await server.call('GET', `/api/Evaluate/GetTest/101/${ME}/0`);
    expect(fresh.status).toBe(200);
    expect(fresh.json.datas).toMatchObject({ available: true, isdraft: false, isscoreid: 0, timelimit: 20 });
    expect(fresh.json.datas.questions.map((q: any) => q.answer)).toEqual([null, null, null, null, null]);

    const draft = await server.call('POST', '/api/Evaluate/Scoring/0', { body: { ...QUIZ, answers: answersOf([3, 3]) } });
    expect(draft.status).toBe(200);
    expect(JSON.stringify(draft.json)).not.toMatch(/correct|score"/);
    const again = await server.call('POST', '/api/Evaluate/Scoring/0', { body: { ...QUIZ, answers: answersOf([3, 3, 3]) } });
    expect(again.json.datas.isscoreid).toBe(draft.json.datas.isscoreid);

    for (const id of [0, draft.json.datas.isscoreid]) {
      const resumed = await server.call('GET', `/api/Evaluate/GetTest/101/${ME}/${id}`);
      expect(resumed.json.datas).toMatchObject({ isdraft: true, isscoreid: draft.json.datas.isscoreid });
      expect(resumed.json.datas.startedat).toBe(draft.json.datas.startedat);
      expect(resumed.json.datas.questions.map((q: any) => q.answer)).toEqual([3, 3, 3, null, null]);
    }
  });

  it('grades on the server: a score in the body is ignored and a failed result hides the right choices', async () => {
    const r = await server.call('POST', '/api/Evaluate/Scoring/1', {
      body: { ...QUIZ, answers: WRONG, score: 100, ispassed: true },
    });
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({ score: 0, ispassed: false, correctcnt: 0 });
    expect(r.json.datas.results.every((x: any) => x.correctchoice === null)).toBe(true);
    // The draft became this attempt: no draft to resume any more.
    const next = await server.call('GET', `/api/Evaluate/GetTest/101/${ME}/0`);
    expect(next.json.datas.isdraft).toBe(false);
    const retake = await server.call('GET', `/api/Evaluate/IsRetakeQuiz/101/${ME}`);
    expect(retake.json.datas).toMatchObject({ canretake: true, attemptcnt: 1, lastscore: 0, ispassed: false });
  });

  it('two passing submits at once record one pass and issue one certificate', async () => {
    const [a, b] = await Promise.all(
      [1, 2].map(() => server.call('POST', '/api/Evaluate/Scoring/1', { body: { ...QUIZ, answers: RIGHT } })),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const passed = [a, b].find((x) => x!.status === 200)!;
    expect(passed.json.datas).toMatchObject({ score: 100, ispassed: true });
    expect(passed.json.datas.results[0].correctchoice).toBe(KEY[0]);
    expect([a, b].find((x) => x!.status === 409)!.json.respMessage).toBe('이미 합격한 퀴즈입니다.');
    const retake = await server.call('GET', `/api/Evaluate/IsRetakeQuiz/101/${ME}`);
    expect(retake.json.datas).toMatchObject({ canretake: false, attemptcnt: 2, ispassed: true });
    const later = await server.call('POST', '/api/Evaluate/Scoring/1', { body: { ...QUIZ, answers: RIGHT } });
    expect(later.status).toBe(409);
  });

  it('is not open below the required progress, and says why', async () => {
    const r = await server.call('GET', `/api/Evaluate/GetTest/121/${ME}/0`);
    expect(r.json.datas).toMatchObject({ available: false, progress: 0, requiredprogress: 50, questions: [] });
    expect(r.json.datas.reason).toBe('진도율 50% 이상 수강하면 응시할 수 있습니다. (현재 0%)');
    const sneak = await server.call('POST', '/api/Evaluate/Scoring/1', {
      body: {
        quizid: 121,
        contentsid: 121,
        useruid: ME,
        answers: answersOf(KEY).map((a) => ({ ...a, questionid: a.questionid + 200 })),
      },
    });
    expect(sneak.status).toBe(409);
    expect(sneak.json.respMessage).toBe(r.json.datas.reason);
  });

  it("refuses another member's useruid with 403 on every quiz call", async () => {
    const as = { auth: false, headers: { Authorization: `Bearer ${otherToken}` } };
    const calls = [
      server.call('GET', `/api/Evaluate/GetTest/101/${ME}/0`, as),
      server.call('POST', '/api/Evaluate/Scoring/0', { ...as, body: { ...QUIZ, answers: RIGHT } }),
      server.call('POST', '/api/Evaluate/Scoring/1', { ...as, body: { ...QUIZ, answers: RIGHT } }),
      server.call('GET', `/api/Evaluate/IsRetakeQuiz/101/${ME}`, as),
      server.call('POST', '/api/Evaluate/ExistsPassScoreid/', { ...as, body: { contentsid: 101, useruid: ME } }),
    ];
    for (const r of await Promise.all(calls)) expect(r.status).toBe(403);
    // Nor may it read the member's recorded attempt by id under its own useruid.
    const own = await server.call('GET', '/api/Evaluate/GetTest/101/u-demo-2/1', as);
    expect(own.status).toBe(404);
  });
});

describe('the time limit', () => {
  it('after the limit a submit counts only the answers saved in time', async () => {
    const q = { quizid: 104, contentsid: 104, useruid: ME };
    await sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at) values (${ME}, 104, 1, '2024-01-01 00:00:00', '2099-01-01 00:00:00')
      on conflict do nothing`.execute(server.db);
    await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at)
      select ${ME}, contentsid, videoid, 1, 1, true, '2024-01-01 00:00:00' from videos where contentsid = 104`.execute(server.db);
    const saved = await server.call('POST', '/api/Evaluate/Scoring/0', {
      body: { ...q, answers: answersOf([KEY[0]!]).map((a) => ({ ...a, questionid: a.questionid + 30 })) },
    });
    expect(saved.status).toBe(200);
    // The draft started an hour ago: the 20-minute limit is long gone.
    await sql`update quiz_results set started_at = ${'2020-01-01 10:00:00'} where isscoreid = ${saved.json.datas.isscoreid}`.execute(
      server.db,
    );
    const late = await server.call('POST', '/api/Evaluate/Scoring/1', {
      body: { ...q, answers: RIGHT.map((a) => ({ ...a, questionid: a.questionid + 30 })) },
    });
    expect(late.json.datas).toMatchObject({ correctcnt: 1, score: 20, ispassed: false });
  });
});

describe('certificates', () => {
  it('carry a random number that verifies publicly with the name masked; an unknown number is 404', async () => {
    const mine = await server.call('POST', '/api/Contents/GetMyLectures/', {
      body: { useruid: ME, status: 'certificate', page: 1, pageSize: 10 },
    });
    const certs = mine.json.datas.list.map((l: any) => l.certificate);
    expect(certs.map((c: any) => c.contentsid).sort()).toEqual([101, 102]);
    for (const c of certs) expect(c.certificateno).toMatch(/^KPRA-[0-9A-HJKMNP-TV-Z]{10}$/);
    // Stable: listing again shows the same numbers.
    const again = await server.call('POST', '/api/Contents/GetMyLectures/', {
      body: { useruid: ME, status: 'certificate', page: 1, pageSize: 10 },
    });
    expect(again.json.datas.list.map((l: any) => l.certificate.certificateno)).toEqual(certs.map((c: any) => c.certificateno));

    const c = certs.find((x: any) => x.contentsid === 101);
    const check = await server.call('GET', `/api/Certificate/Verify/${c.certificateno.toLowerCase()}`, { auth: false });
    expect(check.status).toBe(200);
    expect(check.json.datas).toEqual({
      certificateno: c.certificateno,
      maskedname: '김*라',
      title: c.title,
      completedate: c.completedate,
      issuer: BUSINESS.company,
    });
    expect(JSON.stringify(check.json)).not.toContain(ME);

    const unknown = await server.call('GET', '/api/Certificate/Verify/KPRA-0000000000', { auth: false });
    expect(unknown.status).toBe(404);
    expect(unknown.json.respMessage).toBe('확인할 수 없는 수료증 번호입니다. 번호를 다시 확인해주세요.');
  });
});
