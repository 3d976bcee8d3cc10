import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';

/**
 * The category tree in the console (tag admin-catalog): an operator adds, renames, reorders, moves and deletes, and the
 * store's menu and class lists follow at once through the public API (their answers are read, and cached, before each
 * write); the shape rules hold (three levels, no loops, only empty categories go); instructors and members change nothing.
 */
const CATEGORY_HEADERS = { 'X-Application-Id': 'pilates-web', 'X-Application-Key': 'local-dev-key' };
const TOO_DEEP = '카테고리는 3단계까지 만들 수 있습니다. 스토어 메뉴가 3단계까지만 보여줍니다.';
const INTO_ITSELF = '카테고리를 자기 자신이나 그 하위 카테고리 아래로 옮길 수 없습니다.';
const SAME_NAME = '같은 위치에 같은 이름의 카테고리가 있습니다.';
const ORDER_CHANGED = '카테고리 목록이 그 사이 바뀌었습니다. 새로고침 후 다시 시도해주세요.';

let server: TestServer;
let operator: Record<string, string>;
let instructor: Record<string, string>;
beforeAll(async () => {
  server = await testServer();
  operator = { Authorization: `Bearer ${await signInAs(server, 'staff@demo.kr')}` };
  instructor = { Authorization: `Bearer ${await signInAs(server, 'teacher@demo.kr')}` };
}, 60_000);
afterAll(() => server?.close());

let requestNo = 0;
async function asOperator(method: string, path: string, body?: unknown) {
  const requestId = `admin-categories-test-${++requestNo}`;
  const r = await server.call(method, path, { body, headers: { ...operator, 'x-request-id': requestId }, auth: false });
  return { ...r, requestId };
}

interface MenuCategory {
  categoryid: number;
  pcategoryid: number;
  parentID: number;
  ctgrname: string;
  hasChildren: boolean;
}
/** The store's menu call, as the header makes it. */
const storeMenu = async () =>
  (await server.call('GET', '/api/Category/GetList/category?isactive=1&pcategoryid=0', { auth: false, headers: CATEGORY_HEADERS })).json
    .datas as MenuCategory[];
const childrenInMenu = async (parent: number) => (await storeMenu()).filter((c) => c.parentID === parent).map((c) => c.ctgrname);
/** The contentsids of a class list, as /classList/{categoryid}/{pcategoryid} asks for it. */
const classList = async (body: { categoryid?: number; pcategoryid?: number }) =>
  ((await server.call('POST', '/api/Contents/GetOnlineLectures/', { auth: false, body: { page: 1, pageSize: 100, isonlybranch: true, ...body } })).json.datas
    .list as { contentsid: number }[]).map((l) => l.contentsid);

const auditOf = async (requestId: string) =>
  (await sql<{ actor: string; operation: string; object_type: string; object_id: string; summary: string }>`
    select actor, operation, object_type, object_id, summary from audit_log where request_id = ${requestId}`.execute(server.db)).rows;

async function expectAudited(requestId: string, operation: string, objectId: number) {
  const entries = await auditOf(requestId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ actor: 'u-demo-5', operation, object_type: 'category', object_id: String(objectId) });
  return JSON.parse(entries[0]!.summary) as { before?: Record<string, unknown>; after?: Record<string, unknown> };
}

/** A refused write: its status and Korean message, nothing changed, nothing audited. */
async function expectRefused(method: string, path: string, body: unknown, status: number, message: string) {
  const before = await tableSnapshot(server.db);
  const r = await asOperator(method, path, body);
  expect([r.status, r.json?.respMessage]).toEqual([status, message]);
  expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  expect(await auditOf(r.requestId)).toEqual([]);
}

describe('categories in the console', () => {
  let created: number;

  it('an operator adds a category under 매트: last among its siblings, in the store menu at once, audited', async () => {
    expect(await childrenInMenu(11)).toEqual(['입문', '중급']);
    const r = await asOperator('POST', '/api/Admin/Categories', { parentid: 11, name: '  소도구  매트 ', engname: 'Props' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const mine = (r.json.datas as { categoryid: number; name: string; depth: number; parentid: number; classcount: number }[]).find((c) => c.name === '소도구 매트')!;
    expect(mine).toMatchObject({ parentid: 11, depth: 3, classcount: 0, isactive: true });
    // Above every seeded id, from the sequence that the seed's rows were caught up with.
    expect(mine.categoryid).toBeGreaterThan(311);
    created = mine.categoryid;
    expect(await childrenInMenu(11)).toEqual(['입문', '중급', '소도구 매트']);
    const inMenu = (await storeMenu()).find((c) => c.categoryid === created)!;
    expect(inMenu).toMatchObject({ pcategoryid: 1, parentID: 11, hasChildren: false });
    const summary = await expectAudited(r.requestId, 'createAdminCategory', created);
    expect(summary.after).toEqual({ parentid: 11, name: '소도구 매트', engname: 'Props' });
  });

  it('refuses a fourth level, an unknown parent and a name a sibling has; nothing changes', async () => {
    await expectRefused('POST', '/api/Admin/Categories', { parentid: 111, name: '너무 깊은', engname: '' }, 400, TOO_DEEP);
    await expectRefused('POST', '/api/Admin/Categories', { parentid: 9999, name: '고아', engname: '' }, 404, '상위 카테고리를 찾을 수 없습니다.');
    await expectRefused('POST', '/api/Admin/Categories', { parentid: 11, name: '입문', engname: '' }, 409, SAME_NAME);
    await expectRefused('PUT', '/api/Admin/Categories/112', { name: '입문', engname: '' }, 409, SAME_NAME);
    await expectRefused('POST', '/api/Admin/Categories', { parentid: 11, name: '   ', engname: '' }, 400, '카테고리 이름을 입력해주세요.');
  });

  it('renames: the store menu shows the new name at once, and markup stays text the store prints', async () => {
    expect((await storeMenu()).find((c) => c.categoryid === 112)?.ctgrname).toBe('중급');
    const name = '<img src=x onerror=alert(1)>중급';
    const r = await asOperator('PUT', '/api/Admin/Categories/112', { name, engname: 'Intermediate' });
    expect(r.status).toBe(200);
    // Stored and answered as the text it is: the store prints it with React, never as HTML (e2e checks the page).
    expect((await storeMenu()).find((c) => c.categoryid === 112)?.ctgrname).toBe(name);
    const summary = await expectAudited(r.requestId, 'updateAdminCategory', 112);
    expect(summary).toEqual({ before: { name: '중급', engname: 'Intermediate' }, after: { name, engname: 'Intermediate' } });
    expect((await asOperator('PUT', '/api/Admin/Categories/112', { name: '중급', engname: 'Intermediate' })).status).toBe(200);
  });

  it('reorders siblings: the store menu follows; an order that misses or repeats one is 409', async () => {
    expect((await storeMenu()).filter((c) => c.parentID === 0).map((c) => c.categoryid)).toEqual([1, 2, 3]);
    const r = await asOperator('PUT', '/api/Admin/Categories/Order', { parentid: 0, categoryids: [3, 1, 2] });
    expect(r.status).toBe(200);
    expect((await storeMenu()).filter((c) => c.parentID === 0).map((c) => c.categoryid)).toEqual([3, 1, 2]);
    expect(await expectAudited(r.requestId, 'reorderAdminCategories', 0)).toEqual({ before: { categoryids: [1, 2, 3] }, after: { categoryids: [3, 1, 2] } });
    await expectRefused('PUT', '/api/Admin/Categories/Order', { parentid: 0, categoryids: [1, 2] }, 409, ORDER_CHANGED);
    await expectRefused('PUT', '/api/Admin/Categories/Order', { parentid: 0, categoryids: [1, 2, 2] }, 409, ORDER_CHANGED);
    await expectRefused('PUT', '/api/Admin/Categories/Order', { parentid: 11, categoryids: [111, 112, 121] }, 409, ORDER_CHANGED);
    expect((await asOperator('PUT', '/api/Admin/Categories/Order', { parentid: 0, categoryids: [1, 2, 3] })).status).toBe(200);
  });

  it('moves 기구 with its children under 재활: depths, the menu, both class lists and the banner links follow at once', async () => {
    const apparatusClasses = [...(await classList({ categoryid: 121 })), ...(await classList({ categoryid: 122 }))];
    expect(apparatusClasses.length).toBeGreaterThan(0);
    const pilatesBefore = await classList({ pcategoryid: 1 });
    expect(pilatesBefore).toEqual(expect.arrayContaining(apparatusClasses));
    await sql`update banners set link = '/classList/121/1' where bannerid = 3`.execute(server.db);

    const r = await asOperator('PUT', '/api/Admin/Categories/12/Parent', { parentid: 2 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const tree = r.json.datas as { categoryid: number; parentid: number; depth: number }[];
    expect(tree.filter((c) => [12, 121, 122].includes(c.categoryid)).map((c) => [c.categoryid, c.parentid, c.depth])).toEqual([
      [12, 2, 2],
      [121, 12, 3],
      [122, 12, 3],
    ]);
    const menu = await storeMenu();
    expect(menu.find((c) => c.categoryid === 121)).toMatchObject({ pcategoryid: 2, parentID: 12 });
    expect(await childrenInMenu(2)).toEqual(['척추', '어깨', '기구']);
    // The old top's list no longer has them; the new top's has, and so does the menu's new address.
    expect(await classList({ pcategoryid: 1 })).not.toEqual(expect.arrayContaining([apparatusClasses[0]]));
    expect(await classList({ pcategoryid: 2 })).toEqual(expect.arrayContaining(apparatusClasses));
    expect(await classList({ categoryid: 121, pcategoryid: 2 })).toEqual(expect.arrayContaining(await classList({ categoryid: 121 })));
    const banners = (await server.call('POST', '/api/Banner/GetList?isonlybranch=true', { auth: false })).json.datas as { bannerid: number; linkurl: string }[];
    expect(banners.find((b) => b.bannerid === 3)?.linkurl).toBe('/classList/121/2');
    const summary = await expectAudited(r.requestId, 'moveAdminCategory', 12);
    expect(summary.before).toMatchObject({ parentid: 1 });
    expect(summary.after).toMatchObject({ parentid: 2, relinkedbanners: [3] });
  });

  it('refuses a move under itself or its own child, or one that would go past the third level; nothing changes', async () => {
    await expectRefused('PUT', '/api/Admin/Categories/2/Parent', { parentid: 2 }, 400, INTO_ITSELF);
    await expectRefused('PUT', '/api/Admin/Categories/2/Parent', { parentid: 121 }, 400, INTO_ITSELF);
    // 기구 now has a level below it: under 척추 (level 2) its children would be a fourth level.
    await expectRefused('PUT', '/api/Admin/Categories/12/Parent', { parentid: 21 }, 400, TOO_DEEP);
    await expectRefused('PUT', '/api/Admin/Categories/1/Parent', { parentid: 3 }, 400, TOO_DEEP);
    await expectRefused('PUT', '/api/Admin/Categories/12/Parent', { parentid: 9999 }, 404, '상위 카테고리를 찾을 수 없습니다.');
    await expectRefused('PUT', '/api/Admin/Categories/9999/Parent', { parentid: 0 }, 404, '요청하신 카테고리를 찾을 수 없습니다.');
  });

  it('two moves at once that together would make a loop: one of them is refused', async () => {
    const a = await asOperator('POST', '/api/Admin/Categories', { parentid: 0, name: '동시 A', engname: '' });
    const aid = (a.json.datas as { categoryid: number; name: string }[]).find((c) => c.name === '동시 A')!.categoryid;
    const b = await asOperator('POST', '/api/Admin/Categories', { parentid: 0, name: '동시 B', engname: '' });
    const bid = (b.json.datas as { categoryid: number; name: string }[]).find((c) => c.name === '동시 B')!.categoryid;
    const [ab, ba] = await Promise.all([asOperator('PUT', `/api/Admin/Categories/${aid}/Parent`, { parentid: bid }), asOperator('PUT', `/api/Admin/Categories/${bid}/Parent`, { parentid: aid })]);
    expect([ab.status, ba.status].sort()).toEqual([200, 400]);
    const parents = (await sql<{ categoryid: number; pcategoryid: number }>`select categoryid, pcategoryid from categories where categoryid in (${aid}, ${bid})`.execute(server.db)).rows;
    expect(parents.filter((p) => p.pcategoryid === 0)).toHaveLength(1);
  });

  it('deletes only an empty category: classes in any state, then sub-categories, are counted in the refusal', async () => {
    // 자격과정 (31) holds 전자책 교재 (311), which holds the e-books.
    const ebooks = (await sql<{ n: number }>`select count(*)::int as n from lectures where categoryid = 311`.execute(server.db)).rows[0]!.n;
    await expectRefused('DELETE', '/api/Admin/Categories/311', undefined, 409, `이 카테고리에 클래스 ${ebooks}개가 있어 삭제할 수 없습니다. 클래스를 다른 카테고리로 옮긴 뒤 삭제해주세요.`);
    await expectRefused('DELETE', '/api/Admin/Categories/31', undefined, 409, '하위 카테고리 1개가 있어 삭제할 수 없습니다. 하위 카테고리를 먼저 옮기거나 삭제해주세요.');

    // A draft no visitor sees still counts: the category is not empty.
    const draft = await asOperator('POST', '/api/Admin/Classes', {
      title: '초안 클래스', subtitle: '', description: '<p>소개</p>', categoryid: created, teacher: '박코어 강사', price: 10000, saleprice: 10000, perioddays: 90, level: '초급', tags: [],
    });
    expect(draft.status, JSON.stringify(draft.json)).toBe(200);
    await expectRefused('DELETE', `/api/Admin/Categories/${created}`, undefined, 409, '이 카테고리에 클래스 1개가 있어 삭제할 수 없습니다. 클래스를 다른 카테고리로 옮긴 뒤 삭제해주세요.');
    const listed = (await asOperator('GET', '/api/Admin/Categories')).json.datas as { categoryid: number; classcount: number }[];
    expect(listed.find((c) => c.categoryid === created)?.classcount).toBe(1);
    await sql`delete from lectures where contentsid = ${draft.json.datas.contentsid}`.execute(server.db);

    expect((await storeMenu()).some((c) => c.categoryid === created)).toBe(true);
    const r = await asOperator('DELETE', `/api/Admin/Categories/${created}`);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((r.json.datas as { categoryid: number }[]).some((c) => c.categoryid === created)).toBe(false);
    expect((await storeMenu()).some((c) => c.categoryid === created)).toBe(false);
    expect((await expectAudited(r.requestId, 'deleteAdminCategory', created)).before).toMatchObject({ parentid: 11, name: '소도구 매트' });
    await expectRefused('DELETE', `/api/Admin/Categories/${created}`, undefined, 404, '요청하신 카테고리를 찾을 수 없습니다.');
  });

  it("an instructor may read the tree for the class form, but not change it; a member not even read it", async () => {
    expect((await server.call('GET', '/api/Admin/Categories', { headers: instructor, auth: false })).status).toBe(200);
    const before = await tableSnapshot(server.db);
    for (const [method, path, body] of [
      ['POST', '/api/Admin/Categories', { parentid: 0, name: '강사 카테고리', engname: '' }],
      ['PUT', '/api/Admin/Categories/11', { name: '강사가 바꾼 이름', engname: '' }],
      ['PUT', '/api/Admin/Categories/12/Parent', { parentid: 1 }],
      ['PUT', '/api/Admin/Categories/Order', { parentid: 0, categoryids: [3, 2, 1] }],
      ['DELETE', '/api/Admin/Categories/22', undefined],
    ] as const) {
      const r = await server.call(method, path, { body, headers: instructor, auth: false });
      expect([r.status, r.json.respMessage], `${method} ${path}`).toEqual([403, '이 작업을 할 권한이 없습니다.']);
      const m = await server.call(method, path, { body });
      expect([m.status, m.json.respMessage], `${method} ${path} as a member`).toEqual([403, '운영진만 이용할 수 있습니다.']);
    }
    expect((await server.call('GET', '/api/Admin/Categories')).status).toBe(403);
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });
});
