import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';
import { HOLD_SCRIPT } from '../http/heldScripts';

/**
 * Issue 26: the player's first paint carries the member's video (server/http/playerFirstPaint.ts). Through the real
 * server, with the member's access-token cookie as the browser sends it on a navigation. Lecture 121 is the demo
 * member's: 12112 a class video (signed), 12111 its free preview; 10412 is a class video of lecture 104, not theirs.
 */
const INDEX =
  '<!doctype html><html><head><title>t</title><!--app-head-->' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/framework-abc.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
  '<body><div id="app"><div class="boot-header"></div><!--app-hero--></div></body></html>';

let s: TestServer;
let member = '';
let stranger = '';
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'export {};');
  writeFileSync(join(dist, 'assets', 'index-abc.css'), '.player{background:#111}.player-stage{aspect-ratio:16/9}.other{color:red}');
  s = await testServer({ serveApp: true, distDir: dist });
  const signIn = async (email: string) =>
    (await s.call('POST', '/local/auth/sign-in', { body: { email, remember: false }, auth: false })).json.datas.accessToken as string;
  member = await signIn('member@demo.kr');
  stranger = await signIn('new@demo.kr');
}, 60_000);
afterAll(() => s?.close());

const open = (path: string, token?: string, headers: Record<string, string> = {}, useruid = 'u-demo-1') =>
  fetch(s.url + path, { headers: { ...(token ? { cookie: `pilates_accessToken=${token}; pilates_useruid=${useruid}` } : {}), ...headers } });

const writtenVideo = (html: string) => /<video id="first-paint-video" src="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
const dataBlock = (html: string) =>
  JSON.parse(/<script type="application\/json" id="first-paint-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '[]') as {
    operation: string;
    request: unknown;
    datas: { sourceurl: string } & Record<string, unknown>;
  }[];
/** The member's own calls, as the app makes them. */
const asMember = (path: string, method = 'GET') => s.call(method, path).then((r) => r.json.datas);

describe("the player's first paint", () => {
  it("writes the owner's signed video into the page and the data block, holds the app's scripts, and is never cached", async () => {
    // Played once before: the page's issuing of the source records the first play, which the class detail read beside
    // it would otherwise show or not by the order the two reads take (the seed's 121 is not yet played).
    await asMember('/api/Contents/GetVideoSourceUrl/12112');
    const res = await open('/player/121?videoid=12112&t=95', member);
    const html = await res.text();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const [entry, ...curriculum] = dataBlock(html);
    expect(entry).toMatchObject({ operation: 'getVideoSourceUrl', request: { id: 12112 } });
    // The class, its sections and the member's videos, as their own calls answer them, keyed as the app asks.
    expect(curriculum).toEqual([
      { operation: 'getOnlineDetail', request: { contentsid: 121, useruid: 'u-demo-1' }, datas: await asMember('/api/Contents/GetOnlineDetail/121/u-demo-1') },
      { operation: 'getCurriculumSections', request: { contentsid: 121 }, datas: await asMember('/api/Contents/GetCurriculumSection/121', 'POST') },
      { operation: 'getLectureVideos', request: { contentsid: 121, useruid: 'u-demo-1' }, datas: await asMember('/api/Contents/GetVideo/121/u-demo-1') },
    ]);
    expect(entry!.datas.sourceurl).toMatch(/signature=/);
    // The same link in the video, started at the address's second.
    expect(writtenVideo(html)).toBe(`${entry!.datas.sourceurl}#t=95`);
    // The link plays: the media answers it.
    expect((await fetch(s.url + entry!.datas.sourceurl, { headers: { range: 'bytes=0-15' } })).status).toBe(206);
    // The app's scripts are not in the page as tags (they would share the line with the video) but listed for the hold.
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(JSON.parse(/<script type="application\/json" id="held-scripts">(.*?)<\/script>/.exec(html)![1]!)).toEqual([
      ['script', '/assets/index-abc.js'],
      ['modulepreload', '/assets/framework-abc.js'],
    ]);
    // The hold is the one inline script, allowed by its hash.
    const hash = createHash('sha256').update(HOLD_SCRIPT).digest('base64');
    expect(html).toContain(`<script>${HOLD_SCRIPT}</script>`);
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    // The picture's rules come inline; the site's boot header is not the player's.
    expect(html).toMatch(/<style>[^<]*\.player\{background:#111\}/);
    expect(html).not.toContain('.other{');
    expect(html).not.toContain('boot-header');
  });

  it('a free preview is written too; the page then starts at its second 0', async () => {
    const html = await (await open('/player/121?videoid=12111&t=0', member)).text();
    expect(writtenVideo(html)).toBe(dataBlock(html)[0]!.datas.sourceurl);
  });

  it("writes nothing the member may not have: another member's class, no cookie, a forged token, a prefetch", async () => {
    const plain = async (path: string, token?: string, headers?: Record<string, string>) => {
      const res = await open(path, token, headers);
      const html = await res.text();
      expect(writtenVideo(html), path).toBeUndefined();
      expect(dataBlock(html), path).toEqual([]);
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    };
    // A class video of a lecture the member does not own: GetVideoSourceUrl refuses it, so the page is the plain one.
    expect((await s.call('GET', '/api/Contents/GetVideoSourceUrl/10412')).status).toBe(403);
    await plain('/player/104?videoid=10412&t=0', member);
    await plain('/player/121?videoid=12112&t=0', stranger);
    await plain('/player/121?videoid=12112&t=0');
    await plain('/player/121?videoid=12112&t=0', `${member.slice(0, -4)}AAAA`);
    await plain('/player/121?videoid=12112&t=0', member, { 'sec-purpose': 'prefetch' });
    // A video of another class (the member's own, so its source is given): the player would not open it here.
    await plain('/player/121?videoid=10112&t=0', member);
    await plain('/player/121?videoid=abc&t=0', member);
    await plain('/player/121?videoid=12112&t=abc', member);
  });

  it("a reload's address (the video, no second) opens where the member was in it; a link to the class, their last video", async () => {
    const at = { useruid: 'u-demo-1', contentsid: 121, videoid: 12112, watchedtime: 137 };
    expect((await s.call('POST', '/api/Video/UpdateWatchTime/', { body: at })).status).toBe(200);
    const html = await (await open('/player/121?videoid=12112', member)).text();
    expect(writtenVideo(html)).toBe(`${dataBlock(html)[0]!.datas.sourceurl}#t=137`);
    // A link to the class names no video: the member's last watched one (that write) opens, at its second, and the
    // record the player decided it from comes with it.
    const plainLink = await (await open('/player/121', member)).text();
    const written = dataBlock(plainLink);
    expect(written[0]).toMatchObject({ operation: 'getVideoSourceUrl', request: { id: 12112 } });
    expect(writtenVideo(plainLink)).toBe(`${written[0]!.datas.sourceurl}#t=137`);
    expect(written.at(-1)).toMatchObject({ operation: 'getLastWatchTime', request: { useruid: 'u-demo-1' }, datas: { videoid: 12112, watchedtime: 137 } });
  });

  it("a useruid cookie naming another member writes none of that member's records, nor the video", async () => {
    const html = await (await open('/player/121?videoid=12112&t=0', member, {}, 'u-demo-2')).text();
    // Their list is refused to the token's member, and without it the player's start is not known: the plain page.
    expect(dataBlock(html)).toEqual([]);
    expect(writtenVideo(html)).toBeUndefined();
    expect(html).not.toContain('u-demo-2');
  });

  it('a source the request names cannot break out of the page', async () => {
    const res = await open('/player/121?videoid=12112&t=1"><script>alert(1)</script>', member);
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)');
  });
});
