import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredAccess } from '../domain/personalDataAccess';
import { kst } from '../lib/time';
import { signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';

/**
 * The console's members (issue 39): a masked search, a member's whole record opened with a reason and recorded in the
 * personal-data access record, enrolments granted, moved and revoked with a reason, one by one and from a CSV.
 */
let server: TestServer;
const as: Record<'owner' | 'operator' | 'instructor', Record<string, string>> = { owner: {}, operator: {}, instructor: {} };
beforeAll(async () => {
  server = await testServer();
  for (const [who, email] of [['owner', 'owner@demo.kr'], ['operator', 'staff@demo.kr'], ['instructor', 'teacher@demo.kr']] as const)
    as[who] = { Authorization: `Bearer ${await signInAs(server, email)}` };
}, 30_000);
afterAll(() => server?.close());

const post = (path: string, headers: Record<string, string>, body: unknown) => server.call('POST', path, { body, headers, auth: false });
const search = (body: Record<string, unknown>, who: Record<string, string> = as.operator) => post('/api/Admin/Members/List', who, { limit: 20, ...body });
const open = (useruid: string, reason = '수강 기간 문의 전화 확인', who: Record<string, string> = as.operator) =>
  post(`/api/Admin/Members/${useruid}/Open`, who, { reason });
const change = (useruid: string, body: Record<string, unknown>, who: Record<string, string> = as.operator) =>
  post(`/api/Admin/Members/${useruid}/Enrolments`, who, { reason: '오프라인 과정 복습 제공', ...body });
const accessRecord = async (member?: string) =>
  (await post('/api/Admin/PersonalDataAccess/List', as.owner, { limit: 50, ...(member ? { member } : {}) })).json.datas.list as Array<Record<string, any>>;
const auditOf = async (objectid: string) =>
  (await post('/api/Admin/Audit/List', as.owner, { limit: 50, operation: 'changeAdminEnrolment' })).json.datas.list.filter(
    (e: { objectid: string }) => e.objectid === objectid,
  ) as Array<Record<string, any>>;
/** A KST day from today, 'YYYY-MM-DD'. */
const day = (fromToday: number) => kst(new Date(Date.now() + fromToday * 86400_000)).slice(0, 10);

describe('finding members', () => {
  it('by a part of the name, the start of the e-mail, or a part of the phone number, masked', async () => {
    const expected = { useruid: 'u-demo-1', name: '김*라', email: 'me****@demo.kr', phone: '010-****-5678', left: false };
    for (const q of ['김필', '김필라', 'member@', 'MEMBER@demo.kr', '5678', '1234-5678', 'ember'])
      expect((await search({ q })).json.datas.list, q).toEqual([expect.objectContaining(expected)]);
    expect((await search({ q: '없는회원이름' })).json.datas.list).toEqual([]);
    // Four digits are the last four (뒷자리): the middle four find nobody.
    expect((await search({ q: '1234' })).json.datas.list).toEqual([]);
    // A like pattern in the query is text, not a wildcard.
    expect((await search({ q: '%%%' })).json.datas.list).toEqual([]);
  });

  it('pages newest first without repeating anyone; a tampered page position is 400', async () => {
    const all = (await search({ limit: 100 })).json.datas.list.map((m: { useruid: string }) => m.useruid);
    const paged: string[] = [];
    let before: string | null = null;
    do {
      const r = await search({ limit: 2, before });
      paged.push(...r.json.datas.list.map((m: { useruid: string }) => m.useruid));
      before = r.json.datas.next;
    } while (before);
    expect(paged).toEqual(all);
    expect(all.length).toBeGreaterThanOrEqual(6);
    const bad = await search({ before: Buffer.from("x' or 1=1 --").toString('base64url') });
    expect(bad.status).toBe(400);
    expect(bad.json.respMessage).toBe('목록 위치가 올바르지 않습니다. 처음부터 다시 불러와주세요.');
  });

  it('a member who left is shown as such, with nothing personal, and is not found by what they were', async () => {
    await sql`update members set left_at = '2026-01-02 09:00:00' where useruid = 'u-demo-3'`.execute(server.db);
    try {
      const listed = (await search({ limit: 100 })).json.datas.list.find((m: { useruid: string }) => m.useruid === 'u-demo-3');
      expect(listed).toMatchObject({ name: '탈퇴 회원', email: '', phone: null, left: true, leftat: '2026-01-02T09:00:00+09:00' });
      expect((await search({ q: '박무폰' })).json.datas.list).toEqual([]);
      expect((await search({ q: 'nophone@' })).json.datas.list).toEqual([]);
      const record = (await open('u-demo-3')).json.datas;
      expect(record.member).toMatchObject({ name: '탈퇴 회원', email: '', phone: null, birth: null, left: true });
      expect(JSON.stringify(record)).not.toMatch(/박무폰|nophone/);
    } finally {
      await sql`update members set left_at = null where useruid = 'u-demo-3'`.execute(server.db);
    }
  });

  it('instructors and members may not search or open anyone (403), and nothing is recorded', async () => {
    const before = (await accessRecord()).length;
    for (const who of [as.instructor, { Authorization: `Bearer ${server.token}` }]) {
      expect((await search({ q: '김' }, who)).status).toBe(403);
      expect((await open('u-demo-1', '확인', who)).status).toBe(403);
      expect((await post('/api/Admin/PersonalDataAccess/List', who, { limit: 5 })).status).toBe(403);
    }
    // The record is the owner's check on staff: an operator may not read it.
    expect((await post('/api/Admin/PersonalDataAccess/List', as.operator, { limit: 5 })).status).toBe(403);
    expect((await accessRecord()).length).toBe(before);
  });
});

describe("opening a member's record", () => {
  it('whole, with enrolments, orders, points, coupons, certificates and suggestions; the opening is recorded with its reason', async () => {
    const r = await open('u-demo-1', '수강 기간 문의 전화 확인');
    expect(r.status).toBe(200);
    const record = r.json.datas;
    expect(record.member).toMatchObject({ useruid: 'u-demo-1', name: '김필라', email: 'member@demo.kr', phone: '010-1234-5678', left: false });
    expect(record.enrolments.map((e: { contentsid: number }) => e.contentsid).sort()).toEqual([101, 102, 105, 121]);
    expect(record.enrolments.find((e: { contentsid: number }) => e.contentsid === 105)).toMatchObject({ current: false });
    expect(record.enrolments.find((e: { contentsid: number }) => e.contentsid === 101)).toMatchObject({ current: true, progress: 50, paymentid: expect.any(Number) });
    expect(record.orders.length).toBeGreaterThanOrEqual(4);
    expect(record.suggestions[0]).toMatchObject({ title: '수강 기간 연장이 가능한가요?', status: 'answered' });
    const balance = await sql<{ balance: number }>`select balance from point_balances where useruid = 'u-demo-1'`.execute(server.db);
    expect(record.points.balance).toBe(balance.rows[0]?.balance ?? 0);
    expect(record.coupons.some((c: { couponnumber: string }) => c.couponnumber === 'START3000')).toBe(true);
    const [line] = await accessRecord('u-demo-1');
    expect(line).toMatchObject({
      staff: { useruid: 'u-demo-5', name: '정운영', role: 'operator' },
      kind: 'open',
      member: { useruid: 'u-demo-1', name: '김*라' },
      reason: '수강 기간 문의 전화 확인',
    });
  });

  it('a blank reason is 400 and an unknown member 404, and neither is recorded', async () => {
    const before = (await accessRecord()).length;
    const blank = await open('u-demo-1', '   ');
    expect(blank.status).toBe(400);
    expect(blank.json.respMessage).toBe('열람 사유를 적어주세요.');
    const unknown = await open('u-nobody');
    expect(unknown.status).toBe(404);
    expect(unknown.json.respMessage).toBe('해당 회원이 없습니다.');
    expect((await accessRecord()).length).toBe(before);
  });

  it('the record takes no update and no delete of a line younger than two years; the sweep removes older ones', async () => {
    await open('u-demo-2', '환불 문의 확인');
    await expect(sql`update personal_data_access set reason = 'x'`.execute(server.db)).rejects.toThrow(/two years/);
    await expect(sql`delete from personal_data_access`.execute(server.db)).rejects.toThrow(/two years/);
    const old = kst(new Date(Date.now() - 2 * 366 * 86400_000));
    await sql`insert into personal_data_access (at, actor, actor_role, kind, member, reason) values (${old}, 'u-demo-5', 'operator', 'open', 'u-demo-2', '오래된 열람')`.execute(server.db);
    const lines = async () => (await sql<{ n: number }>`select count(*)::int as n from personal_data_access`.execute(server.db)).rows[0]!.n;
    const was = await lines();
    expect(await purgeExpiredAccess(server.db)).toBe(1);
    expect(await lines()).toBe(was - 1);
    expect((await accessRecord('u-demo-2'))[0]).toMatchObject({ reason: '환불 문의 확인' });
  });
});

describe('granting, moving and revoking a class', () => {
  it('grants a class until a day, which the member then has; the same press again changes nothing; audited once', async () => {
    const end = day(30);
    const r = await change('u-demo-1', { contentsid: 103, action: 'enrol', enddate: end });
    expect(r.status).toBe(200);
    expect(r.json.respMessage).toBe('수강을 부여했습니다.');
    expect(r.json.datas).toMatchObject({ outcome: 'granted', enrolment: { contentsid: 103, current: true, paymentid: null, endat: `${end}T23:59:59+09:00` } });
    const mine = await server.call('POST', '/api/Contents/GetMyLectures/', { body: { page: 1, pageSize: 50, useruid: 'u-demo-1', status: 'ing' } });
    expect(mine.json.datas.list.map((l: { contentsid: number }) => l.contentsid)).toContain(103);
    const again = await change('u-demo-1', { contentsid: 103, action: 'enrol', enddate: end });
    expect(again.json.datas.outcome).toBe('unchanged');
    const trail = await auditOf('u-demo-1');
    expect(trail.filter((e) => e.summary.after.contentsid === 103)).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actor: 'u-demo-5', summary: { before: { endat: null }, after: { outcome: 'granted', reason: '오프라인 과정 복습 제공' } } });
  });

  it('moves the end (연장 / 단축) of a current class, keeping its start and its order', async () => {
    const [before] = (await open('u-demo-1')).json.datas.enrolments.filter((e: { contentsid: number }) => e.contentsid === 101);
    const longer = await change('u-demo-1', { contentsid: 101, action: 'enrol', enddate: day(200) });
    expect(longer.json.datas).toMatchObject({ outcome: 'changed', enrolment: { startat: before.startat, paymentid: before.paymentid, endat: `${day(200)}T23:59:59+09:00` } });
    const shorter = await change('u-demo-1', { contentsid: 101, action: 'enrol', enddate: day(0) });
    expect(shorter.json.datas).toMatchObject({ outcome: 'changed', enrolment: { current: true, endat: `${day(0)}T23:59:59+09:00` } });
    // No end date asked on a current class: left as it is.
    expect((await change('u-demo-1', { contentsid: 101, action: 'enrol' })).json.datas.outcome).toBe('unchanged');
  });

  it('revokes a current class now; a second revoke is 409', async () => {
    const r = await change('u-demo-1', { contentsid: 121, action: 'revoke' });
    expect(r.json.datas).toMatchObject({ outcome: 'revoked', enrolment: { current: false } });
    const mine = await server.call('POST', '/api/Contents/GetMyLectures/', { body: { page: 1, pageSize: 50, useruid: 'u-demo-1', status: 'ing' } });
    expect(mine.json.datas.list.map((l: { contentsid: number }) => l.contentsid)).not.toContain(121);
    const twice = await change('u-demo-1', { contentsid: 121, action: 'revoke' });
    expect(twice.status).toBe(409);
    expect(twice.json.respMessage).toBe('수강 중인 클래스가 아닙니다.');
  });

  it('refuses with nothing changed: a past end, a blank reason, an unknown class or member, a member who left', async () => {
    const before = await tableSnapshot(server.db);
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      ['u-demo-2', { contentsid: 103, action: 'enrol', enddate: day(-1) }, 400, '종료일은 오늘 이후로 정해주세요.'],
      ['u-demo-2', { contentsid: 103, action: 'enrol', reason: '  ' }, 400, '사유를 적어주세요.'],
      ['u-demo-2', { contentsid: 99999, action: 'enrol' }, 404, '클래스를 찾을 수 없습니다.'],
      ['u-nobody', { contentsid: 103, action: 'enrol' }, 404, '해당 회원이 없습니다.'],
    ];
    for (const [who, body, status, message] of cases) {
      const r = await change(who, body);
      expect([r.status, r.json.respMessage], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
    await sql`update members set left_at = '2026-01-02 09:00:00' where useruid = 'u-demo-3'`.execute(server.db);
    try {
      const r = await change('u-demo-3', { contentsid: 103, action: 'enrol' });
      expect([r.status, r.json.respMessage]).toEqual([409, '탈퇴한 회원입니다.']);
    } finally {
      await sql`update members set left_at = null where useruid = 'u-demo-3'`.execute(server.db);
    }
  });

  it('two presses at once grant once', async () => {
    const end = day(45);
    const both = await Promise.all([1, 2].map(() => change('u-demo-2', { contentsid: 104, action: 'enrol', enddate: end })));
    expect(both.map((r) => r.json.datas.outcome).sort()).toEqual(['granted', 'unchanged']);
    expect((await auditOf('u-demo-2')).filter((e) => e.summary.after.contentsid === 104)).toHaveLength(1);
  });
});

describe('bulk enrolment from a CSV', () => {
  const csv = (lines: string[]) => ['이메일,클래스번호,종료일', ...lines].join('\r\n');
  const importing = (text: string, apply: boolean, who: Record<string, string> = as.operator) =>
    post('/api/Admin/Enrolments/Import', who, { csv: text, apply, reason: '3월 오프라인 과정 수강생' });

  it('previews each line with its outcome or its error in Korean, writing nothing; applies the good lines; the same file again changes nothing', async () => {
    const file = `\uFEFF${csv([
      `nophone@demo.kr,106,${day(60)}`,
      'nobody@demo.kr,106,',
      'nophone@demo.kr,abc,',
      'nophone@demo.kr,99999,',
      'nophone@demo.kr,107,2027-13-01',
      `nophone@demo.kr,107,${day(-3)}`,
      '',
      `NoPhone@demo.kr,106,${day(90)}`,
      'nophone@demo.kr,107,',
    ])}\r\n`;
    const before = await tableSnapshot(server.db);
    const preview = await importing(file, false);
    expect(preview.status).toBe(200);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
    expect(preview.json.datas.lines.map((l: { line: number; outcome: string; message: string | null }) => [l.line, l.outcome, l.message])).toEqual([
      [2, 'granted', null],
      [3, 'error', '회원을 찾을 수 없습니다.'],
      [4, 'error', '클래스번호가 올바르지 않습니다.'],
      [5, 'error', '클래스를 찾을 수 없습니다.'],
      [6, 'error', '종료일은 YYYY-MM-DD로 적어주세요.'],
      [7, 'error', '종료일은 오늘 이후로 정해주세요.'],
      [9, 'error', '같은 회원과 클래스가 앞 줄에 있습니다.'],
      [10, 'granted', null],
    ]);
    expect(preview.json.datas.counts).toEqual({ granted: 2, changed: 0, unchanged: 0, error: 6 });

    const applied = await importing(file, true);
    expect(applied.json.datas.lines.map((l: { outcome: string }) => l.outcome)).toEqual(preview.json.datas.lines.map((l: { outcome: string }) => l.outcome));
    const record = (await open('u-demo-3')).json.datas.enrolments;
    expect(record.find((e: { contentsid: number }) => e.contentsid === 106)).toMatchObject({ current: true, endat: `${day(60)}T23:59:59+09:00` });
    expect(record.find((e: { contentsid: number }) => e.contentsid === 107)).toMatchObject({ current: true });
    // The member who does not exist was reported, never created.
    expect((await sql`select 1 from members where lower(email) = 'nobody@demo.kr'`.execute(server.db)).rows).toEqual([]);

    const afterFirst = await tableSnapshot(server.db);
    const second = await importing(file, true);
    expect(second.json.datas.counts).toEqual({ granted: 0, changed: 0, unchanged: 2, error: 6 });
    const changed = tableChanges(afterFirst, await tableSnapshot(server.db));
    expect(Object.keys(changed).filter((t) => t !== 'personal_data_access')).toEqual([]);
  });

  it('refuses a file without its header, or longer than 2,000 lines, whole; instructors 403', async () => {
    const noHeader = await importing('member@demo.kr,103,', false);
    expect([noHeader.status, noHeader.json.respMessage]).toEqual([400, '첫 줄에 이메일,클래스번호,종료일 머리글이 있어야 합니다.']);
    const long = await importing(csv(Array.from({ length: 2001 }, (_, i) => `m${i}@demo.kr,103,`)), false);
    expect([long.status, long.json.respMessage]).toEqual([400, '한 번에 2,000줄까지 올릴 수 있습니다.']);
    expect((await importing(csv(['member@demo.kr,103,']), true, as.instructor)).status).toBe(403);
    // English headers are taken too.
    expect((await importing('email,contentsid,enddate\nmember@demo.kr,103,', false)).status).toBe(200);
  });
});
