import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';

// Issue 26: a video's caption tracks come with its source and open under the video's own rule.
let s: TestServer;
let otherToken = '';
beforeAll(async () => {
  s = await testServer();
  const r = await s.call('POST', '/local/auth/sign-in', { body: { email: 'new@demo.kr', remember: false }, auth: false });
  otherToken = r.json.datas.accessToken;
}, 60_000);
afterAll(() => s?.close());

// 12112 is a class video of u-demo-1's lecture 121, 12111 its free preview; 10311 the preview of lecture 103 (no captions).
const source = async (videoid: number, headers?: Record<string, string>) =>
  s.call('GET', `/api/Contents/GetVideoSourceUrl/${videoid}`, headers ? { headers, auth: false } : undefined);
const cueEnds = (vtt: string) => [...vtt.matchAll(/--> (\d\d):(\d\d):(\d\d)\.000/g)].map((m) => +m[1]! * 3600 + +m[2]! * 60 + +m[3]!);

describe('caption tracks', () => {
  it('the owner gets a signed Korean track whose cues run to the lesson’s last second', async () => {
    const src = (await source(12112)).json.datas;
    expect(src.captions).toEqual([{ srclang: 'ko', label: '한국어', url: expect.stringMatching(/\.vtt&expires=\d+&signature=/) }]);
    const res = await fetch(s.url + src.captions[0].url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/vtt/);
    const vtt = await res.text();
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(vtt).toContain('호흡');
    expect(Math.max(...cueEnds(vtt))).toBe(src.duration);
  });

  it('a class video’s track without its signature, or with a changed one, is refused like the video', async () => {
    const { url } = (await source(12112)).json.datas.captions[0];
    const bare = url.replace(/&expires=.*$/, '');
    expect((await fetch(s.url + bare)).status).toBe(403);
    const tampered = url.replace(/signature=(.)/, (_: string, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect((await fetch(s.url + tampered)).status).toBe(403);
    // Another lecture's signature does not open this track either.
    const foreign = (await source(12121)).json.datas.captions[0].url.replace(/^.*(&expires=)/, '$1');
    expect((await fetch(s.url + bare + foreign)).status).toBe(403);
  });

  it('another member asking for a class video’s source gets 403 and no track', async () => {
    const r = await source(12112, { Authorization: `Bearer ${otherToken}` });
    expect(r.status).toBe(403);
    expect(JSON.stringify(r.json)).not.toContain('.vtt');
  });

  it('a preview’s track is open to anyone, as the preview is', async () => {
    const src = (await source(12111, { Authorization: `Bearer ${otherToken}` })).json.datas;
    expect(src.captions[0].url).toMatch(/\.vtt$/);
    expect((await fetch(s.url + src.captions[0].url)).status).toBe(200);
  });

  it('a video without captions says so with an empty list, and an unknown track is 404', async () => {
    expect((await source(10311)).json.datas.captions).toEqual([]);
    expect((await fetch(`${s.url}/api/Media/DataGetMedia?path=media/captions/10311.ko.vtt`)).status).toBe(404);
  });
});
