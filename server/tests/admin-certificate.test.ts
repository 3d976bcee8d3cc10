import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';
import { iso, kst } from '../lib/time';
import { certificateRuleText } from '../../rules/certificate';

/**
 * A class's certificate rules from the console (issue 38, tag admin-catalog): its quiz, pass score, time limit and the
 * progress its quiz and its certificate need; what the server refuses; the instructor's scope; and what members
 * already did, which a change never rewrites.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
let requestNo = 0;

beforeAll(async () => {
  server = await testServer();
  tokens.member = server.token;
  tokens.new = await signInAs(server, 'new@demo.kr');
  tokens.nophone = await signInAs(server, 'nophone@demo.kr');
  tokens.owner = await signInAs(server, 'owner@demo.kr');
  tokens.operator = await signInAs(server, 'staff@demo.kr');
  tokens.instructor = await signInAs(server, 'teacher@demo.kr');
}, 30_000);
afterAll(() => server?.close());

async function as(who: string, method: string, path: string, body?: unknown) {
  const id = `t-certificate-${++requestNo}`;
  const r = await server.call(method, path, { body, headers: { 'x-request-id': id, Authorization: `Bearer ${tokens[who]}` }, auth: false });
  return { ...r, requestId: id };
}
const rulesPath = (contentsid: number) => `/api/Admin/Classes/${contentsid}/Certificate`;

// The seed's quizzes (server/db/seed-data.ts): five questions of 20 points, this answer key.
const KEY = [0, 2, 2, 1, 0];
const answersOf = (quizid: number, choices: number[], first = quizid * 10 + 1) =>
  choices.map((choice, i) => ({ questionid: first + i, choice }));

type QuizInput = { title: string; passscore: number; timelimit: number; requiredprogress: number; questions: { text: string; options: string[]; answer: number; score: number }[] };
/** The stored rules as input again (what the console's form sends back unchanged). */
async function inputOf(contentsid: number): Promise<{ certificateprogress: number; quiz: QuizInput }> {
  const r = (await as('operator', 'GET', rulesPath(contentsid))).json.datas;
  const { title, passscore, timelimit, requiredprogress, questions } = r.quiz;
  return {
    certificateprogress: r.certificateprogress,
    quiz: { title, passscore, timelimit, requiredprogress, questions: questions.map(({ questionid: _, ...q }: { questionid: number }) => q) },
  };
}

async function auditOf(requestId: string) {
  return (
    await sql<{ actor: string; actor_role: string; operation: string; object_type: string; object_id: string; summary: string }>`
    select actor, actor_role, operation, object_type, object_id, summary from audit_log where request_id = ${requestId}`.execute(server.db)
  ).rows;
}

const enrol = (useruid: string, contentsid: number) =>
  sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at) values (${useruid}, ${contentsid}, 1, ${kst()}, '2099-01-01 00:00:00')
    on conflict do nothing`.execute(server.db);
const completeVideos = (useruid: string, contentsid: number, count: number, at: string) =>
  sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at)
    select ${useruid}, contentsid, videoid, duration_sec, duration_sec, true, ${at} from videos where contentsid = ${contentsid}
    order by sectionid, sort limit ${count}
    on conflict (useruid, contentsid, videoid) do update set completed = true, updated_at = excluded.updated_at`.execute(server.db);
const member = (token: string) => ({ auth: false, headers: { Authorization: `Bearer ${tokens[token]}` } });
const certificatesOf = async (token: string, useruid: string) =>
  (await server.call('POST', '/api/Contents/GetMyLectures/', { ...member(token), body: { useruid, status: 'certificate', page: 1, pageSize: 10 } })).json
    .datas.list as { contentsid: number; certificate: any }[];

describe('a class\'s certificate rules in the console', () => {
  it('reads a class\'s quiz with its answers, its pass score, time limit and both progresses', async () => {
    const r = await as('operator', 'GET', rulesPath(101));
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({
      contentsid: 101,
      certificateprogress: 100,
      quiz: { quizid: 101, passscore: 60, timelimit: 20, requiredprogress: 50, versions: 1, takers: 0 },
    });
    expect(r.json.datas.quiz.questions.map((q: { answer: number; score: number }) => [q.answer, q.score])).toEqual(KEY.map((a) => [a, 20]));
    // The class the seed's member passed: one taker.
    expect((await as('operator', 'GET', rulesPath(102))).json.datas.quiz.takers).toBe(1);
    expect((await as('operator', 'GET', rulesPath(103))).json.datas).toEqual({ contentsid: 103, certificateprogress: 100, quiz: null });
  });

  it('refuses what cannot be graded, in Korean, and changes nothing', async () => {
    const good = await inputOf(104);
    const q = good.quiz.questions;
    const refused: [string, unknown, string][] = [
      ['no question', { ...good, quiz: { ...good.quiz, questions: [] } }, '문항을 1개 이상 입력해주세요.'],
      ['one option', { ...good, quiz: { ...good.quiz, questions: [q[0], { ...q[1]!, options: ['하나'], answer: 0 }, ...q.slice(2)] } }, '2번 문항의 보기는 2개 이상이어야 합니다.'],
      ['answer outside its options', { ...good, quiz: { ...good.quiz, questions: [...q.slice(0, 2), { ...q[2]!, answer: 4 }, ...q.slice(3)] } }, '3번 문항의 정답은 보기 중 하나여야 합니다.'],
      ['scores under 100', { ...good, quiz: { ...good.quiz, questions: q.map((x, i) => (i === 0 ? { ...x, score: 10 } : x)) } }, '문항 배점의 합이 100점이어야 합니다. (지금 90점)'],
      ['quiz opens after the certificate', { certificateprogress: 40, quiz: good.quiz }, '퀴즈 응시 진도율은 수료 진도율보다 클 수 없습니다.'],
    ];
    const before = await tableSnapshot(server.db);
    for (const [what, body, message] of refused) {
      const r = await as('operator', 'PUT', rulesPath(104), body);
      expect([what, r.status, r.json.respMessage]).toEqual([what, 400, message]);
    }
    // What the contract's schema bounds: a pass score above the 100 every quiz is scored out of, a bad type.
    for (const body of [{ ...good, quiz: { ...good.quiz, passscore: 101 } }, { ...good, certificateprogress: 0 }, { ...good, quiz: { ...good.quiz, questions: [{ ...q[0], answer: '0' }] } }]) {
      expect((await as('operator', 'PUT', rulesPath(104), body)).status).toBe(400);
    }
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('an instructor writes the rules of their own class, and is refused another teacher\'s (403), which stays as it was', async () => {
    const quiz: QuizInput = {
      title: '리포머 기초 수료 퀴즈',
      passscore: 70,
      timelimit: 0,
      requiredprogress: 30,
      questions: [
        { text: '리포머 스프링이 가장 약한 색은?', options: ['빨강', '파랑', '노랑'], answer: 2, score: 40 },
        { text: '풋워크에서 골반의 위치는?', options: ['중립', '후방 경사'], answer: 0, score: 60 },
      ],
    };
    // 103 is taught by 한리포머 강사, the demo instructor; 102 by another teacher.
    const own = await as('instructor', 'PUT', rulesPath(103), { certificateprogress: 80, quiz });
    expect(own.status).toBe(200);
    expect(own.json.respMessage).toBe('수료 퀴즈를 만들었습니다.');
    expect(own.json.datas).toMatchObject({ certificateprogress: 80, quizchange: 'created', quiz: { title: quiz.title, passscore: 70, timelimit: 0, requiredprogress: 30, takers: 0, versions: 1 } });
    expect(own.json.datas.quiz.questions.map((x: { text: string; options: string[]; answer: number; score: number }) => [x.text, x.options, x.answer, x.score])).toEqual(
      quiz.questions.map((x) => [x.text, x.options, x.answer, x.score]),
    );
    const [entry] = await auditOf(own.requestId);
    expect(entry).toMatchObject({ actor: 'u-demo-6', actor_role: 'instructor', operation: 'updateAdminCertificateRules', object_type: 'class', object_id: '103' });
    expect(JSON.parse(entry!.summary)).toMatchObject({
      before: { certificateprogress: 100, quiz: null },
      after: { certificateprogress: 80, quizchange: 'created', quiz: { title: quiz.title, passscore: 70, questions: 2 } },
    });
    // The answer key stays out of the trail.
    expect(entry!.summary).not.toContain('후방 경사');
    // The store states the class's own rule on its page.
    const detail = await server.call('GET', '/api/Contents/GetOnlineDetail/103/0', { auth: false });
    expect(detail.json.datas.certificaterule).toEqual({ passscore: 70, requiredprogress: 30, certificateprogress: 80, attemptsperday: 3 });

    const before = await tableSnapshot(server.db);
    for (const [method, body] of [['GET', undefined], ['PUT', { certificateprogress: 50, quiz }]] as const) {
      const r = await as('instructor', method, rulesPath(102), body);
      expect([method, r.status, r.json.respMessage]).toEqual([method, 403, '담당하는 클래스만 관리할 수 있습니다.']);
    }
    for (const [who, status] of [['member', 403], ['new', 403]] as const) {
      expect((await as(who, 'PUT', rulesPath(103), { certificateprogress: 50, quiz })).status).toBe(status);
    }
    expect((await server.call('GET', rulesPath(103), { auth: false })).status).toBe(401);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
    expect((await as('operator', 'PUT', rulesPath(99999), { certificateprogress: 50, quiz })).status).toBe(404);
  });
});

describe('what members already did is never rewritten', () => {
  it('a changed answer key on a quiz a member passed makes a new version; the pass, its score, answers and certificate stay', async () => {
    const resultBefore = (await sql`select * from quiz_results where quizid = 102`.execute(server.db)).rows;
    const questionsBefore = (await sql`select * from quiz_questions where quizid = 102 order by sort`.execute(server.db)).rows;
    const [certBefore] = await certificatesOf('member', 'u-demo-1');
    expect(certBefore).toMatchObject({ contentsid: 102 });

    const input = await inputOf(102);
    input.quiz.questions[0] = { ...input.quiz.questions[0]!, answer: 1 };
    const saved = await as('operator', 'PUT', rulesPath(102), input);
    expect(saved.status).toBe(200);
    expect(saved.json.respMessage).toBe('응시한 회원이 있어 새 버전의 퀴즈로 저장했습니다. 이전 응시 기록과 합격은 그대로 남습니다.');
    expect(saved.json.datas).toMatchObject({ quizchange: 'versioned', quiz: { versions: 2, takers: 0 } });
    const newQuiz = saved.json.datas.quiz.quizid as number;
    expect(newQuiz).not.toBe(102);
    expect((await auditOf(saved.requestId)).map((e) => e.operation)).toEqual(['updateAdminCertificateRules']);

    // The old version and everything the member did under it, row for row.
    expect((await sql`select * from quiz_results where quizid = 102`.execute(server.db)).rows).toEqual(resultBefore);
    expect((await sql`select * from quiz_questions where quizid = 102 order by sort`.execute(server.db)).rows).toEqual(questionsBefore);
    expect((await sql<{ retired_at: string | null }>`select retired_at from quizzes where quizid = 102`.execute(server.db)).rows[0]!.retired_at).not.toBeNull();
    const [certAfter] = await certificatesOf('member', 'u-demo-1');
    expect(certAfter!.certificate).toEqual({ ...certBefore!.certificate, rule: certAfter!.certificate.rule });

    // The member's recorded attempt reads with the questions and choices it answered.
    const attempt = await server.call('GET', '/api/Evaluate/GetTest/102/u-demo-1/1', member('member'));
    expect(attempt.json.datas).toMatchObject({ quizid: 102, isscoreid: 1, isdraft: false });
    expect(attempt.json.datas.questions.map((q: { questionid: number; answer: number }) => [q.questionid, q.answer])).toEqual([
      [1021, 0], [1022, 2], [1023, 2], [1024, 1], [1025, 1],
    ]);
    // The class's quiz is the new version now; the pass of the old one still counts.
    const current = await server.call('GET', '/api/Evaluate/GetTest/102/u-demo-1/0', member('member'));
    expect(current.json.datas.quizid).toBe(newQuiz);
    const retake = await server.call('GET', `/api/Evaluate/IsRetakeQuiz/${newQuiz}/u-demo-1`, member('member'));
    expect(retake.json.datas).toMatchObject({ canretake: false, ispassed: true, attemptcnt: 1 });
    const again = await server.call('POST', '/api/Evaluate/Scoring/0', { ...member('member'), body: { quizid: newQuiz, contentsid: 102, useruid: 'u-demo-1', answers: [] } });
    expect([again.status, again.json.respMessage]).toEqual([409, '이미 합격한 퀴즈입니다.']);
  });

  it('a quiz nobody has started changes in place; on one members took, a new title or required progress does too', async () => {
    const input = await inputOf(121);
    input.quiz.questions[4] = { ...input.quiz.questions[4]!, text: '바뀐 다섯째 문항', answer: 3 };
    const saved = await as('operator', 'PUT', rulesPath(121), { ...input, quiz: { ...input.quiz, passscore: 80, timelimit: 30 } });
    expect(saved.json.datas).toMatchObject({ quizchange: 'updated', quiz: { quizid: 121, passscore: 80, timelimit: 30, versions: 1 } });
    expect(saved.json.datas.quiz.questions[4]).toMatchObject({ text: '바뀐 다섯째 문항', answer: 3 });

    const taken = await inputOf(101);
    await sql`insert into quiz_results (quizid, useruid, contentsid, score, passed, answers, created_at) values (101, 'u-demo-3', 101, 40, false, '[]', ${kst()})`.execute(server.db);
    const renamed = await as('operator', 'PUT', rulesPath(101), { ...taken, quiz: { ...taken.quiz, title: '새 제목', requiredprogress: 40 } });
    expect(renamed.json.datas).toMatchObject({ quizchange: 'updated', quiz: { quizid: 101, title: '새 제목', requiredprogress: 40, takers: 1 } });
    const same = await as('operator', 'PUT', rulesPath(101), { ...taken, quiz: { ...taken.quiz, title: '새 제목', requiredprogress: 40 } });
    expect([same.json.datas.quizchange, same.json.respMessage]).toEqual(['none', '수료 기준을 저장했습니다.']);
    // Saved unchanged is still a write the trail records.
    expect(await auditOf(same.requestId)).toHaveLength(1);
  });

  it('a member answering a version retired meanwhile is told to reload; the new version\'s attempts count with the old ones', async () => {
    const NEW = 'u-demo-2';
    await enrol(NEW, 101);
    await completeVideos(NEW, 101, 4, '2026-01-01 09:00:00');
    const started = await server.call('POST', '/api/Evaluate/Scoring/0', { ...member('new'), body: { quizid: 101, contentsid: 101, useruid: NEW, answers: [] } });
    expect(started.status).toBe(200);
    const wrong = await server.call('POST', '/api/Evaluate/Scoring/1', { ...member('new'), body: { quizid: 101, contentsid: 101, useruid: NEW, answers: answersOf(101, [1, 1, 1, 1, 1]) } });
    expect(wrong.json.datas.ispassed).toBe(false);
    // Then the second attempt is started, and the console changes the quiz under it.
    await server.call('POST', '/api/Evaluate/Scoring/0', { ...member('new'), body: { quizid: 101, contentsid: 101, useruid: NEW, answers: answersOf(101, KEY) } });
    const input = await inputOf(101);
    const saved = await as('operator', 'PUT', rulesPath(101), { ...input, quiz: { ...input.quiz, passscore: 80 } });
    expect(saved.json.datas.quizchange).toBe('versioned');
    const newQuiz = saved.json.datas.quiz.quizid as number;

    const late = await server.call('POST', '/api/Evaluate/Scoring/1', { ...member('new'), body: { quizid: 101, contentsid: 101, useruid: NEW, answers: answersOf(101, KEY) } });
    expect([late.status, late.json.respMessage]).toEqual([409, '퀴즈가 그 사이 수정되었습니다. 새로고침 후 새 퀴즈로 응시해주세요.']);
    const fresh = await server.call('GET', `/api/Evaluate/GetTest/101/${NEW}/0`, member('new'));
    expect(fresh.json.datas).toMatchObject({ quizid: newQuiz, isdraft: false, passscore: 80, attemptsleft: 2 });
    const first = fresh.json.datas.questions[0]?.questionid ?? (await as('operator', 'GET', rulesPath(101))).json.datas.quiz.questions[0].questionid;
    await server.call('POST', '/api/Evaluate/Scoring/0', { ...member('new'), body: { quizid: newQuiz, contentsid: 101, useruid: NEW, answers: [] } });
    const pass = await server.call('POST', '/api/Evaluate/Scoring/1', { ...member('new'), body: { quizid: newQuiz, contentsid: 101, useruid: NEW, answers: answersOf(newQuiz, KEY, first) } });
    expect(pass.json.datas).toMatchObject({ ispassed: true, score: 100, passscore: 80 });
    expect((await certificatesOf('new', NEW)).map((c) => c.contentsid)).toEqual([101]);
  });
});

describe('the certificate\'s progress, per class', () => {
  it('a class that needs half its videos issues the certificate at the pass and the second video, and says so', async () => {
    const THIRD = 'u-demo-3';
    await enrol(THIRD, 104);
    await completeVideos(THIRD, 104, 1, '2026-01-01 09:00:00');
    await completeVideos(THIRD, 104, 2, '2026-01-02 09:00:00');
    await server.call('POST', '/api/Evaluate/Scoring/0', { ...member('nophone'), body: { quizid: 104, contentsid: 104, useruid: THIRD, answers: [] } });
    const pass = await server.call('POST', '/api/Evaluate/Scoring/1', { ...member('nophone'), body: { quizid: 104, contentsid: 104, useruid: THIRD, answers: answersOf(104, KEY) } });
    expect(pass.json.respMessage).toBe('합격입니다. 남은 영상을 모두 시청하면 수료증이 발급됩니다.');
    // Under the standard rule, half the videos is not enough.
    expect(await certificatesOf('nophone', THIRD)).toEqual([]);

    const input = await inputOf(104);
    const saved = await as('owner', 'PUT', rulesPath(104), { ...input, certificateprogress: 50 });
    expect(saved.json.datas).toMatchObject({ certificateprogress: 50, quizchange: 'none' });
    const [cert] = await certificatesOf('nophone', THIRD);
    expect(cert).toMatchObject({ contentsid: 104 });
    // Dated by the later of the pass and the second video (the pass, here).
    const passedAt = (await sql<{ created_at: string }>`select created_at from quiz_results where useruid = ${THIRD} and quizid = 104 and passed`.execute(server.db)).rows[0]!.created_at;
    expect(cert!.certificate).toMatchObject({ completedate: iso(passedAt), rule: { passscore: 60, requiredprogress: 50, certificateprogress: 50, attemptsperday: 3 } });
    const test = await server.call('GET', `/api/Evaluate/GetTest/104/${THIRD}/0`, member('nophone'));
    expect(test.json.datas).toMatchObject({ certificateprogress: 50, requiredprogress: 50, passscore: 60 });
    expect(certificateRuleText({ quizOpensAt: 50, passScore: 60, attemptsPerDay: 3, certificateProgress: 50 })).toBe(
      '클래스 영상의 50% 이상을 시청 완료하고 수료 퀴즈에서 60점 이상을 받으면 수료증이 발급됩니다. 퀴즈는 진도율 50% 이상부터 하루 3회까지 응시할 수 있습니다.',
    );
    // A certificate issued stays when the share goes back up.
    await as('owner', 'PUT', rulesPath(104), { ...input, certificateprogress: 100 });
    expect((await certificatesOf('nophone', THIRD)).map((c) => c.contentsid)).toEqual([104]);
  });

  it('a quiz removed: deleted when nobody took it, retired when members did (their passes stay)', async () => {
    const removed = await as('operator', 'PUT', rulesPath(103), { certificateprogress: 100, quiz: null });
    expect([removed.json.datas.quizchange, removed.json.datas.quiz]).toEqual(['removed', null]);
    expect((await sql`select 1 from quizzes where contentsid = 103`.execute(server.db)).rows).toEqual([]);

    const retired = await as('operator', 'PUT', rulesPath(104), { certificateprogress: 100, quiz: null });
    expect(retired.json.datas.quizchange).toBe('retired');
    expect(retired.json.respMessage).toBe('응시한 회원이 있어 퀴즈를 보관했습니다. 이미 합격한 회원의 기록은 그대로 남습니다.');
    const test = await server.call('GET', '/api/Evaluate/GetTest/104/u-demo-3/0', member('nophone'));
    expect([test.status, test.json.respMessage]).toEqual([404, '이 강의에는 퀴즈가 없습니다.']);
    expect((await certificatesOf('nophone', 'u-demo-3')).map((c) => c.contentsid)).toEqual([104]);
    expect((await server.call('GET', '/api/Contents/GetOnlineDetail/104/0', { auth: false })).json.datas.certificaterule).toBeNull();
  });
});
