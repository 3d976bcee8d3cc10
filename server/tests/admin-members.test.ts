import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signGrant, VIEW_AS_REFUSALS, VIEW_AS_ROLES } from '../domain/viewAs';
import { sign } from '../lib/signedUrl';
import { cacheTags } from '../handlers/index';
import { listOperations, loadSpec, type OperationSpec } from '../openapi/spec';
import { CLIENT, fillPath, jsonOf, sampleForm, samples, signInAs, tableChanges, tableSnapshot, testServer, withQuery, type TestServer } from '../testing';

/**
 * 회원 화면으로 보기 (issue 38): staff read a class, its classroom and its player as a chosen member, under a grant the
 * server decides: the member reads the yaml marks `x-view-as`, inside the grant's class, never a write, never the
 * member's session, every opening audited.
 */
const ops = listOperations(loadSpec());
const viewAsOps = ops.filter((op) => op.viewAs);
const MEMBER = { useruid: 'u-demo-1', email: 'member@demo.kr' };

let server: TestServer;
const as: Record<'owner' | 'operator' | 'instructor', Record<string, string>> = { owner: {}, operator: {}, instructor: {} };
const member = () => ({ Authorization: `Bearer ${server.token}` });
beforeAll(async () => {
  server = await testServer();
  for (const [who, email] of [['owner', 'owner@demo.kr'], ['operator', 'staff@demo.kr'], ['instructor', 'teacher@demo.kr']] as const)
    as[who] = { Authorization: `Bearer ${await signInAs(server, email)}` };
}, 30_000);
afterAll(() => server?.close());

async function open(headers: Record<string, string>, body: Record<string, unknown> = {}) {
  return server.call('POST', '/api/Admin/Members/ViewAs', {
    body: { email: MEMBER.email, contentsid: 101, reason: '진도율 문의 확인', ...body },
    headers,
    auth: false,
  });
}

/** A fresh grant of the operator for member@demo.kr in class 101 (or the class given). */
async function grantOf(contentsid = 101, who: 'owner' | 'operator' = 'operator'): Promise<string> {
  const r = await open(as[who], { contentsid });
  expect(r.status).toBe(200);
  return r.json.datas.grant;
}

/** An operation's sample request, sent with the headers given (the sample's own first). */
async function send(op: OperationSpec, headers: Record<string, string>, over: { params?: Record<string, string | number>; query?: Record<string, string | number | boolean>; body?: unknown } = {}) {
  const s = samples[op.operationId]!;
  const all: Record<string, string> = { ...CLIENT, ...s.headers, ...headers };
  const body = over.body ?? s.body;
  if (body !== undefined && !s.files) all['content-type'] = 'application/json';
  const res = await fetch(server.url + withQuery(fillPath(op.path, { ...s.params, ...over.params }), over.query ?? s.query), {
    method: op.method.toUpperCase(),
    headers: all,
    body: s.files ? sampleForm(s) : body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await jsonOf(res) };
}
const opNamed = (id: string) => ops.find((op) => op.operationId === id)!;
const read = (id: string, headers: Record<string, string>, over?: Parameters<typeof send>[2]) => send(opNamed(id), headers, over);

describe('the contract holds the feature together', () => {
  it('the yaml names the roles the server lets open it, and marks only reads', () => {
    expect(opNamed('openAdminViewAs').staffRoles).toEqual([...VIEW_AS_ROLES]);
    expect(viewAsOps.map((op) => op.operationId).sort()).toEqual(
      ['existsPassScoreid', 'getCompleteList', 'getContentsPdfList', 'getLastWatchTime', 'getLectureVideos', 'getMyClassInfo', 'getNotes',
        'getOnlineDetail', 'getQnaList', 'getRatings', 'getSectionVideos', 'getTest', 'getVideoSourceUrl', 'isRetakeQuiz'].sort(),
    );
    // Every marked operation is a member read that writes no table (a write under a grant would fail in the database).
    for (const op of viewAsOps) {
      expect(op.secured || op.optionalAuth, op.operationId).toBe(true);
      expect(cacheTags.touchedBy(op.operationId, {}), op.operationId).toEqual([]);
      // Never a cached answer: a hit is served before the dispatcher reads the grant at all.
      expect(cacheTags.isCacheable(op.operationId), op.operationId).toBe(false);
      expect(op.responses['403'], op.operationId).toBeDefined();
    }
  });
});

describe('opening a member view', () => {
  it('an operator opens member@demo.kr in class 101: a grant, the member masked, one audit entry with the reason and the request id', async () => {
    const r = await open({ ...as.operator, 'x-request-id': 'view-as-test-1' });
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({ contentsid: 101, member: { useruid: 'u-demo-1', email: 'me****@demo.kr', name: '김*라' } });
    expect(r.json.datas.grant).toMatch(/^[\w-]+\.\d+\.[\w-]+$/);
    const minutes = (Date.parse(r.json.datas.expiresat) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // Not the member's session: nothing in the answer is a token the member's own calls accept.
    const asToken = await server.call('GET', '/api/Contents/GetMyClassInfo/u-demo-1', { headers: { Authorization: `Bearer ${r.json.datas.grant}` }, auth: false });
    expect(asToken.status).toBe(401);
    const trail = await server.call('POST', '/api/Admin/Audit/List', { body: { limit: 5, operation: 'openAdminViewAs' }, headers: as.owner, auth: false });
    expect(trail.json.datas.list[0]).toMatchObject({
      actor: 'u-demo-5',
      actorrole: 'operator',
      operation: 'openAdminViewAs',
      objecttype: 'member',
      objectid: 'u-demo-1',
      requestid: 'view-as-test-1',
      summary: { after: { email: 'me****@demo.kr', contentsid: 101, reason: '진도율 문의 확인' } },
    });
  });

  it('refused to a member and an instructor, for an unknown or withdrawn member, an unknown class and a blank reason; nothing is recorded', async () => {
    const before = await tableSnapshot(server.db);
    const cases: [Record<string, string>, Record<string, unknown>, number, string][] = [
      [member(), {}, 403, '운영진만 이용할 수 있습니다.'],
      [as.instructor, {}, 403, '이 작업을 할 권한이 없습니다.'],
      [as.operator, { email: 'nobody@demo.kr' }, 404, '해당 이메일로 가입한 회원이 없습니다.'],
      [as.operator, { contentsid: 999999 }, 404, '없는 클래스입니다.'],
      [as.operator, { reason: '   ' }, 400, '회원 화면을 여는 사유를 적어주세요.'],
    ];
    for (const [headers, body, status, message] of cases) {
      const r = await open(headers, body);
      expect([r.status, r.json.respMessage]).toEqual([status, message]);
    }
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });
});

describe('reading as the member', () => {
  /** The marked reads of class 101 as the samples make them, with the member's own useruid. */
  const reads101 = () =>
    viewAsOps.map((op) => {
      const s = samples[op.operationId]!;
      const params = Object.fromEntries(Object.entries(s.params ?? {}).map(([k, v]) => [k, k === 'useruid' ? MEMBER.useruid : v]));
      const body = op.operationId === 'existsPassScoreid' ? { contentsid: 101, useruid: MEMBER.useruid } : s.body;
      return { op, over: { params, body } };
    });

  it('each marked read answers exactly what the member is answered, and changes nothing', async () => {
    const grant = await grantOf();
    const before = await tableSnapshot(server.db);
    for (const { op, over } of reads101()) {
      const seen = await send(op, { ...as.operator, 'X-View-As': grant }, over);
      const own = await send(op, member(), over);
      expect(seen.status, op.operationId).toBe(200);
      // Signed links carry their moment; the handout links are withheld under a grant (below).
      const comparable = (j: { datas: unknown }) => JSON.stringify(j.datas).replace(/expires=\d+&signature=[\w-]+/g, 'signed');
      if (op.operationId !== 'getContentsPdfList') expect(comparable(seen.json), op.operationId).toBe(comparable(own.json));
    }
    // The member's own calls above (their first play included) are theirs; the grant's alone change nothing.
    const quiet = await tableSnapshot(server.db);
    for (const { op, over } of reads101()) await send(op, { ...as.operator, 'X-View-As': grant }, over);
    expect(tableChanges(quiet, await tableSnapshot(server.db))).toEqual({});
    expect(before.size).toBeGreaterThan(0);
  });

  it('what the member sees of 101: bought, half watched, their own Q&A and the other member’s secret one hidden', async () => {
    const headers = { ...as.operator, 'X-View-As': await grantOf() };
    const detail = await read('getOnlineDetail', headers, { params: { contentsid: 101, useruid: MEMBER.useruid } });
    expect(detail.json.datas).toMatchObject({ ispurchased: true });
    const videos = await read('getLectureVideos', headers, { params: { contentsid: 101, useruid: MEMBER.useruid } });
    expect(videos.json.datas.filter((v: { iscomplete: boolean }) => v.iscomplete).map((v: { videoid: number }) => v.videoid)).toEqual([10111, 10112]);
    const qna = await read('getQnaList', headers, { params: { contentsid: 101, useruid: MEMBER.useruid } });
    const [mine, secret] = qna.json.datas.list.sort((a: { qnaid: number }, b: { qnaid: number }) => a.qnaid - b.qnaid);
    expect(mine).toMatchObject({ ismine: true, title: '호흡이 어려워요' });
    expect(secret).toMatchObject({ ismine: false, issecret: true });
    expect(secret.content).not.toContain('개인적인 질문');
  });

  it('a class video plays without it becoming the member’s first play; the member’s own request records it', async () => {
    const firstPlay = async () =>
      (await sql<{ first_play_at: string | null }>`select first_play_at from enrollments where useruid = 'u-demo-1' and contentsid = 101`.execute(server.db)).rows[0]!
        .first_play_at;
    await sql`update enrollments set first_play_at = null where useruid = 'u-demo-1' and contentsid = 101`.execute(server.db);
    const seen = await read('getVideoSourceUrl', { ...as.operator, 'X-View-As': await grantOf() }, { params: { id: 10121 } });
    expect(seen.status).toBe(200);
    expect(await firstPlay()).toBeNull();
    await read('getVideoSourceUrl', member(), { params: { id: 10121 } });
    expect(await firstPlay()).not.toBeNull();
  });

  it('handouts are listed without the member’s download links', async () => {
    const seen = await read('getContentsPdfList', { ...as.operator, 'X-View-As': await grantOf() }, { params: { contentsid: 101 } });
    const own = await read('getContentsPdfList', member(), { params: { contentsid: 101 } });
    expect(seen.json.datas.length).toBe(own.json.datas.length);
    expect(own.json.datas.every((f: { path: string }) => f.path.includes('signature='))).toBe(true);
    expect(seen.json.datas.map((f: { path: string }) => f.path)).toEqual(own.json.datas.map(() => ''));
  });

  it('the last watched video is answered only inside the grant’s class', async () => {
    // The member's last watched video is of 101 (the seed: 101 a day ago, 102 three days ago).
    const in101 = await read('getLastWatchTime', { ...as.operator, 'X-View-As': await grantOf(101) }, { params: { useruid: MEMBER.useruid } });
    expect(in101.json.datas).toMatchObject({ contentsid: 101 });
    const in102 = await read('getLastWatchTime', { ...as.operator, 'X-View-As': await grantOf(102) }, { params: { useruid: MEMBER.useruid } });
    expect([in102.status, in102.json.datas]).toEqual([200, null]);
  });

  it('an operation without security ignores the grant: the curriculum is everyone’s', async () => {
    const r = await read('getCurriculumSections', { 'X-View-As': 'anything' }, { params: { contentsid: 102 } });
    expect(r.status).toBe(200);
  });
});

describe('read-only, decided by the server', () => {
  it('every other operation that names a member (each write among them) and every console operation is refused with a grant; nothing changes', { timeout: 120_000 }, async () => {
    const grant = await grantOf();
    // (An operation without a sample yet fails server/tests/admin-access.test.ts; here it is left to that test.)
    const refusedOps = ops.filter((op) => (op.secured || op.optionalAuth) && !op.viewAs && samples[op.operationId]);
    // Watch time, notes, cart, payment, Q&A, quiz, ratings, bookmarks, the playing place, first play and download.
    for (const id of ['updateWatchTime', 'updateContentProgress', 'saveNote', 'updateNote', 'deleteNote', 'cartAction', 'savePayment', 'updatePaid', 'saveQna',
      'saveQuizDraft', 'scoreQuizRecorded', 'saveRating', 'deleteRating', 'setBookmark', 'checkTabId', 'resetProgressTabId', 'recordFirstPlay', 'recordDownload'])
      expect(refusedOps.map((op) => op.operationId)).toContain(id);
    const before = await tableSnapshot(server.db);
    const wrong: string[] = [];
    for (const op of refusedOps) {
      const r = await send(op, { ...as.operator, 'X-View-As': grant });
      if (r.status !== 403 || (op.method !== 'head' && r.json?.respMessage !== VIEW_AS_REFUSALS.readOnly)) wrong.push(`${op.operationId} → ${r.status} ${JSON.stringify(r.json)}`);
    }
    expect(wrong).toEqual([]);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('a write inside a marked read fails in the database: the handler runs in a read-only transaction', async () => {
    const writing = await testServer({
      overrides: {
        getNotes: async (ctx) => {
          await sql`update members set name = '바뀐 이름' where useruid = ${ctx.member!.useruid}`.execute(ctx.s.db);
          return { body: { success: true, respMessage: '', datas: [] } };
        },
      },
    });
    try {
      const operator = { Authorization: `Bearer ${await signInAs(writing, 'staff@demo.kr')}` };
      const opened = await writing.call('POST', '/api/Admin/Members/ViewAs', { body: { email: MEMBER.email, contentsid: 101, reason: '확인' }, headers: operator, auth: false });
      const r = await writing.call('GET', '/api/Note/GetList/101/u-demo-1', { headers: { ...operator, 'X-View-As': opened.json.datas.grant }, auth: false });
      expect(r.status).toBe(500);
      const name = (await sql<{ name: string }>`select name from members where useruid = 'u-demo-1'`.execute(writing.db)).rows[0]!.name;
      expect(name).toBe('김필라');
    } finally {
      await writing.close();
    }
  });
});

describe('attackers', () => {
  const notes101 = (headers: Record<string, string>) => read('getNotes', headers, { params: { contentsid: 101, useruid: MEMBER.useruid } });

  it('the grant alone is nothing: without the staff member’s token 401, with the member’s own token or another staff member’s 403', async () => {
    const grant = await grantOf();
    const cases: [Record<string, string>, number, string][] = [
      [{ 'X-View-As': grant }, 401, '로그인 후 이용해주세요.'],
      [{ ...member(), 'X-View-As': grant }, 403, VIEW_AS_REFUSALS.role],
      [{ ...as.instructor, 'X-View-As': grant }, 403, VIEW_AS_REFUSALS.role],
      [{ ...as.owner, 'X-View-As': grant }, 403, VIEW_AS_REFUSALS.grant],
    ];
    for (const [headers, status, message] of cases) {
      const r = await notes101(headers);
      expect([r.status, r.json.respMessage]).toEqual([status, message]);
    }
    // Optional sign-in reads too: a grant without a token is not a visitor's request.
    const detail = await read('getOnlineDetail', { 'X-View-As': grant }, { params: { contentsid: 101, useruid: MEMBER.useruid } });
    expect(detail.status).toBe(401);
  });

  it('an expired, altered or foreign grant is refused', async () => {
    const grant = await grantOf();
    const [payload, expires, signature] = grant.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherMember = Buffer.from(JSON.stringify({ ...claims, m: 'u-demo-2' })).toString('base64url');
    const otherClass = Buffer.from(JSON.stringify({ ...claims, c: 102 })).toString('base64url');
    const expired = signGrant({ auditid: claims.a, staff: 'u-demo-5', member: MEMBER.useruid, contentsid: 101 }, 60, Date.now() - 3_600_000).text;
    // The server's own signature, made for another purpose (a media link's): not a grant.
    const media = sign(`media:${payload}`);
    const forged = [
      `${otherMember}.${expires}.${signature}`,
      `${otherClass}.${expires}.${signature}`,
      `${payload}.${Number(expires) + 3600}.${signature}`,
      `${payload}.${expires}.${signature.slice(0, -2)}xx`,
      expired,
      `${payload}.${media.expires}.${media.signature}`,
      'not-a-grant',
      `${payload}.${expires}`,
    ];
    for (const text of forged) {
      const r = await notes101({ ...as.operator, 'X-View-As': text });
      expect([r.status, r.json.respMessage], text).toEqual([403, VIEW_AS_REFUSALS.grant]);
    }
  });

  it('a grant for class 101 reads nothing of class 102, by class, section, video or quiz', async () => {
    const headers = { ...as.operator, 'X-View-As': await grantOf(101) };
    const others: [string, Parameters<typeof send>[2]][] = [
      ['getOnlineDetail', { params: { contentsid: 102, useruid: MEMBER.useruid } }],
      ['getLectureVideos', { params: { contentsid: 102, useruid: MEMBER.useruid } }],
      ['getCompleteList', { params: { onlineid: 102, useruid: MEMBER.useruid } }],
      ['getNotes', { params: { contentsid: 102, useruid: MEMBER.useruid } }],
      ['getSectionVideos', { params: { sectionid: 1021, useruid: MEMBER.useruid } }],
      ['getVideoSourceUrl', { params: { id: 10211 } }],
      ['isRetakeQuiz', { params: { quizid: 102, useruid: MEMBER.useruid } }],
      ['existsPassScoreid', { body: { contentsid: 102, useruid: MEMBER.useruid } }],
      ['getRatings', { body: { page: 1, pageSize: 10, contentsid: 102 } }],
      ['getTest', { params: { contentsid: 102, useruid: MEMBER.useruid, isscoreid: 0 } }],
      ['getVideoSourceUrl', { params: { id: 99999999 } }],
    ];
    for (const [id, over] of others) {
      const r = await read(id, headers, over);
      expect([r.status, r.json.respMessage], id).toEqual([403, VIEW_AS_REFUSALS.otherClass]);
    }
  });

  it('the grant reads only its member: another member’s records are refused as to the member', async () => {
    const headers = { ...as.operator, 'X-View-As': await grantOf() };
    for (const id of ['getLectureVideos', 'getNotes', 'getOnlineDetail']) {
      const r = await read(id, headers, { params: { contentsid: 101, useruid: 'u-demo-2' } });
      expect([r.status, r.json.respMessage], id).toEqual([403, '본인의 정보만 조회할 수 있습니다.']);
    }
    const last = await read('getLastWatchTime', headers, { params: { useruid: 'u-demo-2' } });
    expect(last.status).toBe(403);
  });

  it('a role that ended, or a member who left, ends the grant at once', async () => {
    const operatorGrant = await grantOf(101, 'operator');
    const ownerGrant = await grantOf(101, 'owner');
    await server.call('POST', '/api/Admin/Staff', { body: { email: 'staff@demo.kr', role: 'instructor', teachername: '한리포머 강사' }, headers: as.owner, auth: false });
    try {
      const r = await notes101({ ...as.operator, 'X-View-As': operatorGrant });
      expect([r.status, r.json.respMessage]).toEqual([403, VIEW_AS_REFUSALS.role]);
    } finally {
      await server.call('POST', '/api/Admin/Staff', { body: { email: 'staff@demo.kr', role: 'operator' }, headers: as.owner, auth: false });
    }
    await sql`update members set left_at = '2026-01-01 00:00:00' where useruid = 'u-demo-1'`.execute(server.db);
    try {
      const r = await notes101({ ...as.owner, 'X-View-As': ownerGrant });
      expect([r.status, r.json.respMessage]).toEqual([403, VIEW_AS_REFUSALS.memberLeft]);
      const reopened = await open(as.owner);
      expect(reopened.status).toBe(404);
    } finally {
      await sql`update members set left_at = null where useruid = 'u-demo-1'`.execute(server.db);
    }
  });
});
