import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadSpec, type OperationSpec } from '../openapi/spec';
import { CLIENT, fillPath, samples, signInAs, tableChanges, tableSnapshot, testServer, withQuery, type TestServer } from '../testing';

/**
 * The console's notices and FAQ (tag admin-board): an operator's writes reach the store at once, sanitised, audited;
 * the pin limit holds; an instructor, a member and a visitor change nothing.
 */
const doc = loadSpec();
const boardOps = listOperations(doc).filter((op) => (doc.paths[op.path][op.method].tags as string[]).includes('admin-board'));
const HOSTILE = '<p>안녕하세요</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">링크</a>';
const PIN_LIMIT_REACHED = '상단 고정은 3개까지 가능합니다.';

let server: TestServer;
let operator: Record<string, string>;
let instructor: string;
beforeAll(async () => {
  server = await testServer();
  operator = { Authorization: `Bearer ${await signInAs(server, 'staff@demo.kr')}` };
  instructor = await signInAs(server, 'teacher@demo.kr');
}, 30_000);
afterAll(() => server?.close());

let requestNo = 0;
/** A console call as the operator, under its own request id (returned, for the audit trail). */
async function asOperator(method: string, path: string, body?: unknown) {
  const requestId = `admin-board-test-${++requestNo}`;
  const r = await server.call(method, path, { body, headers: { ...operator, 'x-request-id': requestId }, auth: false });
  return { ...r, requestId };
}

const storeNotices = async (isnotice = 1) =>
  (await server.call('POST', '/api/Main/GetNotices?isnotice=' + isnotice + '&istop3=false&isonlybranch=true', { body: { page: 1, pageSize: 50 }, auth: false })).json
    .datas.list as { noticeid: number; title: string; content: string; istop: boolean }[];
const storeTop3 = async () =>
  (await server.call('POST', '/api/Main/GetNotices?isnotice=1&istop3=true&isonlybranch=true', { body: { page: 1, pageSize: 10 }, auth: false })).json.datas
    .list as { noticeid: number }[];
const storeFaqs = async () =>
  (await server.call('POST', '/api/Board/GetFaqs/', { body: { page: 1, pageSize: 100 }, auth: false })).json.datas.list as {
    faqid: number;
    question: string;
    answer: string;
  }[];
const storedNotice = async (id: number) =>
  (await sql<{ title: string; content: string; istop: boolean; writer: string; created_at: string }>`select * from notices where noticeid = ${id}`.execute(server.db)).rows[0];

/** The audit entries a request left. */
const auditOf = async (requestId: string) =>
  (
    await sql<{ actor: string; actor_role: string; operation: string; object_type: string; object_id: string; summary: string; request_id: string }>`
      select actor, actor_role, operation, object_type, object_id, summary, request_id from audit_log where request_id = ${requestId}`.execute(server.db)
  ).rows;

/** Exactly one entry, by the operator, naming the operation, the object and the request. */
async function expectAudited(requestId: string, operation: string, objectType: string, objectId: number) {
  const entries = await auditOf(requestId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ actor: 'u-demo-5', actor_role: 'operator', operation, object_type: objectType, object_id: String(objectId), request_id: requestId });
  return JSON.parse(entries[0]!.summary) as { before?: Record<string, unknown>; after?: Record<string, unknown> };
}

describe('notices in the console', () => {
  let id: number;

  it('an operator writes a notice with markup that would run: stored and shown without it, in the store at once, audited', async () => {
    // The store's list is read (and cached) before the write: the write must drop that answer.
    expect((await storeNotices()).map((n) => n.title)).not.toContain('콘솔 공지');
    const created = await asOperator('POST', '/api/Admin/Notices', { isnotice: 1, title: '콘솔 공지', content: HOSTILE, istop: false });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    id = created.json.datas.noticeid;
    expect(created.json.datas).toMatchObject({ title: '콘솔 공지', writer: '관리자', istop: false, isnotice: 1 });
    expect(created.json.datas.regdate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);

    const stored = (await storedNotice(id))!;
    for (const content of [stored.content, created.json.datas.content]) {
      expect(content).toContain('<p>안녕하세요</p>');
      expect(content).not.toMatch(/<script|onerror|javascript:/i);
    }
    expect(stored.writer).toBe('관리자');
    // created_at is KST now: within a minute of the clock, nine hours ahead of UTC.
    const kstNow = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(Math.abs(Date.parse(stored.created_at.replace(' ', 'T') + 'Z') - Date.parse(kstNow.replace(' ', 'T') + 'Z'))).toBeLessThan(60_000);

    const listed = (await storeNotices()).find((n) => n.noticeid === id);
    expect(listed?.content).toBe(stored.content);
    const shown = await server.call('GET', `/api/Main/GetNoticeInfo/${id}/1`, { auth: false });
    expect(shown.json.datas.content).toBe(stored.content);
    expect(shown.json.datas.content).not.toMatch(/<script|onerror|javascript:/i);

    const summary = await expectAudited(created.requestId, 'createAdminNotice', 'notice', id);
    expect(summary.after).toMatchObject({ title: '콘솔 공지', istop: false });
  });

  it('pins up to three per board: the fourth is 409 in Korean and nothing changes, even when two pin at once', async () => {
    // The seed pins two notices; the third fits.
    const third = await asOperator('POST', '/api/Admin/Notices', { isnotice: 1, title: '세 번째 고정', content: '<p>고정</p>', istop: true });
    expect(third.status).toBe(200);
    expect((await storeTop3()).map((n) => n.noticeid)).toContain(third.json.datas.noticeid);

    const plain = await asOperator('POST', '/api/Admin/Notices', { isnotice: 1, title: '고정 안 한 공지', content: '<p>x</p>', istop: false });
    const before = await tableSnapshot(server.db);
    const fourth = await asOperator('POST', '/api/Admin/Notices', { isnotice: 1, title: '네 번째 고정', content: '<p>고정</p>', istop: true });
    expect([fourth.status, fourth.json.respMessage]).toEqual([409, PIN_LIMIT_REACHED]);
    const pinExisting = await asOperator('PUT', `/api/Admin/Notices/${plain.json.datas.noticeid}`, { isnotice: 1, title: '고정 안 한 공지', content: '<p>고정</p>', istop: true });
    expect([pinExisting.status, pinExisting.json.respMessage]).toEqual([409, PIN_LIMIT_REACHED]);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
    expect(await auditOf(fourth.requestId)).toEqual([]);

    // A pinned notice stays pinned when it is edited; the other board has its own three.
    const edited = await asOperator('PUT', `/api/Admin/Notices/${third.json.datas.noticeid}`, { isnotice: 1, title: '세 번째 고정 (수정)', content: '<p>고정</p>', istop: true });
    expect(edited.status).toBe(200);
    const otherBoard = await asOperator('POST', '/api/Admin/Notices', { isnotice: -1, title: '이벤트 고정', content: '<p>이벤트</p>', istop: true });
    expect(otherBoard.status).toBe(200);

    // Unpin one, then two writers pin at once: exactly one gets the freed place.
    expect((await asOperator('PUT', `/api/Admin/Notices/${third.json.datas.noticeid}`, { isnotice: 1, title: '고정 해제', content: '<p>x</p>', istop: false })).status).toBe(200);
    const race = await Promise.all(
      ['경쟁 A', '경쟁 B', '경쟁 C', '경쟁 D', '경쟁 E', '경쟁 F'].map((title) => asOperator('POST', '/api/Admin/Notices', { isnotice: 1, title, content: '<p>x</p>', istop: true })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const pinned = await sql<{ n: number }>`select count(*)::int as n from notices where istop and isnotice = 1`.execute(server.db);
    expect(pinned.rows[0]!.n).toBe(3);
  });

  it('updates and deletes, each seen by the store at once and audited with before and after', async () => {
    await storeNotices(); // cached again
    const updated = await asOperator('PUT', `/api/Admin/Notices/${id}`, { isnotice: 1, title: '콘솔 공지 (수정)', content: `<p>수정</p>${HOSTILE}`, istop: false });
    expect(updated.status).toBe(200);
    expect(updated.json.datas.content).not.toMatch(/<script|onerror|javascript:/i);
    expect((await storeNotices()).find((n) => n.noticeid === id)?.title).toBe('콘솔 공지 (수정)');
    const summary = await expectAudited(updated.requestId, 'updateAdminNotice', 'notice', id);
    expect([summary.before?.title, summary.after?.title]).toEqual(['콘솔 공지', '콘솔 공지 (수정)']);

    const deleted = await asOperator('DELETE', `/api/Admin/Notices/${id}`);
    expect(deleted.json.datas).toEqual({ id });
    expect((await storeNotices()).map((n) => n.noticeid)).not.toContain(id);
    expect((await server.call('GET', `/api/Main/GetNoticeInfo/${id}/1`, { auth: false })).status).toBe(404);
    expect((await expectAudited(deleted.requestId, 'deleteAdminNotice', 'notice', id)).before?.title).toBe('콘솔 공지 (수정)');

    const again = await asOperator('DELETE', `/api/Admin/Notices/${id}`);
    expect(again.status).toBe(404);
    expect(await auditOf(again.requestId)).toEqual([]);
    expect((await asOperator('PUT', `/api/Admin/Notices/${id}`, { isnotice: 1, title: 'x', content: '', istop: false })).status).toBe(404);
  });

  it('lists newest first in keyset pages to the last (nextBefore null); the search takes % and _ as typed', async () => {
    const seen: number[] = [];
    let before: number | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const r = await asOperator('POST', '/api/Admin/Notices/List', { limit: 4, before });
      expect(r.status).toBe(200);
      seen.push(...r.json.datas.list.map((n: { noticeid: number }) => n.noticeid));
      before = r.json.datas.nextBefore;
      if (before === null) break;
    }
    const all = await sql<{ noticeid: number }>`select noticeid from notices order by noticeid desc`.execute(server.db);
    expect(seen).toEqual(all.rows.map((r) => r.noticeid));

    const percent = await asOperator('POST', '/api/Admin/Notices', { isnotice: 1, title: '100% 환급_이벤트', content: '<p>x</p>', istop: false });
    const search = async (q: string) =>
      ((await asOperator('POST', '/api/Admin/Notices/List', { limit: 100, q })).json.datas.list as { noticeid: number }[]).map((n) => n.noticeid);
    expect(await search('%')).toEqual([percent.json.datas.noticeid]);
    expect(await search('_')).toEqual([percent.json.datas.noticeid]);
    expect((await search('안내')).length).toBeGreaterThan(1);
    expect(await search('없는 제목 %_')).toEqual([]);
  });
});

describe('FAQ in the console', () => {
  it('lists every FAQ by category, then order', async () => {
    const r = await asOperator('GET', '/api/Admin/Faqs');
    const rows = r.json.datas as { faqid: number; category: string; sortorder: number }[];
    const count = await sql<{ n: number }>`select count(*)::int as n from faqs`.execute(server.db);
    expect(rows).toHaveLength(count.rows[0]!.n);
    const key = (f: { category: string; sortorder: number }) => [f.category, f.sortorder] as const;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [key(rows[i - 1]!), key(rows[i]!)];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]), `${a} before ${b}`).toBe(true);
    }
  });

  it('creates, updates and deletes, sanitised, each seen in the store at once and audited', async () => {
    await storeFaqs(); // cached
    const created = await asOperator('POST', '/api/Admin/Faqs', { category: '수강', question: '콘솔 질문', answer: HOSTILE, sortorder: 99 });
    expect(created.status).toBe(200);
    const faqid = created.json.datas.faqid as number;
    let shown = (await storeFaqs()).find((f) => f.faqid === faqid);
    expect(shown?.question).toBe('콘솔 질문');
    expect(shown?.answer).toContain('<p>안녕하세요</p>');
    expect(shown?.answer).not.toMatch(/<script|onerror|javascript:/i);
    const stored = await sql<{ answer: string }>`select answer from faqs where faqid = ${faqid}`.execute(server.db);
    expect(stored.rows[0]!.answer).toBe(shown?.answer);
    expect((await expectAudited(created.requestId, 'createAdminFaq', 'faq', faqid)).after).toMatchObject({ question: '콘솔 질문', sortorder: 99 });

    const updated = await asOperator('PUT', `/api/Admin/Faqs/${faqid}`, { category: '결제', question: '콘솔 질문 (수정)', answer: '<p>답</p><script>x()</script>', sortorder: 1 });
    expect(updated.json.datas).toEqual({ faqid, category: '결제', question: '콘솔 질문 (수정)', answer: '<p>답</p>', sortorder: 1 });
    shown = (await storeFaqs()).find((f) => f.faqid === faqid);
    expect(shown).toMatchObject({ question: '콘솔 질문 (수정)', answer: '<p>답</p>' });
    const summary = await expectAudited(updated.requestId, 'updateAdminFaq', 'faq', faqid);
    expect([summary.before?.question, summary.after?.question]).toEqual(['콘솔 질문', '콘솔 질문 (수정)']);

    const deleted = await asOperator('DELETE', `/api/Admin/Faqs/${faqid}`);
    expect(deleted.json.datas).toEqual({ id: faqid });
    expect((await storeFaqs()).map((f) => f.faqid)).not.toContain(faqid);
    await expectAudited(deleted.requestId, 'deleteAdminFaq', 'faq', faqid);
    expect((await asOperator('DELETE', `/api/Admin/Faqs/${faqid}`)).status).toBe(404);
    expect((await asOperator('PUT', `/api/Admin/Faqs/${faqid}`, { category: '수강', question: 'x', answer: '', sortorder: 0 })).status).toBe(404);
  });
});

describe('who may not', () => {
  async function send(op: OperationSpec, token: string | undefined) {
    const s = samples[op.operationId]!;
    const headers: Record<string, string> = { ...CLIENT };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (s.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(server.url + withQuery(fillPath(op.path, s.params), s.query), {
      method: op.method.toUpperCase(),
      headers,
      body: s.body === undefined ? undefined : JSON.stringify(s.body),
    });
    return { status: res.status, json: (await res.json()) as { respMessage: string } };
  }

  it('covers the eight operations of the tag', () => {
    expect(boardOps.map((op) => op.operationId).sort()).toEqual(
      ['createAdminFaq', 'createAdminNotice', 'deleteAdminFaq', 'deleteAdminNotice', 'listAdminFaqs', 'listAdminNotices', 'updateAdminFaq', 'updateAdminNotice'].sort(),
    );
  });

  it('the samples every generic test sends are valid: the operator gets 200 for each', async () => {
    for (const op of boardOps) {
      const s = samples[op.operationId]!;
      const r = await asOperator(op.method.toUpperCase(), withQuery(fillPath(op.path, s.params), s.query), s.body);
      expect(r.status, `${op.operationId} ${JSON.stringify(r.json)}`).toBe(200);
    }
  });

  it('an instructor 403, a member 403, a visitor 401 on every operation; nothing changes and nothing is audited', async () => {
    const before = await tableSnapshot(server.db);
    const got: string[] = [];
    for (const op of boardOps) {
      for (const [who, token] of [['instructor', instructor], ['member', server.token], ['visitor', undefined]] as const) {
        const r = await send(op, token);
        got.push(`${op.operationId} ${who} ${r.status} ${r.json.respMessage}`);
      }
    }
    expect(got).toEqual(
      boardOps.flatMap((op) => [
        `${op.operationId} instructor 403 이 작업을 할 권한이 없습니다.`,
        `${op.operationId} member 403 운영진만 이용할 수 있습니다.`,
        `${op.operationId} visitor 401 로그인 후 이용해주세요.`,
      ]),
    );
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });
});
