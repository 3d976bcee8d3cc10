import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { CLIENT, testServer, type TestServer } from '../testing';

// Issue 13: watch time is never lost and never forged; class videos stream only to their owner.
let s: TestServer;
let otherToken = '';
beforeAll(async () => {
  s = await testServer();
  const r = await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false });
  otherToken = r.json.datas.accessToken;
}, 60_000);
afterAll(() => s?.close());

const other = () => ({ Authorization: `Bearer ${otherToken}` });
// Lecture 121 is u-demo-1's; 12112 is a class video of it (12111 is its free preview), 600 s long or so.
const VIDEO = { contentsid: 121, sectionid: 1211, videoid: 12112 };
const progress = (watchedtime: number, extra: object = {}) =>
  s.call('POST', '/api/ContLog/UpdateContProgress/', {
    body: { useruid: 'u-demo-1', ...VIDEO, watchedtime, duration: 9999, ...extra },
  });

describe('watch-time writes', () => {
  it('a replayed or late progress write never lowers the coverage nor undoes completion', async () => {
    // Issue 23: completion comes from coverage the server counted, so it is seeded here as watched through.
    const length = (await s.call('GET', `/api/Contents/GetVideoSourceUrl/${VIDEO.videoid}`)).json.datas.duration as number;
    await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at, watched_spans)
      values ('u-demo-1', 121, ${VIDEO.videoid}, 120, 120, false, '2024-05-01 10:00:00', '[[0,120]]')`.execute(s.db);
    expect((await progress(60)).json.datas.watchedtime).toBe(120);
    await sql`update progress set watched_spans = ${`[[0,${length}]]`}, watched_sec = ${length}, completed = true
      where useruid = 'u-demo-1' and videoid = ${VIDEO.videoid}`.execute(s.db);
    const late = await progress(30, { iscomplete: false });
    expect(late.json.datas).toMatchObject({ watchedtime: length, iscomplete: true });
  });

  it('completion is decided by the video’s own length, not by the browser saying so', async () => {
    const r = await s.call('POST', '/api/ContLog/UpdateContProgress/', {
      body: {
        useruid: 'u-demo-1',
        contentsid: 121,
        sectionid: 1212,
        videoid: 12121,
        watchedtime: 10,
        duration: 10,
        iscomplete: true,
      },
    });
    expect(r.json.datas.iscomplete).toBe(false);
  });

  it('the resume position is the last watch-time write, and a doubled write changes nothing', async () => {
    const body = { useruid: 'u-demo-1', contentsid: VIDEO.contentsid, videoid: VIDEO.videoid, watchedtime: 95 };
    for (let i = 0; i < 2; i++) expect((await s.call('POST', '/api/Video/UpdateWatchTime/', { body })).status).toBe(200);
    const last = await s.call('GET', '/api/Contents/GetLastWatchTime/u-demo-1');
    expect(last.json.datas).toMatchObject({ contentsid: 121, videoid: VIDEO.videoid, watchedtime: 95 });
  });

  it('two videos written in one second: 이어보기 resumes the one written last, whichever it is', async () => {
    // updated_at is to the second; a clean-clone CI run on PostgreSQL resumed the earlier video of such a tie.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Now, at the start of a second: a fixed date would fall before the demo's own watch rows (dated from the day
      // the demo database is written) once the calendar passed it, and they would be the last written.
      vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 100);
      const watch = (videoid: number, watchedtime: number) =>
        s.call('POST', '/api/Video/UpdateWatchTime/', { body: { useruid: 'u-demo-1', contentsid: 121, videoid, watchedtime } });
      for (const [first, second] of [[12112, 12121], [12121, 12112]] as const) {
        expect((await watch(first, 40)).status).toBe(200);
        expect((await watch(second, 7)).status).toBe(200);
        const last = await s.call('GET', '/api/Contents/GetLastWatchTime/u-demo-1');
        expect(last.json.datas).toMatchObject({ videoid: second, watchedtime: 7 });
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("another member's watch-time or progress write is 403 and changes nothing", async () => {
    const before = (await s.call('GET', '/api/Contents/GetLastWatchTime/u-demo-1')).json.datas;
    const watch = await s.call('POST', '/api/Video/UpdateWatchTime/', {
      body: { useruid: 'u-demo-1', contentsid: 121, videoid: VIDEO.videoid, watchedtime: 3 },
      headers: other(),
      auth: false,
    });
    expect(watch.status).toBe(403);
    const prog = await s.call('POST', '/api/ContLog/UpdateContProgress/', {
      body: { useruid: 'u-demo-1', ...VIDEO, watchedtime: 3, duration: 600 },
      headers: other(),
      auth: false,
    });
    expect(prog.status).toBe(403);
    expect((await s.call('GET', '/api/Contents/GetLastWatchTime/u-demo-1')).json.datas).toEqual(before);
  });

  it('a member cannot write watch time for a class they do not own', async () => {
    const r = await s.call('POST', '/api/Video/UpdateWatchTime/', {
      body: { useruid: 'u-demo-2', contentsid: 121, videoid: VIDEO.videoid, watchedtime: 30 },
      headers: other(),
      auth: false,
    });
    expect(r.status).toBe(403);
    expect(r.json.respMessage).toBe('수강 중인 강의의 영상만 재생할 수 있습니다.');
  });
});

describe('video sources', () => {
  it("a non-owner gets no source of a class video (403), and the media without the owner's signature is 403", async () => {
    const r = await s.call('GET', `/api/Contents/GetVideoSourceUrl/${VIDEO.videoid}`, { headers: other(), auth: false });
    expect(r.status).toBe(403);
    const bare = await fetch(`${s.url}/api/Media/DataGetMedia?path=${encodeURIComponent('media/lectures/121/12112.mp4')}`, {
      headers: CLIENT,
    });
    expect(bare.status).toBe(403);
  });

  it('the owner streams a video as long as its catalogue length, with Range', async () => {
    const src = (await s.call('GET', `/api/Contents/GetVideoSourceUrl/${VIDEO.videoid}`)).json.datas;
    const head = await fetch(s.url + src.sourceurl, { headers: { Range: 'bytes=0-99' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-type')).toBe('video/mp4');
    // Each 4-second repetition of the sample clip is ~48 KB: a several-minute lesson is megabytes, not 51 KB.
    expect(Number(head.headers.get('content-range')?.split('/')[1])).toBeGreaterThan(1_000_000);
  });

  it('the HLS lecture: a signed playlist whose fragments carry their own signatures; a changed fragment link is 403', async () => {
    const src = (await s.call('GET', '/api/Contents/GetVideoSourceUrl/10212')).json.datas;
    expect(src.path).toMatch(/\.m3u8$/);
    // Issue 26: a master playlist of two real renditions (the sample clip and its 160×90 encoding) for the quality menu.
    const master = await (await fetch(s.url + src.sourceurl)).text();
    expect(master.match(/RESOLUTION=\d+x\d+/g)).toEqual(['RESOLUTION=320x180', 'RESOLUTION=160x90']);
    const bandwidths = [...master.matchAll(/BANDWIDTH=(\d+)/g)].map((m) => Number(m[1]));
    expect(bandwidths[1]).toBeLessThan(bandwidths[0]!);
    const variants = master.split('\n').filter((l) => l.startsWith('/api/Media/DataGetMedia'));
    expect(variants).toHaveLength(2);
    const playlist = await (await fetch(s.url + variants[1])).text();
    expect(playlist).toContain('#EXT-X-MAP:URI="');
    // Exactly the catalogue's length (a cut last fragment), so the player's length and the curriculum's agree.
    const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(seconds).toBeCloseTo(src.duration, 3);
    const links = playlist.split('\n').filter((l) => l.startsWith('/api/Media/DataGetMedia'));
    expect(links.length).toBeGreaterThan(50);
    const first = await fetch(s.url + links[0]);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('video/iso.segment');
    const forged = links[0]!.replace('%2F0.m4s', '%2F1.m4s');
    expect((await fetch(s.url + forged)).status).toBe(403);
  });

  it('FirstPlay twice keeps the first date (a doubled request is harmless)', async () => {
    const a = await s.call('POST', '/api/Payment/FirstPlay/u-demo-1/121');
    const b = await s.call('POST', '/api/Payment/FirstPlay/u-demo-1/121');
    expect(a.status).toBe(200);
    expect(b.json.datas.firstplaydate).toBe(a.json.datas.firstplaydate);
  });
});
