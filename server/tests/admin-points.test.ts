import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, tableChanges, tableSnapshot, testServer, type TestServer } from '../testing';

/**
 * Points from the console (issue 39): owner and operators add or take a member's points with a reason, as one ledger
 * entry; the balance follows in the same transaction and never goes below 0; a doubled request moves them once.
 */
let server: TestServer;
const as: Record<'owner' | 'operator' | 'instructor', Record<string, string>> = { owner: {}, operator: {}, instructor: {} };
const member = () => ({ Authorization: `Bearer ${server.token}` });
beforeAll(async () => {
  server = await testServer();
  for (const [who, email] of [
    ['owner', 'owner@demo.kr'],
    ['operator', 'staff@demo.kr'],
    ['instructor', 'teacher@demo.kr'],
  ] as const)
    as[who] = { Authorization: `Bearer ${await signInAs(server, email)}` };
}, 30_000);
afterAll(() => server?.close());

const adjust = (headers: Record<string, string>, body: Record<string, unknown>, key?: string) =>
  server.call('POST', '/api/Admin/Points', {
    body: { email: 'member@demo.kr', reason: '후기 이벤트 당첨', ...body },
    headers: { ...headers, ...(key ? { 'Idempotency-Key': key } : {}) },
    auth: false,
  });
const usable = async () => (await server.call('GET', '/api/Point/GetPointSum/u-demo-1')).json.datas.pointSum as number;
/** The stored balance against the ledger's sum: never apart. */
async function balanceAndLedger() {
  const r = await sql<{
    balance: number;
    ledger: number;
  }>`select (select balance from point_balances where useruid = 'u-demo-1') as balance,
    (select coalesce(sum(amount), 0)::int from points where useruid = 'u-demo-1') as ledger`.execute(server.db);
  return r.rows[0]!;
}

describe('adding and taking a member’s points', () => {
  it('an operator adds 3,000P with a reason: one entry, the balance with it, the member sees it in their history, audited', async () => {
    const was = await usable();
    const r = await adjust(as.operator, { amount: 3000 }, 'add-1');
    expect(r.status).toBe(200);
    expect(r.json.respMessage).toBe('3,000P를 적립했습니다.');
    expect(r.json.datas).toMatchObject({
      balance: (await balanceAndLedger()).balance,
      entry: {
        amount: 3000,
        reason: '후기 이벤트 당첨',
        staffname: '정운영',
        member: { useruid: 'u-demo-1', name: '김*라', email: 'me****@demo.kr' },
      },
    });
    expect(await usable()).toBe(was + 3000);
    const { balance, ledger } = await balanceAndLedger();
    expect(balance).toBe(ledger);
    const history = await server.call('POST', '/api/Point/GetList/', { body: { page: 1, pageSize: 5, useruid: 'u-demo-1' } });
    expect(history.json.datas.list[0]).toMatchObject({
      pointid: r.json.datas.entry.pointid,
      amount: 3000,
      reason: '후기 이벤트 당첨',
      balance,
    });
    const trail = await server.call('POST', '/api/Admin/Audit/List', {
      body: { limit: 5, operation: 'adjustAdminPoints' },
      headers: as.owner,
      auth: false,
    });
    expect(trail.json.datas.list[0]).toMatchObject({
      actor: 'u-demo-5',
      objecttype: 'member',
      objectid: 'u-demo-1',
      summary: { before: { balance: balance - 3000 }, after: { balance, amount: 3000, reason: '후기 이벤트 당첨' } },
    });
  });

  it('the same request sent twice (one after the other, and two at once) adds once and is audited once', async () => {
    const before = await balanceAndLedger();
    const first = await adjust(as.owner, { amount: 500, reason: '중복 확인' }, 'twice-1');
    const again = await adjust(as.owner, { amount: 500, reason: '중복 확인' }, 'twice-1');
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.json.datas.entry.pointid).toBe(first.json.datas.entry.pointid);
    const both = await Promise.all([1, 2].map(() => adjust(as.owner, { amount: 700, reason: '동시 요청' }, 'twice-2')));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[0]!.json.datas.entry.pointid).toBe(both[1]!.json.datas.entry.pointid);
    const after = await balanceAndLedger();
    expect(after.balance - before.balance).toBe(1200);
    expect(after.balance).toBe(after.ledger);
    const trail = await server.call('POST', '/api/Admin/Audit/List', {
      body: { limit: 20, operation: 'adjustAdminPoints', actor: 'u-demo-4' },
      headers: as.owner,
      auth: false,
    });
    expect(trail.json.datas.list).toHaveLength(2);
    // The key naming another adjustment is refused, not taken for the first.
    const other = await adjust(as.owner, { amount: 900, reason: '중복 확인' }, 'twice-1');
    expect([other.status, other.json.respMessage]).toEqual([
      409,
      '같은 요청 키로 다른 포인트 변경이 이미 저장되었습니다. 화면을 새로 고친 뒤 다시 해주세요.',
    ]);
  });

  it('takes points; taking more than the member can spend is 409 in Korean and changes nothing', async () => {
    const have = await usable();
    const taken = await adjust(as.operator, { amount: -100, reason: '이벤트 중복 지급 회수' });
    expect(taken.status).toBe(200);
    expect(taken.json.respMessage).toBe('100P를 차감했습니다.');
    expect(await usable()).toBe(have - 100);
    const before = await tableSnapshot(server.db);
    const tooMuch = await adjust(as.operator, { amount: -(have - 100 + 1), reason: '전액 회수' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.respMessage).toBe(
      `차감할 포인트가 회원의 사용 가능 포인트(${(have - 100).toLocaleString('ko-KR')}P)보다 많습니다.`,
    );
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
    const all = await adjust(as.operator, { amount: -(have - 100), reason: '전액 회수' });
    expect(all.status).toBe(200);
    expect(await usable()).toBe(0);
    const { balance, ledger } = await balanceAndLedger();
    expect(balance).toBe(ledger);
  });

  it('refuses tampered amounts, a blank reason and an unknown member (400 / 404), nothing changed', async () => {
    const before = await tableSnapshot(server.db);
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ amount: 0 }, 400, '0이 아닌 포인트를 적어주세요.'],
      [{ amount: 1.5 }, 400, null],
      [{ amount: '1000' }, 400, null],
      [{ amount: 10_000_001 }, 400, null],
      [{ amount: -10_000_001 }, 400, null],
      [{ amount: 1e300 }, 400, null],
      [{ amount: 100, reason: '   ' }, 400, '사유를 적어주세요.'],
      [{ amount: 100, email: 'nobody@demo.kr' }, 404, '해당 이메일로 가입한 회원이 없습니다.'],
    ];
    for (const [body, status, message] of cases) {
      const r = await adjust(as.operator, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      if (message) expect(r.json.respMessage).toBe(message);
      else expect(r.json.respMessage).toMatch(/[가-힣]/);
    }
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('a member and an instructor are refused both calls (403), nothing changed', async () => {
    const before = await tableSnapshot(server.db);
    for (const headers of [member(), as.instructor]) {
      expect((await adjust(headers, { amount: 1000 })).status).toBe(403);
      expect(
        (await server.call('POST', '/api/Admin/Points/List', { body: { page: 1, pageSize: 10 }, headers, auth: false })).status,
      ).toBe(403);
    }
    expect(tableChanges(before, await tableSnapshot(server.db))).toEqual({});
  });

  it('the ledger lists newest first; console entries only, by a member’s name or email, masked', async () => {
    const r = await server.call('POST', '/api/Admin/Points/List', {
      body: { page: 1, pageSize: 50, q: 'member@demo', console: true },
      headers: as.operator,
      auth: false,
    });
    expect(r.status).toBe(200);
    const list = r.json.datas.list as { pointid: number; staffname: string | null; member: { email: string } }[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.every((e) => e.staffname && e.member.email === 'me****@demo.kr')).toBe(true);
    expect(list.map((e) => e.pointid)).toEqual([...list.map((e) => e.pointid)].sort((a, b) => b - a));
    const store = await server.call('POST', '/api/Admin/Points/List', {
      body: { page: 1, pageSize: 50, q: '김필라' },
      headers: as.owner,
      auth: false,
    });
    expect(store.json.datas.list.some((e: { staffname: string | null }) => e.staffname === null)).toBe(true);
  });
});
