import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { listOperations, loadSpec } from '../openapi/spec';
import { CLIENT, fillPath, jsonOf, sampleForm, samples, signInAs, tableChanges, tableSnapshot, testServer, withQuery, type TestServer } from '../testing';
import { kst } from '../lib/time';

/**
 * The console's catalogue (issue 38, tag admin-catalog): a class from 초안 to 게시, 예약 and 숨김 as the store sees it,
 * its curriculum, the instructor's scope, refusals that change nothing, sanitised descriptions and the audit trail.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
let requestNo = 0;

beforeAll(async () => {
  server = await testServer();
  tokens.member = server.token;
  tokens.owner = await signInAs(server, 'owner@demo.kr');
  tokens.operator = await signInAs(server, 'staff@demo.kr');
  tokens.instructor = await signInAs(server, 'teacher@demo.kr');
}, 30_000);
afterAll(() => server?.close());

/** A call as `who` ('visitor' sends no token), with its own request id (what the audit trail records). */
async function as(who: string, method: string, path: string, body?: unknown) {
  const id = `t-catalog-${++requestNo}`;
  const headers: Record<string, string> = { 'x-request-id': id };
  if (who !== 'visitor') headers.Authorization = `Bearer ${tokens[who]}`;
  const r = await server.call(method, path, { body, headers, auth: false });
  return { ...r, requestId: id };
}

const CATEGORY = 111;
const WORD = '쿼츠필라테스';
const TAG = '콘솔시험태그';
const classInput = (over: Record<string, unknown> = {}) => ({
  title: `${WORD} 입문`,
  subtitle: '콘솔에서 만든 클래스',
  description: '<p>소개</p><script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(2)">',
  categoryid: CATEGORY,
  teacher: '한리포머 강사',
  price: 120000,
  saleprice: 99000,
  perioddays: 90,
  level: '초급',
  tags: [TAG],
  ...over,
});

/** What the store shows of a class: in its category list, in search, its tag, its page, its curriculum. */
async function storeSees(contentsid: number) {
  const list = await server.call('POST', '/api/Contents/GetOnlineLectures/', {
    body: { page: 1, pageSize: 100, categoryid: CATEGORY, isonlybranch: true },
    auth: false,
  });
  const search = await server.call('POST', '/api/Contents/GetOnlineLectures/', { body: { page: 1, pageSize: 20, schtext: WORD, isonlybranch: true }, auth: false });
  const tags = await server.call('POST', '/api/Tag/GetTags/', { body: { contentsid: 0 }, auth: false });
  const recent = await server.call('POST', '/api/Contents/GetRecentOnlineLectures/', { body: { count: 50, isonlybranch: true }, auth: false });
  const view = await server.call('GET', `/api/Contents/GetOnlineDetail/${contentsid}/0`, { auth: false });
  const curriculum = await server.call('POST', '/api/Contents/CurriculumList/', { body: { contentsid }, auth: false });
  const ids = (r: { json: any }) => (r.json.datas.list ?? r.json.datas).map((l: { contentsid: number }) => l.contentsid);
  return {
    inCategory: ids(list).includes(contentsid),
    categoryTotal: list.json.datas.totalCount as number,
    inSearch: ids(search).includes(contentsid),
    tag: tags.json.datas.find((t: { name: string }) => t.name === TAG)?.count ?? 0,
    inRecent: ids(recent).includes(contentsid),
    view: view.status,
    curriculum: curriculum.status,
  };
}

async function auditOf(requestId: string) {
  return (await sql<{ actor: string; actor_role: string; operation: string; object_type: string; object_id: string; summary: string }>`
    select actor, actor_role, operation, object_type, object_id, summary from audit_log where request_id = ${requestId}`.execute(server.db)).rows;
}

describe('a class from 초안 to 게시, 예약 and 숨김, as the store sees it', () => {
  let id = 0;
  let sectionid = 0;
  const hidden = { inCategory: false, inSearch: false, tag: 0, inRecent: false, view: 404, curriculum: 404 };
  const shown = { inCategory: true, inSearch: true, tag: 1, inRecent: true, view: 200, curriculum: 200 };
  let totalBefore = 0;

  it('an operator creates a draft: sanitised, with its artwork, audited, and nowhere in the store', async () => {
    totalBefore = (await storeSees(-1)).categoryTotal;
    const created = await as('operator', 'POST', '/api/Admin/Classes', classInput());
    expect(created.status).toBe(200);
    const c = created.json.datas;
    id = c.contentsid;
    expect(id).toBeGreaterThan(0);
    expect(c).toMatchObject({ state: 'draft', publishat: null, teacher: '한리포머 강사', tags: [TAG], sections: [], enrolled: 0, lecturecount: 0 });
    expect(c.thumbnail).toBe(`/media/thumbs/${id}.svg`);
    expect((await fetch(`${server.url}${c.thumbnail}`)).status).toBe(200);
    const stored = (await sql<{ description: string }>`select description from lectures where contentsid = ${id}`.execute(server.db)).rows[0]!;
    expect(stored.description).toContain('<p>소개</p>');
    expect(stored.description).not.toMatch(/<script|onerror|alert\(/i);
    const [entry, ...more] = await auditOf(created.requestId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor: 'u-demo-5', actor_role: 'operator', operation: 'createAdminClass', object_type: 'class', object_id: String(id) });
    expect(JSON.parse(entry!.summary).after.title).toBe(`${WORD} 입문`);
    expect(await storeSees(id)).toMatchObject({ ...hidden, categoryTotal: totalBefore });
  });

  it('a class without a lecture is not published (409); a section and two lectures, each audited', async () => {
    const refused = await as('operator', 'POST', `/api/Admin/Classes/${id}/State`, { state: 'published' });
    expect(refused.status).toBe(409);
    expect(refused.json.respMessage).toBe('공개된 강의가 없는 클래스는 게시할 수 없습니다. 강의를 먼저 추가해주세요.');
    expect(await auditOf(refused.requestId)).toEqual([]);

    const section = await as('operator', 'POST', `/api/Admin/Classes/${id}/Sections`, { title: '1장 호흡' });
    expect(section.status).toBe(200);
    sectionid = section.json.datas.sections[0].sectionid;
    for (const title of ['첫 강의', '둘째 강의']) {
      const lecture = await as('operator', 'POST', `/api/Admin/Sections/${sectionid}/Lectures`, { title, ispreview: false });
      expect(lecture.status).toBe(200);
      expect((await auditOf(lecture.requestId)).map((a) => [a.operation, a.object_type])).toEqual([['createAdminLecture', 'lecture']]);
    }
    const c = (await as('operator', 'GET', `/api/Admin/Classes/${id}`)).json.datas;
    expect(c.lecturecount).toBe(2);
    expect(c.sections[0].lectures.map((l: any) => [l.title, l.hasvideo, l.hidden, l.sort])).toEqual([
      ['첫 강의', false, false, 1],
      ['둘째 강의', false, false, 2],
    ]);
    expect((await auditOf(section.requestId))[0]).toMatchObject({ operation: 'createAdminSection', object_type: 'section' });
    expect(await storeSees(id)).toMatchObject(hidden);
  });

  it('published: in its category, search, tags and /main at once (the write drops the cached answers)', async () => {
    await storeSees(id); // the hidden answers are cached now
    const published = await as('operator', 'POST', `/api/Admin/Classes/${id}/State`, { state: 'published' });
    expect(published.status).toBe(200);
    expect(published.json.datas).toMatchObject({ state: 'published', publishat: null });
    expect((await auditOf(published.requestId))[0]).toMatchObject({ operation: 'setAdminClassState', actor: 'u-demo-5' });
    expect(await storeSees(id)).toMatchObject({ ...shown, categoryTotal: totalBefore + 1 });
  });

  it('예약 in the future: out of the store; once its time has come, the sweep publishes it', async () => {
    const later = new Date(Date.now() + 86400_000).toISOString();
    const scheduled = await as('operator', 'POST', `/api/Admin/Classes/${id}/State`, { state: 'published', publishat: later });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json.datas.state).toBe('scheduled');
    expect(new Date(scheduled.json.datas.publishat).getTime()).toBe(Math.floor(Date.parse(later) / 1000) * 1000);
    expect(await storeSees(id)).toMatchObject({ ...hidden, categoryTotal: totalBefore });
    expect(await server.publishDueClasses()).toEqual([]);

    await sql`update lectures set publish_at = ${kst(new Date(Date.now() - 1000))} where contentsid = ${id}`.execute(server.db);
    expect(await server.publishDueClasses()).toEqual([id]);
    expect(await server.publishDueClasses()).toEqual([]);
    expect(await storeSees(id)).toMatchObject({ ...shown, categoryTotal: totalBefore + 1 });
  });

  it('숨김: gone from every list; its buyer keeps it in 내 강의실 and its page; never back to 초안', async () => {
    await sql`insert into enrollments (useruid, contentsid, start_at, end_at) values ('u-demo-1', ${id}, ${kst()}, ${kst(new Date(Date.now() + 90 * 86400_000))})`.execute(
      server.db,
    );
    const hide = await as('owner', 'POST', `/api/Admin/Classes/${id}/State`, { state: 'hidden' });
    expect(hide.status).toBe(200);
    expect(hide.json.datas).toMatchObject({ state: 'hidden', enrolled: 1 });
    expect((await auditOf(hide.requestId))[0]).toMatchObject({ actor: 'u-demo-4', actor_role: 'owner' });
    expect(await storeSees(id)).toMatchObject({ ...hidden, categoryTotal: totalBefore });

    const mine = await server.call('POST', '/api/Contents/GetMyLectures/', { body: { page: 1, pageSize: 50, useruid: 'u-demo-1', status: 'ing' } });
    expect(mine.status).toBe(200);
    expect(mine.json.datas.list.map((l: any) => l.contentsid)).toContain(id);
    expect((await server.call('GET', `/api/Contents/GetOnlineDetail/${id}/u-demo-1`)).status).toBe(200);
    const videos = await server.call('GET', `/api/Contents/GetVideo/${id}/u-demo-1`);
    expect(videos.status).toBe(200);
    expect(videos.json.datas).toHaveLength(2);

    const draft = await as('owner', 'POST', `/api/Admin/Classes/${id}/State`, { state: 'draft' });
    expect(draft.status).toBe(409);
    expect(draft.json.respMessage).toBe('수강한 회원이 있는 클래스는 초안으로 되돌릴 수 없습니다. 판매를 멈추려면 숨김으로 바꿔주세요.');
    // An order of a class the store does not show is refused like an unknown class.
    const order = await server.call('POST', '/api/Contents/GetOrderLectures/', { body: { contentsids: [id] }, auth: false });
    expect(order.status).toBe(404);
  });

  it('the console lists it in every state: filtered, searched (wildcards literal) and keyset-paged', async () => {
    const list = await as('operator', 'POST', '/api/Admin/Classes/List', { limit: 20, q: WORD, sort: 'recent' });
    expect(list.status).toBe(200);
    expect(list.json.datas.list.map((c: any) => [c.contentsid, c.state])).toEqual([[id, 'hidden']]);
    expect((await as('operator', 'POST', '/api/Admin/Classes/List', { limit: 20, q: '%', sort: 'recent' })).json.datas.list).toEqual([]);
    expect((await as('operator', 'POST', '/api/Admin/Classes/List', { limit: 20, state: 'hidden', sort: 'recent' })).json.datas.list.map((c: any) => c.contentsid)).toEqual([id]);
    for (const sort of ['recent', 'title']) {
      const all = (await as('operator', 'POST', '/api/Admin/Classes/List', { limit: 100, sort })).json.datas.list.map((c: any) => c.contentsid);
      const paged: number[] = [];
      let after: string | null = null;
      do {
        const page: any = (await as('operator', 'POST', '/api/Admin/Classes/List', { limit: 7, sort, after })).json.datas;
        paged.push(...page.list.map((c: any) => c.contentsid));
        after = page.nextAfter;
      } while (after);
      expect(paged).toEqual(all);
      expect(new Set(paged).size).toBe(paged.length);
    }
    const bad = await as('operator', 'POST', '/api/Admin/Classes/List', { limit: 7, sort: 'title', after: 'bm90LWEtY3Vyc29y' });
    expect(bad.status).toBe(400);
    // categoryid takes the categories below it too.
    const root = (await as('operator', 'POST', '/api/Admin/Classes/List', { limit: 100, sort: 'recent', categoryid: 1 })).json.datas.list;
    expect(root.length).toBeGreaterThan(0);
  });
});

describe('the curriculum: order, removal, sections', () => {
  let id = 0;
  let s1 = 0;
  let s2 = 0;
  let v: number[] = [];

  beforeAll(async () => {
    id = (await as('operator', 'POST', '/api/Admin/Classes', classInput({ title: '커리큘럼 시험', tags: [] }))).json.datas.contentsid;
    s1 = (await as('operator', 'POST', `/api/Admin/Classes/${id}/Sections`, { title: 'A' })).json.datas.sections.at(-1).sectionid;
    s2 = (await as('operator', 'POST', `/api/Admin/Classes/${id}/Sections`, { title: 'B' })).json.datas.sections.at(-1).sectionid;
    for (const title of ['1', '2', '3']) await as('operator', 'POST', `/api/Admin/Sections/${s1}/Lectures`, { title, ispreview: false });
    v = (await as('operator', 'GET', `/api/Admin/Classes/${id}`)).json.datas.sections[0].lectures.map((l: any) => l.videoid);
  });

  it('reorders sections and moves a lecture to another section; anything missing or doubled is 409', async () => {
    const order = { sections: [{ sectionid: s2, videoids: [v[2]] }, { sectionid: s1, videoids: [v[1], v[0]] }] };
    const r = await as('operator', 'PUT', `/api/Admin/Classes/${id}/Curriculum`, order);
    expect(r.status).toBe(200);
    expect(r.json.datas.sections.map((s: any) => [s.sectionid, s.lectures.map((l: any) => l.videoid)])).toEqual([
      [s2, [v[2]]],
      [s1, [v[1], v[0]]],
    ]);
    expect((await auditOf(r.requestId))[0]).toMatchObject({ operation: 'reorderAdminCurriculum', object_type: 'class' });
    const CHANGED = '커리큘럼이 그 사이 바뀌었습니다. 새로고침 후 다시 시도해주세요.';
    for (const body of [
      { sections: [{ sectionid: s2, videoids: [v[2]] }, { sectionid: s1, videoids: [v[1]] }] },
      { sections: [{ sectionid: s2, videoids: [v[2], v[2]] }, { sectionid: s1, videoids: [v[1], v[0]] }] },
      { sections: [{ sectionid: s1, videoids: [v[0], v[1], v[2]] }] },
      { sections: [{ sectionid: s2, videoids: [v[2], 10111] }, { sectionid: s1, videoids: [v[1], v[0]] }] },
    ]) {
      const refused = await as('operator', 'PUT', `/api/Admin/Classes/${id}/Curriculum`, body);
      expect([refused.status, refused.json.respMessage]).toEqual([409, CHANGED]);
    }
  });

  it('a lecture no member watched is deleted; a watched one is hidden, out of every list, its record kept', async () => {
    const deleted = await as('operator', 'DELETE', `/api/Admin/Lectures/${v[0]}`);
    expect(deleted.json.datas).toMatchObject({ videoid: v[0], outcome: 'deleted' });
    expect((await sql`select 1 from videos where videoid = ${v[0]}`.execute(server.db)).rows).toEqual([]);

    await as('operator', 'POST', `/api/Admin/Classes/${id}/State`, { state: 'published' });
    await sql`insert into enrollments (useruid, contentsid, start_at, end_at) values ('u-demo-1', ${id}, ${kst()}, ${kst(new Date(Date.now() + 86400_000))})`.execute(server.db);
    await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at)
      values ('u-demo-1', ${id}, ${v[1]}, 10, 10, false, ${kst()})`.execute(server.db);
    const hidden = await as('operator', 'DELETE', `/api/Admin/Lectures/${v[1]}`);
    expect(hidden.json.datas.outcome).toBe('hidden');
    const lecture = hidden.json.datas.class.sections.flatMap((s: any) => s.lectures).find((l: any) => l.videoid === v[1]);
    expect(lecture.hidden).toBe(true);
    expect(hidden.json.datas.class.lecturecount).toBe(1);
    expect((await auditOf(hidden.requestId))[0]).toMatchObject({ operation: 'removeAdminLecture', object_type: 'lecture', object_id: String(v[1]) });

    const player = await server.call('GET', `/api/Contents/GetVideo/${id}/u-demo-1`);
    expect(player.json.datas.map((x: any) => x.videoid)).toEqual([v[2]]);
    const curriculum = await server.call('POST', '/api/Contents/CurriculumList/', { body: { contentsid: id }, auth: false });
    expect(curriculum.json.datas.flatMap((s: any) => s.videos.map((x: any) => x.videoid))).toEqual([v[2]]);
    expect((await sql`select 1 from progress where videoid = ${v[1]}`.execute(server.db)).rows).toHaveLength(1);

    // The order names the lectures that are not hidden only.
    const order = await as('operator', 'PUT', `/api/Admin/Classes/${id}/Curriculum`, { sections: [{ sectionid: s1, videoids: [] }, { sectionid: s2, videoids: [v[2]] }] });
    expect(order.status).toBe(200);
    // A section holding a hidden lecture is not empty.
    const notEmpty = await as('operator', 'DELETE', `/api/Admin/Sections/${s1}`);
    expect([notEmpty.status, notEmpty.json.respMessage]).toEqual([409, '강의가 있는 섹션은 삭제할 수 없습니다. 강의를 먼저 옮기거나 삭제해주세요.']);
  });

  it('renames and deletes an empty section; prices and category are checked', async () => {
    const s3 = (await as('operator', 'POST', `/api/Admin/Classes/${id}/Sections`, { title: 'C' })).json.datas.sections.at(-1).sectionid;
    expect((await as('operator', 'PUT', `/api/Admin/Sections/${s3}`, { title: 'C2' })).json.datas.sections.at(-1).title).toBe('C2');
    const removed = await as('operator', 'DELETE', `/api/Admin/Sections/${s3}`);
    expect(removed.status).toBe(200);
    expect(removed.json.datas.sections.map((s: any) => s.sectionid)).not.toContain(s3);
    expect((await auditOf(removed.requestId))[0]).toMatchObject({ operation: 'deleteAdminSection', object_type: 'section' });
    const price = await as('operator', 'PUT', `/api/Admin/Classes/${id}`, classInput({ price: 1000, saleprice: 2000 }));
    expect([price.status, price.json.respMessage]).toEqual([400, '할인가는 정가보다 높을 수 없습니다.']);
    expect((await as('operator', 'PUT', `/api/Admin/Classes/${id}`, classInput({ categoryid: 987654 }))).status).toBe(400);
    expect((await as('operator', 'PUT', `/api/Admin/Lectures/${v[2]}`, { title: '미리보기', ispreview: true })).json.datas.sections.flatMap((s: any) => s.lectures).find((l: any) => l.videoid === v[2]).ispreview).toBe(true);
  });

  it('new ids follow the largest id even when rows were written outside the console', async () => {
    await sql`insert into sections (sectionid, contentsid, title, sort) values (9999001, ${id}, 'outside', 99)`.execute(server.db);
    const r = await as('operator', 'POST', `/api/Admin/Classes/${id}/Sections`, { title: 'after outside' });
    expect(r.json.datas.sections.at(-1).sectionid).toBe(9999002);
    // Concurrent creates get distinct ids.
    const made = await Promise.all([1, 2, 3, 4].map((n) => as('operator', 'POST', `/api/Admin/Classes/${id}/Sections`, { title: `동시 ${n}` })));
    expect(made.every((m) => m.status === 200)).toBe(true);
    const ids = (await as('operator', 'GET', `/api/Admin/Classes/${id}`)).json.datas.sections.map((s: any) => s.sectionid);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('an instructor manages only the classes they teach', () => {
  // Seeded teacher of 101 is 최밸런스 강사; 103 is 한리포머 강사's (the demo instructor).
  const OTHER = 101;
  const OWN = 103;
  const NOT_YOURS = '담당하는 클래스만 관리할 수 있습니다.';
  const own = async () =>
    (await sql<{ teacher: string }>`select teacher from lectures where contentsid = ${OWN}`.execute(server.db)).rows[0]!.teacher;

  it("on another teacher's class every operation is 403, and nothing changes", async () => {
    const before = await tableSnapshot(server.db);
    const input = classInput({ teacher: '최밸런스 강사' });
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/Admin/Classes/${OTHER}`],
      ['PUT', `/api/Admin/Classes/${OTHER}`, input],
      ['POST', `/api/Admin/Classes/${OTHER}/Sections`, { title: '침입' }],
      ['PUT', `/api/Admin/Sections/1011`, { title: '침입' }],
      ['DELETE', `/api/Admin/Sections/1011`],
      ['PUT', `/api/Admin/Classes/${OTHER}/Curriculum`, { sections: [] }],
      ['POST', `/api/Admin/Sections/1011/Lectures`, { title: '침입', ispreview: true }],
      ['PUT', `/api/Admin/Lectures/10111`, { title: '침입', ispreview: true }],
      ['DELETE', `/api/Admin/Lectures/10111`],
    ];
    for (const [method, path, body] of attempts) {
      const r = await as('instructor', method, path, body);
      expect([method, path, r.status, r.json.respMessage]).toEqual([method, path, 403, NOT_YOURS]);
    }
    const state = await as('instructor', 'POST', `/api/Admin/Classes/${OWN}/State`, { state: 'hidden' });
    expect([state.status, state.json.respMessage]).toEqual([403, '이 작업을 할 권한이 없습니다.']);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('sees only their classes in the list; edits their own, but not its teacher', async () => {
    const list = (await as('instructor', 'POST', '/api/Admin/Classes/List', { limit: 100, sort: 'title' })).json.datas.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c: any) => c.teacher === '한리포머 강사')).toBe(true);

    const before = await tableSnapshot(server.db);
    const current = (await as('instructor', 'GET', `/api/Admin/Classes/${OWN}`)).json.datas;
    const input = {
      title: current.title,
      subtitle: current.subtitle,
      description: current.description,
      categoryid: current.categoryid,
      teacher: '최밸런스 강사',
      price: current.price,
      saleprice: current.saleprice,
      perioddays: current.perioddays,
      level: current.level,
      tags: current.tags,
    };
    const moved = await as('instructor', 'PUT', `/api/Admin/Classes/${OWN}`, input);
    expect([moved.status, moved.json.respMessage]).toEqual([403, '강사는 담당 강사를 바꿀 수 없습니다.']);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
    expect(await own()).toBe('한리포머 강사');

    const edited = await as('instructor', 'PUT', `/api/Admin/Classes/${OWN}`, { ...input, teacher: '한리포머 강사', subtitle: '강사가 고친 요약' });
    expect(edited.status).toBe(200);
    expect(edited.json.datas.subtitle).toBe('강사가 고친 요약');
    expect((await auditOf(edited.requestId))[0]).toMatchObject({ actor: 'u-demo-6', actor_role: 'instructor', operation: 'updateAdminClass' });
  });
});

describe('members and visitors', () => {
  const ops = listOperations(loadSpec()).filter((op) => loadSpec().paths[op.path][op.method].tags?.includes('admin-catalog'));

  it('every admin-catalog operation: visitor 401, member 403, nothing changed', async () => {
    // The class operations and their topics (certificate rules, thumbnail, handouts, categories) at least.
    expect(ops.length).toBeGreaterThanOrEqual(15);
    const before = await tableSnapshot(server.db);
    for (const op of ops) {
      const s = samples[op.operationId]!;
      const path = withQuery(fillPath(op.path, s.params), s.query);
      // A multipart sample (a thumbnail) sends its form, so the refusal is the role's, not a missing body's.
      const send = (who: string) =>
        s.files
          ? fetch(server.url + path, {
              method: op.method.toUpperCase(),
              headers: { ...CLIENT, ...(who === 'member' ? { Authorization: `Bearer ${tokens.member}` } : {}) },
              body: sampleForm(s),
            }).then(async (res) => ({ status: res.status, json: await jsonOf(res) }))
          : as(who, op.method.toUpperCase(), path, s.body);
      const visitor = await send('visitor');
      const member = await send('member');
      expect([op.operationId, visitor.status, member.status, member.json.respMessage]).toEqual([op.operationId, 401, 403, '운영진만 이용할 수 있습니다.']);
    }
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });
});
