import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, fillPath, samples, signInAs, tableChanges, tableSnapshot, testServer, withQuery, type TestServer } from '../testing';
import { startMailCatcher, type MailCatcher } from '../local/mailCatcher';
import { BUSINESS } from '../../rules/business';

/**
 * The console's inbox (issue 39, tag admin-inbox): questions answered by the class's instructor or an operator and
 * read by the member where they read them already (GetQnaList); suggestions replied to and closed (GetSuggests /
 * GetSuggestInfo); each first answer one mail (issue 40), read back from the SMTP stand-in; every write audited;
 * every refusal changes nothing.
 */
let s: TestServer;
let catcher: MailCatcher;
const STORE = 'https://store.example';
const MEMBER = 'member@demo.kr';
const HOSTILE = '<p>숨을 내쉬며 복부를 당겨 주세요.</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">링크</a>';
/** 한리포머 강사 (teacher@demo.kr) teaches 103, a free class; 101 is another teacher's. */
const OWN_CLASS = 103;
const OTHER_CLASS = 101;

const tokens: Record<string, Record<string, string>> = {};
let otherMember: Record<string, string>;
let publicQ = 0;
let privateQ = 0;
let suggestid = 0;
let requestNo = 0;

beforeAll(async () => {
  catcher = await startMailCatcher();
  s = await testServer({ jobs: true, mail: { smtpUrl: catcher.url, storeUrl: STORE, from: '"필라테스재활협회" <no-reply@pilates-rehab.example>' } });
  for (const [who, email] of Object.entries({ owner: 'owner@demo.kr', operator: 'staff@demo.kr', instructor: 'teacher@demo.kr' })) {
    tokens[who] = { Authorization: `Bearer ${await signInAs(s, email)}` };
  }
  tokens.member = { Authorization: `Bearer ${s.token}` };
  otherMember = { Authorization: `Bearer ${await signInAs(s, 'new@demo.kr')}` };
  // The member takes the instructor's free class and asks two questions there, one private.
  const enrolled = await s.call('POST', '/api/Payment/Save/', { body: samples.savePayment!.body });
  expect(enrolled.status, JSON.stringify(enrolled.json)).toBe(200);
  const ask = async (title: string, issecret: boolean) => {
    const r = await s.call('POST', '/api/QnA/Save/', { body: { contentsid: OWN_CLASS, useruid: 'u-demo-1', title, content: '<p>질문 내용</p>', issecret } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.datas.qnaid as number;
  };
  publicQ = await ask('골반 중립이 어려워요', false);
  privateQ = await ask('개인적인 통증 질문', true);
  // A secret suggestion with an attachment.
  const form = new FormData();
  form.append('files', new Blob(['진단서 내용']), '진단서.txt');
  const up = await fetch(`${s.url}/api/UploadFiles/`, { method: 'POST', headers: { ...CLIENT, ...tokens.member }, body: form });
  const files = ((await up.json()) as { datas: unknown[] }).datas;
  const saved = await s.call('POST', '/api/Board/SaveSuggest/', {
    body: { useruid: 'u-demo-1', suggesttype: '1', title: '수강 기간 연장 요청', content: '<p>입원해서 못 들었어요.</p>', issecret: true, files },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  suggestid = saved.json.datas.suggestid;
}, 60_000);
afterAll(async () => {
  await s?.close();
  await catcher?.stop();
});

/** A console call as `who`, under a request id of its own (returned, for the audit trail). */
async function as(who: string, method: string, path: string, body?: unknown) {
  const requestId = `admin-inbox-test-${++requestNo}`;
  const r = await s.call(method, path, { body, headers: { ...tokens[who], 'x-request-id': requestId }, auth: false });
  return { ...r, requestId };
}
const auditOf = async (requestId: string) =>
  (await sql<{ actor: string; operation: string; object_type: string; object_id: string; summary: string }>`
    select actor, operation, object_type, object_id, summary from audit_log where request_id = ${requestId}`.execute(s.db)).rows;
const outbox = async (kind: string, id: number) =>
  (await sql<{ state: string; useruid: string }>`select state, useruid from mail_outbox where event_key = ${`${kind}:${id}`}`.execute(s.db)).rows;
const memberQuestions = async (headers: Record<string, string>, useruid: string) =>
  (await s.call('POST', `/api/QnA/GetList/${OWN_CLASS}/${useruid}`, { body: { page: 1, pageSize: 50 }, headers, auth: false })).json.datas.list as {
    qnaid: number;
    title: string;
    content: string;
    answer: string | null;
    status: string;
  }[];
const until = async <T>(what: string, get: () => T | undefined, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    await s.mail!.sweep();
    const v = get();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
/**
 * Nothing changed since `before` but what the store's own jobs do meanwhile (the mail job sending the free order's
 * confirmation, its tries): no answer, no audit entry, no inbox mail.
 */
async function expectNothingChanged(before: Map<string, string[]>) {
  const changes = tableChanges(before, await tableSnapshot(s.db));
  delete changes.job_attempts;
  const mails = changes.mail_outbox;
  delete changes.mail_outbox;
  expect(changes).toEqual({});
  expect((mails?.added ?? []).filter((row) => /qna-answered|suggest-replied/.test(row))).toEqual([]);
}
const mailsTo = (subject: RegExp) => catcher.mails().filter((m) => m.envelopeTo.includes(MEMBER) && subject.test(m.subject));

describe('who may use the inbox', () => {
  it('a member is refused every operation, an instructor the suggestions; nothing changes', async () => {
    const before = await tableSnapshot(s.db);
    const ops: [string, string, string, string[]][] = [
      ['listAdminQuestions', 'POST', '/api/Admin/Questions/List', ['member']],
      ['answerAdminQuestion', 'PUT', '/api/Admin/Questions/{qnaid}/Answer', ['member']],
      ['listAdminSuggests', 'POST', '/api/Admin/Suggests/List', ['member', 'instructor']],
      ['replyAdminSuggest', 'PUT', '/api/Admin/Suggests/{suggestid}/Reply', ['member', 'instructor']],
    ];
    for (const [op, method, path, refused] of ops) {
      const sample = samples[op]!;
      for (const who of refused) {
        const r = await as(who, method, withQuery(fillPath(path, sample.params)), sample.body);
        expect(r.status, `${op} as ${who}`).toBe(403);
        expect(r.json.respMessage).toMatch(/운영진|권한/);
      }
    }
    await expectNothingChanged(before);
  });

  it("an instructor on another teacher's class is 403, an unknown question or suggestion 404, and nothing changes", async () => {
    const before = await tableSnapshot(s.db);
    const list = await as('instructor', 'POST', '/api/Admin/Questions/List', { limit: 20, contentsid: OTHER_CLASS });
    expect(list.status).toBe(403);
    expect(list.json.respMessage).toBe('담당하는 클래스만 관리할 수 있습니다.');
    // Question 2 (seeded) is a waiting one on 101.
    const answer = await as('instructor', 'PUT', '/api/Admin/Questions/2/Answer', { answer: '<p>남의 반 답변</p>' });
    expect(answer.status).toBe(403);
    expect(answer.json.respMessage).toBe('담당하는 클래스만 관리할 수 있습니다.');
    const unknown = await as('operator', 'PUT', '/api/Admin/Questions/999999/Answer', { answer: '<p>답변</p>' });
    expect([unknown.status, unknown.json.respMessage]).toEqual([404, '요청하신 질문을 찾을 수 없습니다.']);
    const unknownByTeacher = await as('instructor', 'PUT', '/api/Admin/Questions/999999/Answer', { answer: '<p>답변</p>' });
    expect(unknownByTeacher.status).toBe(404);
    expect((await as('operator', 'POST', '/api/Admin/Questions/List', { limit: 20, contentsid: 999999 })).status).toBe(404);
    const noSuggest = await as('operator', 'PUT', '/api/Admin/Suggests/999999/Reply', { answer: '<p>답변</p>', status: 'answered' });
    expect([noSuggest.status, noSuggest.json.respMessage]).toEqual([404, '요청하신 문의를 찾을 수 없습니다.']);
    const empty = await as('operator', 'PUT', `/api/Admin/Questions/${publicQ}/Answer`, { answer: '<p> </p><script>x</script>' });
    expect([empty.status, empty.json.respMessage]).toEqual([400, '답변 내용을 입력해주세요.']);
    const tampered = await as('operator', 'POST', '/api/Admin/Questions/List', { limit: 20, after: "1-1' or 1=1" });
    expect(tampered.status).toBe(400);
    await expectNothingChanged(before);
  });
});

describe('questions (문의)', () => {
  it("an instructor lists their own classes' questions only, unanswered first", async () => {
    const r = await as('instructor', 'POST', '/api/Admin/Questions/List', { limit: 50 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const list = r.json.datas.list as { qnaid: number; contentsid: number; status: string; username: string; issecret: boolean; classtitle: string }[];
    expect(list.map((q) => q.qnaid)).toEqual([privateQ, publicQ]);
    expect(list.every((q) => q.contentsid === OWN_CLASS && q.status === 'waiting' && q.username === '김*라')).toBe(true);
    expect(list[0]!.issecret).toBe(true);
  });

  it('an operator sees every class, unanswered first then answered, page by page as in one', async () => {
    const all = (await as('operator', 'POST', '/api/Admin/Questions/List', { limit: 100 })).json.datas;
    const statuses = (all.list as { status: string }[]).map((q) => q.status);
    expect(statuses.indexOf('answered')).toBeGreaterThan(statuses.lastIndexOf('waiting'));
    expect((all.list as { qnaid: number }[]).map((q) => q.qnaid)).toEqual(expect.arrayContaining([1, 2, publicQ, privateQ]));
    const paged: number[] = [];
    let after: string | null = null;
    do {
      const page: { list: { qnaid: number }[]; nextAfter: string | null } = (await as('operator', 'POST', '/api/Admin/Questions/List', { limit: 1, after })).json.datas;
      paged.push(...page.list.map((q) => q.qnaid));
      after = page.nextAfter;
    } while (after);
    expect(paged).toEqual((all.list as { qnaid: number }[]).map((q) => q.qnaid));
    const answered = (await as('operator', 'POST', '/api/Admin/Questions/List', { limit: 100, status: 'answered', contentsid: OTHER_CLASS })).json.datas.list;
    expect((answered as { qnaid: number }[]).map((q) => q.qnaid)).toEqual([1]);
  });

  it('the instructor answers: sanitised, read by the member in the player, audited, one mail however often pressed or edited', async () => {
    const press = () => as('instructor', 'PUT', `/api/Admin/Questions/${publicQ}/Answer`, { answer: HOSTILE });
    const [first, second] = await Promise.all([press(), press()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const answer = first.json.datas.answer as string;
    expect(answer).toContain('<p>숨을 내쉬며 복부를 당겨 주세요.</p>');
    expect(answer).not.toMatch(/<script|onerror|javascript:/i);
    // Both presses answer with the answered question and its answerer, the one that waited for the other's lock too.
    for (const press of [first, second]) expect(press.json.datas).toMatchObject({ status: 'answered', answeredby: '한리포머', answer });
    // A doubled press is one write: one audit entry between the two requests.
    const entries = [...(await auditOf(first.requestId)), ...(await auditOf(second.requestId))];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: 'u-demo-6', operation: 'answerAdminQuestion', object_type: 'qna', object_id: String(publicQ) });

    const seen = (await memberQuestions(tokens.member!, 'u-demo-1')).find((q) => q.qnaid === publicQ)!;
    expect(seen).toMatchObject({ status: 'answered', answer });

    const edit = await as('instructor', 'PUT', `/api/Admin/Questions/${publicQ}/Answer`, { answer: '<p>고쳐 쓴 답변입니다.</p>' });
    expect(edit.status).toBe(200);
    expect(await auditOf(edit.requestId)).toHaveLength(1);
    expect(edit.json.datas.answerdate).toBe(first.json.datas.answerdate);
    expect((await memberQuestions(tokens.member!, 'u-demo-1')).find((q) => q.qnaid === publicQ)!.answer).toBe('<p>고쳐 쓴 답변입니다.</p>');

    expect(await outbox('qna-answered', publicQ)).toEqual([expect.objectContaining({ useruid: 'u-demo-1' })]);
    const mail = await until('the answer mail', () => mailsTo(/질문 답변 안내/)[0]);
    expect(mail.subject).toBe(`[${BUSINESS.company}] 질문 답변 안내 - ${first.json.datas.classtitle}`);
    expect(mail.text).toContain('질문: 골반 중립이 어려워요');
    expect(mail.text).toContain(`${STORE}/player/${OWN_CLASS}`);
    expect(mail.html).toContain(`${STORE}/player/${OWN_CLASS}`);
    // Neither answer's text travels by mail: the member reads it signed in.
    expect(mail.html).not.toContain('고쳐 쓴 답변');
    await new Promise((r) => setTimeout(r, 1_500));
    await s.mail!.sweep();
    expect(mailsTo(/질문 답변 안내/)).toHaveLength(1);
  });

  it("an operator answers a private question: its author reads the answer, another member never does", async () => {
    const r = await as('operator', 'PUT', `/api/Admin/Questions/${privateQ}/Answer`, { answer: '<p>개인 답변입니다.</p>' });
    expect(r.status).toBe(200);
    expect((await auditOf(r.requestId))[0]).toMatchObject({ actor: 'u-demo-5', operation: 'answerAdminQuestion' });
    expect((await memberQuestions(tokens.member!, 'u-demo-1')).find((q) => q.qnaid === privateQ)).toMatchObject({ answer: '<p>개인 답변입니다.</p>' });
    const other = (await memberQuestions(otherMember, 'u-demo-2')).find((q) => q.qnaid === privateQ)!;
    expect(other).toMatchObject({ title: '비밀글입니다.', content: '', answer: null });
    expect(JSON.stringify(await memberQuestions(otherMember, 'u-demo-2'))).not.toContain('개인 답변');
  });
});

describe('suggestions (1:1 문의)', () => {
  const memberSuggest = async () =>
    (await s.call('GET', `/api/Board/GetSuggestInfo/${suggestid}/1/u-demo-1`, { headers: tokens.member, auth: false })).json.datas as {
      answer: string | null;
      status: string;
    };

  it('an operator lists 접수 first, the secret one in full, its attachment opening through a signed link', async () => {
    const r = await as('operator', 'POST', '/api/Admin/Suggests/List', { limit: 100 });
    expect(r.status).toBe(200);
    const list = r.json.datas.list as { suggestid: number; status: string; title: string; username: string; files: { path: string; originalFilename: string }[] }[];
    expect(list[0]).toMatchObject({ suggestid, status: 'waiting', title: '수강 기간 연장 요청', username: '김*라' });
    expect(list.findIndex((g) => g.status === 'answered')).toBeGreaterThan(0);
    const file = list[0]!.files[0]!;
    expect(file.originalFilename).toBe('진단서.txt');
    expect(file.path).toMatch(/&expires=\d+&signature=/);
    const download = await fetch(s.url + file.path, { headers: CLIENT });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('진단서 내용');
    const forged = await fetch(s.url + file.path.replace(/signature=[^&]+/, 'signature=forged'), { headers: CLIENT });
    expect(forged.status).toBe(403);
  });

  it('답변완료 needs a reply; 접수 with a reply shows the reply and sends nothing', async () => {
    const empty = await as('operator', 'PUT', `/api/Admin/Suggests/${suggestid}/Reply`, { answer: '', status: 'answered' });
    expect([empty.status, empty.json.respMessage]).toEqual([400, '답변완료로 바꾸려면 답변을 입력해주세요.']);
    const open = await as('operator', 'PUT', `/api/Admin/Suggests/${suggestid}/Reply`, { answer: '<p>확인 중입니다.</p>', status: 'waiting' });
    expect(open.status).toBe(200);
    expect(await memberSuggest()).toMatchObject({ answer: '<p>확인 중입니다.</p>', status: 'waiting' });
    expect(await outbox('suggest-replied', suggestid)).toEqual([]);
  });

  it('the reply with 답변완료: the member sees it, audited, one mail however often pressed, reopened or closed again', async () => {
    const reply = () => as('owner', 'PUT', `/api/Admin/Suggests/${suggestid}/Reply`, { answer: '<p>30일 연장해 드렸습니다.</p><iframe src="x"></iframe>', status: 'answered' });
    const [a, b] = await Promise.all([reply(), reply()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([...(await auditOf(a.requestId)), ...(await auditOf(b.requestId))]).toEqual([
      expect.objectContaining({ actor: 'u-demo-4', operation: 'replyAdminSuggest', object_type: 'suggest', object_id: String(suggestid) }),
    ]);
    expect(await memberSuggest()).toMatchObject({ answer: '<p>30일 연장해 드렸습니다.</p>', status: 'answered' });
    const listed = (await s.call('POST', '/api/Board/GetSuggests/', { body: { page: 1, pageSize: 50, useruid: 'u-demo-1' } })).json.datas.list as { suggestid: number; status: string }[];
    expect(listed.find((g) => g.suggestid === suggestid)!.status).toBe('answered');
    // Reopened and closed again: still the one mail.
    expect((await as('owner', 'PUT', `/api/Admin/Suggests/${suggestid}/Reply`, { answer: '<p>30일 연장해 드렸습니다.</p>', status: 'waiting' })).status).toBe(200);
    expect((await as('owner', 'PUT', `/api/Admin/Suggests/${suggestid}/Reply`, { answer: '<p>연장 완료</p>', status: 'answered' })).status).toBe(200);
    expect(await outbox('suggest-replied', suggestid)).toHaveLength(1);
    const mail = await until('the reply mail', () => mailsTo(/1:1 문의 답변 안내/)[0]);
    expect(mail.text).toContain('문의: 수강 기간 연장 요청');
    expect(mail.text).toContain(`${STORE}/q&a?tab=suggest`);
    await new Promise((r) => setTimeout(r, 1_500));
    await s.mail!.sweep();
    expect(mailsTo(/1:1 문의 답변 안내/)).toHaveLength(1);
  });
});
