import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testServer, type TestServer } from '../testing';
import { BUSINESS } from '../../rules/business';
import { CERTIFICATE_RULE, certificateRuleText, learningHours } from '../../rules/certificate';
import { iso, kst } from '../lib/time';

/** Quiz attempts and certificates as the member, another member and a stranger would try them. */
const ME = 'u-demo-1';
const QUIZ = { quizid: 101, contentsid: 101, useruid: ME };
// The seed's answer key of every quiz (server/db/seed-data.ts): the test knows it, the browser never does.
const KEY = [0, 2, 2, 1, 0];
/** Answers to the quiz of lecture `c` (its questions are c*10+1 …). */
const answersOf = (choices: number[], c = 101) => choices.map((choice, i) => ({ questionid: c * 10 + 1 + i, choice }));
const WRONG = answersOf(KEY.map((c) => (c + 1) % 4));
const RIGHT = answersOf(KEY);
const START = '/api/Evaluate/Scoring/0';
const SUBMIT = '/api/Evaluate/Scoring/1';

let server: TestServer;
let otherToken: string;
let thirdToken: string;
const as = (token: string) => ({ auth: false, headers: { Authorization: `Bearer ${token}` } });
const signIn = async (email: string) =>
  (await server.call('POST', '/local/auth/sign-in', { body: { email, remember: false }, auth: false })).json.datas
    .accessToken as string;

beforeAll(async () => {
  server = await testServer();
  otherToken = await signIn('new@demo.kr');
  thirdToken = await signIn('nophone@demo.kr');
}, 60_000);
afterAll(() => server?.close());

/** A paid enrolment, as Payment/UpdatePaid leaves it, with no video watched. */
const enrol = (useruid: string, contentsid: number) =>
  sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at) values (${useruid}, ${contentsid}, 1, ${kst()}, '2099-01-01 00:00:00')
    on conflict do nothing`.execute(server.db);

/**
 * The server's own completion flags for the first `count` videos of a class, as honest watching leaves them (how a
 * report earns the flag is the progress rule's business, tested there), reported at `at`.
 */
const completeVideos = (useruid: string, contentsid: number, count: number, at = kst()) =>
  sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at)
    select ${useruid}, contentsid, videoid, duration_sec, duration_sec, true, ${at} from videos where contentsid = ${contentsid}
    order by sectionid, sort limit ${count}
    on conflict (useruid, contentsid, videoid) do update set completed = true, updated_at = excluded.updated_at`.execute(
    server.db,
  );

const certificatesOf = async (token: string, useruid: string) =>
  (
    await server.call('POST', '/api/Contents/GetMyLectures/', {
      ...as(token),
      body: { useruid, status: 'certificate', page: 1, pageSize: 10 },
    })
  ).json.datas.list as { contentsid: number; certificate: any; iscomplete: boolean }[];

describe('taking the quiz', () => {
  it('a timed quiz shows no question before 시작; the start is the first draft save, and a draft resumes', async () => {
    const fresh = await server.call('GET', `/api/Evaluate/GetTest/101/${ME}/0`);
    expect(fresh.status).toBe(200);
    expect(fresh.json.datas).toMatchObject({ available: true, isdraft: false, isscoreid: 0, timelimit: 20, startedat: null });
    expect(fresh.json.datas.attemptsleft).toBe(CERTIFICATE_RULE.attemptsPerDay);
    // The limit runs from 시작, so nothing of the test is readable before it (it listed every question).
    expect(fresh.json.datas.questions).toEqual([]);

    const start = await server.call('POST', START, { body: { ...QUIZ, answers: [] } });
    expect(start.status).toBe(200);
    const started = await server.call('GET', `/api/Evaluate/GetTest/101/${ME}/0`);
    expect(started.json.datas).toMatchObject({
      isdraft: true,
      isscoreid: start.json.datas.isscoreid,
      startedat: start.json.datas.startedat,
    });
    expect(started.json.datas.questions.map((q: any) => q.answer)).toEqual([null, null, null, null, null]);
    expect(JSON.stringify(started.json)).not.toMatch(/correct/i);

    const draft = await server.call('POST', START, { body: { ...QUIZ, answers: answersOf([3, 3]) } });
    expect(draft.status).toBe(200);
    expect(JSON.stringify(draft.json)).not.toMatch(/correct|score"/);
    const again = await server.call('POST', START, { body: { ...QUIZ, answers: answersOf([3, 3, 3]) } });
    expect(again.json.datas.isscoreid).toBe(start.json.datas.isscoreid);
    // Later saves keep the start: the time limit is not renewed by saving.
    expect(again.json.datas.startedat).toBe(start.json.datas.startedat);

    // 시작 pressed again (another device, a double click) resumes: the saved answers stay.
    const restart = await server.call('POST', START, { body: { ...QUIZ, answers: [] } });
    expect(restart.json.datas).toMatchObject({ isscoreid: start.json.datas.isscoreid, startedat: start.json.datas.startedat });

    for (const id of [0, draft.json.datas.isscoreid]) {
      const resumed = await server.call('GET', `/api/Evaluate/GetTest/101/${ME}/${id}`);
      expect(resumed.json.datas).toMatchObject({ isdraft: true, isscoreid: draft.json.datas.isscoreid });
      expect(resumed.json.datas.startedat).toBe(start.json.datas.startedat);
      expect(resumed.json.datas.questions.map((q: any) => q.answer)).toEqual([3, 3, 3, null, null]);
    }
  });

  it('a failed attempt answers the score and how many were right, never which; nor does reading it back', async () => {
    const r = await server.call('POST', SUBMIT, {
      body: { ...QUIZ, answers: answersOf([KEY[0]!, KEY[1]!, 3, 3, 3]), score: 100, ispassed: true },
    });
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({ score: 40, ispassed: false, correctcnt: 2, questioncnt: 5, results: [] });
    // Neither a verdict per question nor a correct choice (it said which questions were right).
    expect(JSON.stringify(r.json)).not.toMatch(/correctchoice|iscorrect/);

    const back = await server.call('GET', `/api/Evaluate/GetTest/101/${ME}/${r.json.datas.isscoreid}`);
    expect(back.status).toBe(200);
    expect(back.json.datas).toMatchObject({ isdraft: false, isscoreid: r.json.datas.isscoreid });
    expect(back.json.datas.questions.map((q: any) => q.answer)).toEqual([KEY[0], KEY[1], 3, 3, 3]);
    expect(JSON.stringify(back.json)).not.toMatch(/correct/i);
    for (const q of back.json.datas.questions) expect(Object.keys(q).sort()).toEqual(['answer', 'choices', 'questionid', 'text']);

    // The draft became this attempt: no draft to resume, and the next attempt starts with 시작 again.
    const next = await server.call('GET', `/api/Evaluate/GetTest/101/${ME}/0`);
    expect(next.json.datas).toMatchObject({ isdraft: false, questions: [], attemptsleft: CERTIFICATE_RULE.attemptsPerDay - 1 });
    const retake = await server.call('GET', `/api/Evaluate/IsRetakeQuiz/101/${ME}`);
    expect(retake.json.datas).toMatchObject({ canretake: true, attemptcnt: 1, maxattempt: 3, lastscore: 40, ispassed: false });
  });

  it('a submit without 시작 records nothing: 409 with the Korean message', async () => {
    const r = await server.call('POST', SUBMIT, { body: { ...QUIZ, answers: RIGHT } });
    expect(r.status).toBe(409);
    expect(r.json.respMessage).toBe('진행 중인 응시가 없습니다. 시작 버튼을 눌러 응시를 시작해주세요.');
    expect((await server.call('GET', `/api/Evaluate/IsRetakeQuiz/101/${ME}`)).json.datas.attemptcnt).toBe(1);
  });

  it('two passing submits at once record one pass; a pass shows the key; later ones are refused', async () => {
    await server.call('POST', START, { body: { ...QUIZ, answers: [] } });
    const [a, b] = await Promise.all([1, 2].map(() => server.call('POST', SUBMIT, { body: { ...QUIZ, answers: RIGHT } })));
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const passed = [a, b].find((x) => x!.status === 200)!;
    expect(passed.json.datas).toMatchObject({ score: 100, ispassed: true, correctcnt: 5 });
    expect(passed.json.datas.results.map((x: any) => x.correctchoice)).toEqual(KEY);
    expect([a, b].find((x) => x!.status === 409)!.json.respMessage).toBe('이미 합격한 퀴즈입니다.');
    const retake = await server.call('GET', `/api/Evaluate/IsRetakeQuiz/101/${ME}`);
    expect(retake.json.datas).toMatchObject({ canretake: false, attemptcnt: 2, ispassed: true });
    expect((await server.call('POST', SUBMIT, { body: { ...QUIZ, answers: RIGHT } })).status).toBe(409);
    // A draft save after the pass is refused as declared, not turned into a 500 (finding 4).
    const save = await server.call('POST', START, { body: { ...QUIZ, answers: [] } });
    expect(save.status).toBe(409);
    expect(save.json.respMessage).toBe('이미 합격한 퀴즈입니다.');
  });

  it('is not open below the required progress, and says why, to every quiz call', async () => {
    const r = await server.call('GET', `/api/Evaluate/GetTest/121/${ME}/0`);
    expect(r.json.datas).toMatchObject({ available: false, progress: 0, requiredprogress: 50, questions: [] });
    expect(r.json.datas.reason).toBe('진도율 50% 이상 수강하면 응시할 수 있습니다. (현재 0%)');
    const body = { quizid: 121, contentsid: 121, useruid: ME, answers: answersOf(KEY, 121) };
    for (const path of [START, SUBMIT]) {
      const sneak = await server.call('POST', path, { body });
      // Scoring/0 answered this with an undeclared 409, which response validation turned into a 500.
      expect(sneak.status, path).toBe(409);
      expect(sneak.json.respMessage).toBe(r.json.datas.reason);
    }
  });

  it("refuses another member's useruid with 403 and another member's attempt id with 404", async () => {
    const other = as(otherToken);
    const calls = [
      server.call('GET', `/api/Evaluate/GetTest/101/${ME}/0`, other),
      server.call('GET', `/api/Evaluate/GetTest/101/${ME}/2`, other),
      server.call('POST', START, { ...other, body: { ...QUIZ, answers: RIGHT } }),
      server.call('POST', SUBMIT, { ...other, body: { ...QUIZ, answers: RIGHT } }),
      server.call('GET', `/api/Evaluate/IsRetakeQuiz/101/${ME}`, other),
      server.call('POST', '/api/Evaluate/ExistsPassScoreid/', { ...other, body: { contentsid: 101, useruid: ME } }),
    ];
    for (const r of await Promise.all(calls)) expect(r.status).toBe(403);
    // Nor may it read the member's recorded attempts (the failed one and the pass above) under its own useruid.
    const ids = (
      await sql<{ isscoreid: number }>`select isscoreid from quiz_results where useruid = ${ME} and quizid = 101`.execute(
        server.db,
      )
    ).rows;
    expect(ids.length).toBe(2);
    for (const { isscoreid } of ids) {
      const peek = await server.call('GET', `/api/Evaluate/GetTest/101/u-demo-2/${isscoreid}`, other);
      expect(peek.status).toBe(404);
      expect(JSON.stringify(peek.json)).not.toContain('"answer"');
    }
  });
});

describe('the certificate rule (finding 2)', () => {
  it('no quiz and no certificate within seconds of buying: the quiz opens at the required share, the certificate after the last video', async () => {
    const NEW = 'u-demo-2';
    const mine = as(otherToken);
    const q = { quizid: 104, contentsid: 104, useruid: NEW };
    // A class of four 90-minute videos: its certificate says 6 hours.
    await sql`update videos set duration_sec = 5400 where contentsid = 104`.execute(server.db);
    await enrol(NEW, 104);

    const closed = await server.call('GET', `/api/Evaluate/GetTest/104/${NEW}/0`, mine);
    expect(closed.json.datas).toMatchObject({ available: false, progress: 0, questions: [] });
    for (const path of [START, SUBMIT]) {
      const r = await server.call('POST', path, { ...mine, body: { ...q, answers: answersOf(KEY, 104) } });
      expect(r.status, path).toBe(409);
      expect(r.json.respMessage).toBe('진도율 50% 이상 수강하면 응시할 수 있습니다. (현재 0%)');
    }
    expect(await certificatesOf(otherToken, NEW)).toEqual([]);

    // Half the class watched: the quiz opens and can be passed, but the certificate waits for the rest.
    await completeVideos(NEW, 104, 2, '2026-01-01 09:00:00');
    expect((await server.call('POST', START, { ...mine, body: { ...q, answers: [] } })).status).toBe(200);
    const pass = await server.call('POST', SUBMIT, { ...mine, body: { ...q, answers: answersOf(KEY, 104) } });
    expect(pass.status).toBe(200);
    expect(pass.json.datas.ispassed).toBe(true);
    expect(pass.json.respMessage).toBe('합격입니다. 남은 영상을 모두 시청하면 수료증이 발급됩니다.');
    // It was issued at the pass, whatever the member had watched.
    expect(await certificatesOf(otherToken, NEW)).toEqual([]);
    const ing = await server.call('POST', '/api/Contents/GetMyLectures/', {
      ...mine,
      body: { useruid: NEW, status: 'ing', page: 1, pageSize: 10 },
    });
    expect(ing.json.datas.list.find((l: any) => l.contentsid === 104)).toMatchObject({ iscomplete: false, certificate: null });
    expect((await sql`select 1 from certificates where useruid = ${NEW}`.execute(server.db)).rows).toEqual([]);

    // The last videos complete after the pass: the certificate is issued, dated by the last of them.
    const last = kst(new Date(Date.now() + 1000));
    await completeVideos(NEW, 104, 4, last);
    const [cert] = await certificatesOf(otherToken, NEW);
    expect(cert).toMatchObject({ contentsid: 104, iscomplete: true });
    expect(cert!.certificate).toMatchObject({ completedate: iso(last), hours: 6, issuer: BUSINESS.company });
    expect(cert!.certificate.hours).toBe(learningHours(4 * 5400));
    expect(cert!.certificate.certificateno).toMatch(/^KPRA-[0-9A-HJKMNP-TV-Z]{10}$/);
    const check = await server.call('GET', `/api/Certificate/Verify/${cert!.certificate.certificateno}`, { auth: false });
    expect(check.json.datas.completedate).toBe(iso(last));
  });

  it('a pass with every video complete issues the certificate at once', async () => {
    const THIRD = 'u-demo-3';
    const q = { quizid: 102, contentsid: 102, useruid: THIRD };
    await enrol(THIRD, 102);
    await completeVideos(THIRD, 102, 4, '2026-01-01 09:00:00');
    await server.call('POST', START, { ...as(thirdToken), body: { ...q, answers: [] } });
    const pass = await server.call('POST', SUBMIT, { ...as(thirdToken), body: { ...q, answers: answersOf(KEY, 102) } });
    expect(pass.json.respMessage).toBe('합격입니다. 수료증을 발급받을 수 있습니다.');
    const [cert] = await certificatesOf(thirdToken, THIRD);
    expect(cert).toMatchObject({ contentsid: 102, iscomplete: true });
    expect(Date.parse(cert!.certificate.completedate)).toBeGreaterThan(Date.parse('2026-01-01T09:00:00+09:00'));
  });

  it('the FAQ states the rule every demo quiz is held to', async () => {
    const quizzes = await sql<{
      pass_score: number;
      required_progress: number;
    }>`select pass_score, required_progress from quizzes`.execute(server.db);
    for (const x of quizzes.rows)
      expect([x.pass_score, x.required_progress]).toEqual([CERTIFICATE_RULE.passScore, CERTIFICATE_RULE.quizOpensAt]);
    const faqs = await server.call('POST', '/api/Board/GetFaqs/', { body: { page: 1, pageSize: 50 }, auth: false });
    expect(faqs.json.datas.list.map((f: any) => f.answer).join('')).toContain(certificateRuleText());
  });
});

describe('attempts per day', () => {
  it('three attempts a Korean day: the fourth is refused with when it opens again, the next day it is open', async () => {
    const THIRD = 'u-demo-3';
    const mine = as(thirdToken);
    const q = { quizid: 101, contentsid: 101, useruid: THIRD };
    await enrol(THIRD, 101);
    await completeVideos(THIRD, 101, 4);
    for (let i = 0; i < 3; i++) {
      expect((await server.call('POST', START, { ...mine, body: { ...q, answers: [] } })).status).toBe(200);
      const r = await server.call('POST', SUBMIT, { ...mine, body: { ...q, answers: WRONG } });
      expect(r.json.datas.ispassed).toBe(false);
    }
    // Tomorrow 00:00 KST, as the message words it.
    const tomorrow = new Date(Date.now() + 9 * 3600_000 + 86_400_000);
    const opens = `${tomorrow.getUTCMonth() + 1}월 ${tomorrow.getUTCDate()}일 0시(한국 시간)부터 다시 응시할 수 있습니다.`;
    const message = `오늘 응시할 수 있는 3회를 모두 사용했습니다. ${opens}`;
    for (const path of [START, SUBMIT]) {
      const fourth = await server.call('POST', path, { ...mine, body: { ...q, answers: RIGHT } });
      expect(fourth.status, path).toBe(409);
      expect(fourth.json.respMessage).toBe(message);
    }
    const test = await server.call('GET', `/api/Evaluate/GetTest/101/${THIRD}/0`, mine);
    expect(test.json.datas).toMatchObject({ available: false, reason: message, attemptsleft: 0, questions: [] });
    const retake = await server.call('GET', `/api/Evaluate/IsRetakeQuiz/101/${THIRD}`, mine);
    expect(retake.json.datas).toMatchObject({ canretake: false, attemptcnt: 3, maxattempt: 3, ispassed: false });
    expect(retake.json.respMessage).toBe(message);

    // The same attempts a day earlier: today is a new day.
    await sql`update quiz_results set created_at = ${kst(new Date(Date.now() - 86_400_000))}
      where useruid = ${THIRD} and quizid = 101`.execute(server.db);
    expect((await server.call('GET', `/api/Evaluate/GetTest/101/${THIRD}/0`, mine)).json.datas).toMatchObject({
      available: true,
      attemptsleft: 3,
    });
    expect((await server.call('POST', START, { ...mine, body: { ...q, answers: [] } })).status).toBe(200);
    expect((await server.call('POST', SUBMIT, { ...mine, body: { ...q, answers: RIGHT } })).json.datas.ispassed).toBe(true);
  });

  it('a doubled failed submit counts once', async () => {
    const NEW = 'u-demo-2';
    const mine = as(otherToken);
    const q = { quizid: 101, contentsid: 101, useruid: NEW };
    await enrol(NEW, 101);
    await completeVideos(NEW, 101, 2);
    await server.call('POST', START, { ...mine, body: { ...q, answers: [] } });
    const both = await Promise.all([1, 2].map(() => server.call('POST', SUBMIT, { ...mine, body: { ...q, answers: WRONG } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.json.respMessage).toBe(
      '진행 중인 응시가 없습니다. 시작 버튼을 눌러 응시를 시작해주세요.',
    );
    const retake = await server.call('GET', `/api/Evaluate/IsRetakeQuiz/101/${NEW}`, mine);
    expect(retake.json.datas).toMatchObject({ attemptcnt: 1, canretake: true });
    expect((await server.call('GET', `/api/Evaluate/GetTest/101/${NEW}/0`, mine)).json.datas.attemptsleft).toBe(2);
  });
});

describe('the time limit', () => {
  it('after the limit a save is refused and a submit counts only the answers saved in time', async () => {
    const q = { quizid: 104, contentsid: 104, useruid: ME };
    await sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at) values (${ME}, 104, 1, '2024-01-01 00:00:00', '2099-01-01 00:00:00')
      on conflict do nothing`.execute(server.db);
    await completeVideos(ME, 104, 4, '2024-01-01 00:00:00');
    const saved = await server.call('POST', START, { body: { ...q, answers: answersOf([KEY[0]!], 104) } });
    expect(saved.status).toBe(200);
    // The attempt started an hour ago: the 20-minute limit is long gone.
    await sql`update quiz_results set started_at = ${'2020-01-01 10:00:00'} where isscoreid = ${saved.json.datas.isscoreid}`.execute(
      server.db,
    );
    const lateSave = await server.call('POST', START, { body: { ...q, answers: answersOf(KEY, 104) } });
    expect(lateSave.status).toBe(409);
    expect(lateSave.json.respMessage).toBe(
      '제한 시간이 지나 답안을 더 저장할 수 없습니다. 제출하면 시간 안에 저장된 답안으로 채점됩니다.',
    );
    const late = await server.call('POST', SUBMIT, { body: { ...q, answers: answersOf(KEY, 104) } });
    expect(late.json.datas).toMatchObject({ correctcnt: 1, score: 20, ispassed: false });
  });
});

describe('certificates', () => {
  it('carry a random number that verifies publicly with the name masked; an unknown number is 404', async () => {
    // 101 was passed above with half its videos complete: its certificate waits for the other half.
    expect((await certificatesOf(server.token, ME)).map((l) => l.contentsid)).toEqual([102]);
    await completeVideos(ME, 101, 4);
    const certs = (await certificatesOf(server.token, ME)).map((l) => l.certificate);
    expect(certs.map((c: any) => c.contentsid).sort()).toEqual([101, 102]);
    for (const c of certs) expect(c.certificateno).toMatch(/^KPRA-[0-9A-HJKMNP-TV-Z]{10}$/);
    // Stable: listing again shows the same numbers.
    const again = await certificatesOf(server.token, ME);
    expect(again.map((l) => l.certificate.certificateno)).toEqual(certs.map((c: any) => c.certificateno));

    const c = certs.find((x: any) => x.contentsid === 101);
    const check = await server.call('GET', `/api/Certificate/Verify/${c.certificateno.toLowerCase()}`, { auth: false });
    expect(check.status).toBe(200);
    expect(check.json.datas).toEqual({
      certificateno: c.certificateno,
      maskedname: '김*라',
      title: c.title,
      completedate: c.completedate,
      issuer: BUSINESS.company,
      // Standing: not revoked (the console's revocation, issue 39, fills it).
      revokedat: null,
    });
    expect(JSON.stringify(check.json)).not.toContain(ME);

    const unknown = await server.call('GET', '/api/Certificate/Verify/KPRA-0000000000', { auth: false });
    expect(unknown.status).toBe(404);
    expect(unknown.json.respMessage).toBe('확인할 수 없는 수료증 번호입니다. 번호를 다시 확인해주세요.');
  });
});
