import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { iso } from '../lib/time';
import { CLIENT, testServer, type TestServer } from '../testing';

/**
 * Usage the server sees itself (issue 23, finding 8): whether a member started a class or downloaded its
 * handout (what a refund will depend on) was recorded only when the browser said so. Now issuing a class
 * video's source records the first play, and serving a handout through the link issued to the member records
 * the first download; the link names that member, signed. FirstPlay / UpdateDownload only confirm.
 */
let s: TestServer;
let otherToken = '';
const ME = 'u-demo-1';
/** new@demo.kr, who does not own lecture 103. */
const OTHER = 'u-demo-2';
// Lecture 103 is free: u-demo-1 enrols in it below, so its marks start empty. 10311 is its preview, 10312 a class video.
const CLASS = 103;
const PREVIEW = 10311;
const VIDEO = 10312;

beforeAll(async () => {
  s = await testServer();
  const enrol = await s.call('POST', '/api/Payment/Save/', {
    body: {
      useruid: ME,
      contentsids: [CLASS],
      title: '무료 강의',
      amount: 0,
      pointused: 0,
      coupondiscount: 0,
      paidamount: 0,
      paymethod: 'free',
    },
  });
  expect(enrol.json.datas.status).toBe('paid');
  const other = await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false });
  otherToken = other.json.datas.accessToken;
}, 60_000);
afterAll(() => s?.close());
afterEach(() => vi.useRealTimers());

const other = () => ({ auth: false, headers: { Authorization: `Bearer ${otherToken}` } });

/** The marks as stored: what the refund rule (issue 25) will read. */
async function marks(useruid = ME, contentsid = CLASS) {
  const row = await s.db
    .selectFrom('enrollments')
    .select(['first_play_at', 'downloaded_at'])
    .where('useruid', '=', useruid)
    .where('contentsid', '=', contentsid)
    .executeTakeFirst();
  return { play: row?.first_play_at ?? null, download: row?.downloaded_at ?? null, enrolled: !!row };
}

async function clearMarks() {
  await s.db
    .updateTable('enrollments')
    .set({ first_play_at: null, downloaded_at: null })
    .where('useruid', '=', ME)
    .where('contentsid', '=', CLASS)
    .execute();
}

/** A plain-link fetch, as `<a download>` sends it: no token, no client header. */
const fetchLink = (path: string, headers: Record<string, string> = {}) => fetch(s.url + path, { headers });

async function handoutLink(): Promise<string> {
  const list = await s.call('GET', `/api/Contents/GetContentsPdfList/${CLASS}`);
  expect(list.status).toBe(200);
  return list.json.datas[0].path as string;
}

describe('first play, seen by the server', () => {
  it('issuing a class video’s source records the first play without FirstPlay; a preview’s does not', async () => {
    await clearMarks();
    expect((await s.call('GET', `/api/Contents/GetVideoSourceUrl/${PREVIEW}`)).status).toBe(200);
    expect((await marks()).play).toBeNull();
    const source = await s.call('GET', `/api/Contents/GetVideoSourceUrl/${VIDEO}`);
    expect(source.status).toBe(200);
    expect(source.json.datas.sourceurl).toContain('signature=');
    expect((await marks()).play).not.toBeNull();
    // The member's own class page shows it.
    const detail = await s.call('GET', `/api/Contents/GetOnlineDetail/${CLASS}/${ME}`);
    expect(detail.json.datas.firstplaydate).toBe(iso((await marks()).play!));
  });

  it('a later source, FirstPlay or UpdateDownload never moves or clears the first play', async () => {
    await clearMarks();
    await s.call('GET', `/api/Contents/GetVideoSourceUrl/${VIDEO}`);
    const first = (await marks()).play;
    expect(first).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 20 * 60_000); // later, within the token's hour
    await s.call('GET', `/api/Contents/GetVideoSourceUrl/${VIDEO}`);
    const confirmed = await s.call('POST', `/api/Payment/FirstPlay/${ME}/${CLASS}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.datas.firstplaydate).toBe(iso(first!));
    await s.call('POST', `/api/Payment/UpdateDownload/${ME}/${CLASS}`);
    expect((await marks()).play).toBe(first);
  });

  it('a doubled source request records one first play', async () => {
    await clearMarks();
    const both = await Promise.all([1, 2].map(() => s.call('GET', `/api/Contents/GetVideoSourceUrl/${VIDEO}`)));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const first = (await marks()).play;
    expect(first).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 20 * 60_000);
    await Promise.all([1, 2].map(() => s.call('GET', `/api/Contents/GetVideoSourceUrl/${VIDEO}`)));
    expect((await marks()).play).toBe(first);
  });

  it("another member asking for the class's source, or marking the member's class, is 403 and records nothing", async () => {
    await clearMarks();
    expect((await s.call('GET', `/api/Contents/GetVideoSourceUrl/${VIDEO}`, other())).status).toBe(403);
    expect((await s.call('POST', `/api/Payment/FirstPlay/${ME}/${CLASS}`, other())).status).toBe(403);
    expect((await s.call('POST', `/api/Payment/UpdateDownload/${ME}/${CLASS}`, other())).status).toBe(403);
    expect(await marks()).toEqual({ play: null, download: null, enrolled: true });
    expect((await marks(OTHER)).enrolled).toBe(false);
  });
});

describe('first download, seen by the server', () => {
  it('the handout link names the member; listing records nothing, fetching it records the first download', async () => {
    await clearMarks();
    const path = await handoutLink();
    expect(new URL(path, s.url).searchParams.get('member')).toBe(ME);
    expect((await marks()).download).toBeNull();
    const file = await fetchLink(path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    await file.arrayBuffer();
    const recorded = (await marks()).download;
    expect(recorded).not.toBeNull();
    // The browser's UpdateDownload afterwards confirms the same time, minutes later.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 20 * 60_000); // later, within the token's hour
    const confirmed = await s.call('POST', `/api/Payment/UpdateDownload/${ME}/${CLASS}`);
    expect(confirmed.json.datas.downloaddate).toBe(iso(recorded!));
    await s.call('POST', `/api/Payment/FirstPlay/${ME}/${CLASS}`);
    expect((await marks()).download).toBe(recorded);
  });

  it('a handout fetched with the member’s own token (no link) records the download too', async () => {
    await clearMarks();
    const res = await fetch(`${s.url}/api/file/downloadstream?filename=pdf-${CLASS}.pdf&originalFilename=x.pdf`, {
      headers: { ...CLIENT, Authorization: `Bearer ${s.token}` },
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect((await marks()).download).not.toBeNull();
  });

  it('a link with its member changed or removed is refused and records nothing', async () => {
    await clearMarks();
    const path = await handoutLink();
    const url = new URL(path, s.url);
    const forged = (member: string | null) => {
      const u = new URL(url);
      if (member === null) u.searchParams.delete('member');
      else u.searchParams.set('member', member);
      return u.pathname + u.search;
    };
    for (const link of [forged(OTHER), forged('u-demo-3'), forged(null)]) {
      const visitor = await fetchLink(link);
      expect(visitor.status, link).toBe(403);
      expect(((await visitor.json()) as { respMessage: string }).respMessage).toBe(
        '다운로드 링크가 만료되었거나 올바르지 않습니다. 다시 시도해주세요.',
      );
      // Nor does another member's token rescue it: that member does not own the class.
      const withToken = await fetchLink(link, { Authorization: `Bearer ${otherToken}` });
      expect(withToken.status, link).toBe(403);
      await withToken.arrayBuffer();
    }
    expect(await marks()).toEqual({ play: null, download: null, enrolled: true });
  });

  it('a link issued to the member works as its signature allows, with anyone’s token, and counts as that member’s', async () => {
    await clearMarks();
    const path = await handoutLink();
    const res = await fetchLink(path, { Authorization: `Bearer ${otherToken}` });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect((await marks()).download).not.toBeNull();
    expect((await marks(OTHER)).enrolled).toBe(false);
  });

  it('a doubled download records one first download', async () => {
    await clearMarks();
    const path = await handoutLink();
    const both = await Promise.all([1, 2].map(() => fetchLink(path)));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    await Promise.all(both.map((r) => r.arrayBuffer()));
    const first = (await marks()).download;
    expect(first).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 20 * 60_000);
    const again = await fetch(`${s.url}/api/file/downloadstream?filename=pdf-${CLASS}.pdf&originalFilename=x.pdf`, {
      headers: { ...CLIENT, Authorization: `Bearer ${s.token}` },
    });
    expect(again.status).toBe(200);
    await again.arrayBuffer();
    expect((await marks()).download).toBe(first);
  });

  it("another member cannot get a signed link for the member's handout", async () => {
    const list = await s.call('GET', `/api/Contents/GetContentsPdfList/${CLASS}`, other());
    expect(list.status).toBe(403);
    const url = await s.call('GET', `/api/file/url?filename=pdf-${CLASS}.pdf`, other());
    expect(url.status).toBe(403);
  });

  it('GetFileUrl gives the owner a handout link naming them', async () => {
    const r = await s.call('GET', `/api/file/url?filename=pdf-${CLASS}.pdf`);
    expect(r.status).toBe(200);
    expect(new URL(r.json.datas.url, s.url).searchParams.get('member')).toBe(ME);
  });
});
