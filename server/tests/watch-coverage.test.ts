import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { testServer, type TestServer } from '../testing';
import { FASTEST_RATE, SLACK_SEC } from '../../rules/watchCoverage';

// Issue 23, finding 1: watch progress was the browser's say-so. Reports are heartbeats now and the server counts
// only what real time allows. The server runs in this process: faking Date moves its clock as well, so minutes
// of honest watching take milliseconds here (never past the access token's hour).
let s: TestServer;
let otherToken = '';
interface Video {
  videoid: number;
  sectionid: number;
  contentsid: number;
  duration_sec: number;
}
const videos = new Map<number, Video>();

beforeAll(async () => {
  s = await testServer();
  otherToken = (await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false })).json.datas
    .accessToken;
  const { rows } = await sql<Video>`select videoid, sectionid, contentsid, duration_sec from videos where contentsid in (101, 121)`.execute(
    s.db,
  );
  for (const v of rows) videos.set(v.videoid, v);
}, 60_000);
afterAll(() => s?.close());
afterEach(() => vi.useRealTimers());
// Each test's clock starts again at the real now, which may be before where the previous test left the member's clock
// across videos (rules/watchCoverage.ts, MemberClock): each begins as a member who has watched nothing lately.
beforeEach(async () => {
  await sql`delete from watch_clocks where useruid = 'u-demo-1'`.execute(s.db);
});

/** A clock of our own for server and test alike: starts at the real time, moves only when told. */
/** A fake clock from the real now, or `aheadMs` past it. */
function clock(aheadMs = 0) {
  let now = Date.now() + aheadMs;
  vi.useFakeTimers({ toFake: ['Date'], now });
  return {
    now: () => now,
    wait(ms: number) {
      now += ms;
      vi.setSystemTime(now);
    },
    iso: (at = now) => new Date(at).toISOString(),
  };
}

const video = (id: number) => videos.get(id)!;
const other = () => ({ Authorization: `Bearer ${otherToken}` });

function progress(id: number, watchedtime: number, reportedat?: string, init: { headers?: Record<string, string>; auth?: boolean } = {}) {
  const v = video(id);
  return s.call('POST', '/api/ContLog/UpdateContProgress/', {
    body: {
      useruid: 'u-demo-1',
      contentsid: v.contentsid,
      sectionid: v.sectionid,
      videoid: id,
      watchedtime,
      duration: v.duration_sec,
      ...(reportedat ? { reportedat } : {}),
    },
    ...init,
  });
}

function watch(id: number, watchedtime: number, reportedat?: string, init: { headers?: Record<string, string>; auth?: boolean } = {}) {
  const v = video(id);
  return s.call('POST', '/api/Video/UpdateWatchTime/', {
    body: { useruid: 'u-demo-1', contentsid: v.contentsid, videoid: id, watchedtime, ...(reportedat ? { reportedat } : {}) },
    ...init,
  });
}

/** The member's completion of a video as the classroom reads it. */
async function completion(id: number): Promise<{ iscomplete: boolean; watchedtime: number; watchedsec: number }> {
  const list = (await s.call('POST', `/api/Online/GetCompleteList/${video(id).contentsid}/u-demo-1`)).json.datas as {
    videoid: number;
    iscomplete: boolean;
    watchedtime: number;
    watchedsec: number;
  }[];
  return list.find((v) => v.videoid === id)!;
}

/** Heartbeats of an honest player: both writes of each beat, every `beatSec` of playing at `rate`, stamped. */
async function play(c: ReturnType<typeof clock>, id: number, from: number, to: number, rate: number, beatSec: number) {
  for (let t = 0; ; t += beatSec) {
    if (t > 0) c.wait(beatSec * 1000);
    const at = Math.min(from + Math.floor(rate * t), to);
    const stamp = c.iso();
    expect((await watch(id, at, stamp)).status).toBe(200);
    const answer = (await progress(id, at, stamp)).json.datas as { watchedtime: number; iscomplete: boolean };
    if (at >= to) return answer;
  }
}

describe('coverage the server can believe', () => {
  it('one report of "633 of 633" on a video never played does not complete it', async () => {
    const v = video(12112);
    const r = await progress(12112, v.duration_sec, new Date().toISOString());
    expect(r.status).toBe(200);
    expect(r.json.datas).toMatchObject({ watchedtime: 0, iscomplete: false });
    const again = await s.call('POST', '/api/ContLog/UpdateContProgress/', {
      body: { useruid: 'u-demo-1', contentsid: 121, sectionid: v.sectionid, videoid: 12112, watchedtime: v.duration_sec, duration: v.duration_sec, iscomplete: true },
    });
    expect(again.json.datas).toMatchObject({ watchedtime: 0, iscomplete: false });
    expect((await completion(12112)).iscomplete).toBe(false);
  });

  it('a position past the end is taken as the end', async () => {
    const v = video(12121);
    const r = await watch(12121, v.duration_sec + 5_000);
    expect(r.status).toBe(200);
    expect(r.json.datas.watchedtime).toBe(v.duration_sec);
    expect((await completion(12121)).watchedtime).toBe(v.duration_sec);
    expect((await progress(12121, v.duration_sec + 5_000)).json.datas).toMatchObject({ watchedtime: 0, iscomplete: false });
  });

  it('seeking forward covers nothing; the watching before and after the seek counts', async () => {
    const c = clock();
    await progress(12122, 0, c.iso());
    c.wait(10_000);
    expect((await progress(12122, 10, c.iso())).json.datas.watchedtime).toBe(10);
    c.wait(1_000);
    expect((await progress(12122, 200, c.iso())).json.datas.watchedtime).toBe(10);
    c.wait(10_000);
    expect((await progress(12122, 210, c.iso())).json.datas.watchedtime).toBe(20);
    // The classroom's list tells the position (where 이어보기 resumes) from what counts as watched (its "n% 시청").
    await watch(12122, 210, c.iso());
    expect(await completion(12122)).toMatchObject({ watchedtime: 210, watchedsec: 20, iscomplete: false });
  });

  it('honest heartbeats every 10 s at 1× reach completion, and the answer is the server’s count', async () => {
    const c = clock();
    const v = video(10121);
    const needed = Math.ceil(v.duration_sec * 0.9);
    const before = await play(c, 10121, 0, needed - 10, 1, 10);
    expect(before).toMatchObject({ watchedtime: needed - 10, iscomplete: false });
    const done = await play(c, 10121, needed - 10, v.duration_sec, 1, 10);
    expect(done).toMatchObject({ watchedtime: v.duration_sec, iscomplete: true });
    expect((await completion(10121)).iscomplete).toBe(true);
  });

  it(`at ${FASTEST_RATE}× (the fastest speed the player offers) every beat counts; faster is a seek`, async () => {
    const c = clock();
    const v = video(10122);
    const done = await play(c, 10122, 0, v.duration_sec, FASTEST_RATE, 10);
    expect(done).toMatchObject({ watchedtime: v.duration_sec, iscomplete: true });

    const faster = video(12111);
    const r = await play(c, 12111, 0, 210, FASTEST_RATE + 1, 10);
    expect(r.watchedtime).toBe(0);
    expect(faster.duration_sec).toBeGreaterThan(210);
  });

  it('reports queued offline and sent minutes later with their own stamps lose nothing', async () => {
    // A minute past the real now: the earlier tests' clocks also started there, and the 10121 test's last write lands
    // as far on as this test's (about 400 s); GetLastWatchTime keeps the latest write, to the second, so in the same
    // second it could name either.
    const c = clock(60_000);
    await sql`delete from progress where useruid = 'u-demo-1' and videoid = 12112`.execute(s.db);
    await play(c, 12112, 0, 30, 1, 10);
    // The network goes: six beats are made and wait in the queue; it comes back five minutes later.
    const queued: { at: number; stamp: string }[] = [];
    for (let i = 1; i <= 6; i++) {
      c.wait(10_000);
      queued.push({ at: 30 + i * 10, stamp: c.iso() });
    }
    c.wait(5 * 60_000);
    for (const q of queued) {
      expect((await watch(12112, q.at, q.stamp)).status).toBe(200);
      await progress(12112, q.at, q.stamp);
    }
    c.wait(10_000);
    expect((await progress(12112, 100, c.iso())).json.datas.watchedtime).toBe(100);
    expect((await s.call('GET', '/api/Contents/GetLastWatchTime/u-demo-1')).json.datas).toMatchObject({ videoid: 12112, watchedtime: 90 });
  });

  it('reports queued from the first second count when the player had claimed its playing place for the video', async () => {
    const c = clock();
    await sql`delete from progress where useruid = 'u-demo-1' and videoid = 12122`.execute(s.db);
    // Playing starts (CheckTabId, whole seconds on the server), then the network goes before any report got out.
    const claimed = await s.call('GET', '/api/Contents/CheckTabId/?useruid=u-demo-1&contentsid=121&videoid=12122');
    expect(claimed.status).toBe(200);
    const start = c.now();
    c.wait(60_000);
    for (let i = 0; i <= 5; i++) await progress(12122, i * 10, c.iso(start + 1_000 + i * 10_000));
    expect((await progress(12122, 50, c.iso())).json.datas.watchedtime).toBe(50);
  });

  it('a doubled or replayed report adds nothing', async () => {
    const c = clock();
    await sql`delete from progress where useruid = 'u-demo-1' and videoid = 12121`.execute(s.db);
    await progress(12121, 0, c.iso());
    c.wait(10_000);
    const stamp = c.iso();
    const first = (await progress(12121, 15, stamp)).json.datas.watchedtime;
    expect(first).toBe(15);
    // The same report again (a retry, a keepalive copy, the queue's replay), and an attacker repeating it later.
    expect((await progress(12121, 15, stamp)).json.datas.watchedtime).toBe(15);
    c.wait(1_000);
    expect((await progress(12121, 15, stamp)).json.datas.watchedtime).toBe(15);
    // A burst of small steps at one instant borrows the slack once, not once per report.
    const burst = [];
    for (let i = 1; i <= 20; i++) burst.push((await progress(12121, 15 + i * 2, c.iso())).json.datas.watchedtime as number);
    expect(Math.max(...burst)).toBeLessThanOrEqual(15 + 2 * 1 + 2);
  });

  it('a made-up history does not count: a first report dated in the past, a stamp in the future', async () => {
    const c = clock();
    await sql`delete from progress where useruid = 'u-demo-1' and videoid = 12122`.execute(s.db);
    await sql`delete from play_tabs where useruid = 'u-demo-1'`.execute(s.db);
    await progress(12122, 0, c.iso(c.now() - 3_600_000));
    expect((await progress(12122, 300, c.iso())).json.datas.watchedtime).toBe(0);
    c.wait(1_000);
    expect((await progress(12122, 400, c.iso(c.now() + 600_000))).json.datas.watchedtime).toBe(0);
  });

  it("another member's ids are 403 and change nothing; a member's reports on a class they do not own are 403", async () => {
    const before = await sql`select * from progress where useruid = 'u-demo-1' and videoid = 12112`.execute(s.db);
    const stamp = new Date().toISOString();
    expect((await progress(12112, 500, stamp, { headers: other(), auth: false })).status).toBe(403);
    expect((await watch(12112, 500, stamp, { headers: other(), auth: false })).status).toBe(403);
    const mine = await s.call('POST', '/api/ContLog/UpdateContProgress/', {
      body: { useruid: 'u-demo-2', contentsid: 121, sectionid: 1211, videoid: 12112, watchedtime: 5, duration: 600, reportedat: stamp },
      headers: other(),
      auth: false,
    });
    expect(mine.status).toBe(403);
    expect((await sql`select * from progress where useruid = 'u-demo-1' and videoid = 12112`.execute(s.db)).rows).toEqual(before.rows);
    expect((await sql`select * from progress where useruid = 'u-demo-2'`.execute(s.db)).rows).toEqual([]);
  });

  it('four videos heartbeated side by side earn together what one player at the fastest speed could (issue 41, hole 2)', async () => {
    const c = clock();
    const ids = [12111, 12112, 12121, 12122];
    for (const id of ids) await sql`delete from progress where useruid = 'u-demo-1' and videoid = ${id}`.execute(s.db);
    for (const id of ids) await progress(id, 0, c.iso());
    // Every 4 s each video advances 8 s (2× the time, within its own rule), all four at once, for 16 s.
    for (let t = 1; t <= 4; t++) {
      c.wait(4_000);
      const answers = await Promise.all(ids.map((id) => progress(id, t * 8, c.iso())));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    }
    const { rows } = await sql<{ watched_sec: number }>`select watched_sec from progress
      where useruid = 'u-demo-1' and videoid in (12111, 12112, 12121, 12122)`.execute(s.db);
    const total = rows.reduce((sum, r) => sum + r.watched_sec, 0);
    // Per video each would have earned 32 s, 128 s together: one player at 2× earns 32 s in 16 s.
    expect(total).toBeGreaterThanOrEqual(16 * FASTEST_RATE);
    expect(total).toBeLessThanOrEqual(16 * FASTEST_RATE + SLACK_SEC);
  });

  it(`every lecture of a class watched one after another at ${FASTEST_RATE}× completes the class in the time that takes`, async () => {
    // The member's one clock across videos (hole 2) must not cost an honest player anything.
    const c = clock();
    const lectures = [...videos.values()].filter((v) => v.contentsid === 101);
    for (const v of lectures) await sql`delete from progress where useruid = 'u-demo-1' and videoid = ${v.videoid}`.execute(s.db);
    const start = c.now();
    for (const v of lectures) {
      await play(c, v.videoid, 0, v.duration_sec, FASTEST_RATE, 10);
      c.wait(3_000); // the next lecture's countdown
    }
    for (const v of lectures) expect((await completion(v.videoid)).iscomplete, `video ${v.videoid}`).toBe(true);
    const atFastest = lectures.reduce((sum, v) => sum + v.duration_sec, 0) / FASTEST_RATE;
    expect((c.now() - start) / 1000).toBeLessThanOrEqual(atFastest + lectures.length * 13);
    expect((await s.call('GET', '/api/Contents/GetOnlineDetail/101/u-demo-1')).json.datas.progress).toBe(100);
  });

  it('a report stamp that is not a date-time is refused with 400', async () => {
    const r = await progress(12112, 10, 'yesterday');
    expect(r.status).toBe(400);
  });
});
