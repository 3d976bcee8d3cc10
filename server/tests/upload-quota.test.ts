import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT, signInAs, testServer, type TestServer } from '../testing';
import { UPLOAD_QUOTA } from '../domain/uploadQuota';

/**
 * Issue 41, hole 3: one member uploaded 300 files (19 MB) in ten seconds, none attached to anything. A member now has a
 * count and a byte budget per Korean day (UPLOAD_QUOTA); past them UploadFiles is a 429 with a Korean message, and
 * nothing of the refused request is stored. Staff uploads in the console count against a larger allowance of their own.
 * Date is faked: the day boundary is crossed without waiting.
 */
let s: TestServer;
beforeAll(async () => {
  s = await testServer();
}, 60_000);
afterAll(() => s?.close());
afterEach(() => vi.useRealTimers());

/** A token issued at the faked time (a token of the real time would have expired by a faked tomorrow). */
const tokenOf = (email: string) => signInAs(s, email);

async function upload(count: number, token: string, size = 16) {
  const form = new FormData();
  for (let i = 0; i < count; i++) form.append('files', new Blob([new Uint8Array(size).fill(65 + i)], { type: 'text/plain' }), `메모${i}.txt`);
  const res = await fetch(`${s.url}/api/UploadFiles/`, { method: 'POST', headers: { ...CLIENT, Authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as any };
}

const stored = async (useruid: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from uploads where uploaded_by = ${useruid}`.execute(s.db)).rows[0]!.n;

describe('a member’s uploads per day', () => {
  it('the 301st upload of a day is a 429 with a Korean message and is not stored; the next day the allowance is whole', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00+09:00'));
    const me = await tokenOf('member@demo.kr');
    const before = await stored('u-demo-1');
    const statuses = new Set<number>();
    // 300 files as the 1:1 form sends them, 5 to a request.
    for (let i = 0; i < 60; i++) statuses.add((await upload(5, me)).status);
    expect([...statuses]).toEqual([200]);
    expect(await stored('u-demo-1')).toBe(before + 300);

    const refused = await upload(1, me);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ success: false, respMessage: '하루에 올릴 수 있는 파일 수(300개)를 넘었습니다. 내일 다시 시도해주세요.' });
    // Until midnight in Korea: 14 hours.
    expect(refused.retryAfter).toBe(String(14 * 3600));
    expect(await stored('u-demo-1')).toBe(before + 300);

    // Another member is not affected.
    expect((await upload(1, await tokenOf('new@demo.kr'))).status).toBe(200);

    vi.setSystemTime(new Date('2026-11-29T00:00:01+09:00'));
    expect((await upload(1, await tokenOf('member@demo.kr'))).status).toBe(200);
  });

  it('a request that would pass the day’s byte budget is refused whole', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T09:00:00+09:00'));
    const other = await tokenOf('nophone@demo.kr');
    // The member has already stored all but 100 bytes of the day's budget.
    await sql`insert into upload_days (uploader, day, files, bytes) values ('member:u-demo-3', '2026-11-30', 20, ${UPLOAD_QUOTA.member.bytes - 100})`.execute(s.db);
    const refused = await upload(2, other, 60);
    expect(refused.status).toBe(429);
    expect(refused.json.respMessage).toBe('하루에 올릴 수 있는 용량(200MB)을 넘었습니다. 내일 다시 시도해주세요.');
    expect(await stored('u-demo-3')).toBe(0);
    // What still fits is taken.
    expect((await upload(1, other, 60)).status).toBe(200);
  });
});

describe('staff uploads in the console', () => {
  const bannerPicture = (token: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'banner.png');
    return fetch(`${s.url}/api/Admin/Banners/Images`, { method: 'POST', headers: { ...CLIENT, Authorization: `Bearer ${token}` }, body: form });
  };

  it('have their own, larger allowance: a member’s spent allowance does not stop them, their own does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T09:00:00+09:00'));
    const staff = await tokenOf('staff@demo.kr');
    expect(UPLOAD_QUOTA.staff.files).toBeGreaterThan(UPLOAD_QUOTA.member.files);
    expect(UPLOAD_QUOTA.staff.bytes).toBeGreaterThan(UPLOAD_QUOTA.member.bytes);
    await sql`insert into upload_days (uploader, day, files, bytes) values ('member:u-demo-5', '2026-12-01', ${UPLOAD_QUOTA.member.files}, 0)`.execute(s.db);
    expect((await upload(1, staff)).status).toBe(429);
    // Counted on the staff allowance: the bytes are then judged (not a picture: 415), not refused for the member's count.
    expect((await bannerPicture(staff)).status).toBe(415);

    await sql`insert into upload_days (uploader, day, files, bytes) values ('staff:u-demo-5', '2026-12-01', ${UPLOAD_QUOTA.staff.files}, 0)
      on conflict (uploader, day) do update set files = excluded.files`.execute(s.db);
    const refused = await bannerPicture(staff);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as any).respMessage).toBe('하루에 올릴 수 있는 파일 수(1000개)를 넘었습니다. 내일 다시 시도해주세요.');
  });
});
