import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../testing';

/**
 * MEDIA_ORIGIN (issue 27): video bytes from a CDN or object store in front of signed links. This file's modules load
 * with the variable set (vitest gives each file its own module registry), so every media link the API gives is on
 * that origin, carries the same signature, and the page may load media from it.
 */
const ORIGIN = 'https://media.example.kr';
let s: TestServer;
beforeAll(async () => {
  process.env.MEDIA_ORIGIN = `${ORIGIN}/`;
  const { testServer } = await import('../testing');
  s = await testServer();
}, 60_000);
afterAll(async () => {
  delete process.env.MEDIA_ORIGIN;
  await s?.close();
});

describe('a configured media origin', () => {
  it('prefixes a class video’s signed link, whose path and signature this server still accepts', async () => {
    const src = (await s.call('GET', '/api/Contents/GetVideoSourceUrl/12112')).json.datas;
    expect(src.sourceurl).toMatch(/^https:\/\/media\.example\.kr\/api\/Media\/DataGetMedia\?path=.*&expires=\d+&signature=/);
    // The CDN's miss goes to this server with the same path and query: the signature holds there too.
    const relative = src.sourceurl.slice(ORIGIN.length);
    expect((await fetch(s.url + relative, { headers: { Range: 'bytes=0-9' } })).status).toBe(206);
    // Change the signature's first character to one it is not (a fixed 'x' passed whenever the signature began with x).
    const tampered = relative.replace(/signature=(.)/, (_: string, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(relative);
    expect((await fetch(s.url + tampered, { headers: { Range: 'bytes=0-9' } })).status).toBe(403);
  });

  it('puts a caption track on it, signed like its video', async () => {
    const [track] = (await s.call('GET', '/api/Contents/GetVideoSourceUrl/12112')).json.datas.captions;
    expect(track.url).toMatch(/^https:\/\/media\.example\.kr\/api\/Media\/DataGetMedia\?path=[^&]+\.vtt&expires=\d+&signature=/);
    const res = await fetch(s.url + track.url.slice(ORIGIN.length));
    expect([res.status, res.headers.get('access-control-allow-origin')]).toEqual([200, '*']);
  });

  it('prefixes every fragment of an HLS playlist and a catalogue preview', async () => {
    const src = (await s.call('GET', '/api/Contents/GetVideoSourceUrl/10212')).json.datas;
    const playlist = await (await fetch(s.url + src.sourceurl.slice(ORIGIN.length))).text();
    const links = playlist.split('\n').filter((l) => l.includes('DataGetMedia'));
    expect(links.length).toBeGreaterThan(1);
    for (const l of links)
      expect(l.replace(/^#EXT-X-MAP:URI="/, '')).toMatch(
        /^https:\/\/media\.example\.kr\/api\/Media\/DataGetMedia\?path=.*signature=/,
      );
    const detail = await s.call('GET', '/api/Contents/GetOnlineDetail/101/u-demo-1');
    expect(detail.json.datas.previewurl).toMatch(/^https:\/\/media\.example\.kr\/api\/Media\/DataGetMedia\?path=[^&]+$/);
  });

  it('lets the page play and fetch media from it', async () => {
    const csp = (await fetch(`${s.url}/healthz`)).headers.get('content-security-policy')!;
    expect(csp).toContain(`media-src 'self' blob: ${ORIGIN};`);
    expect(csp).toMatch(new RegExp(`connect-src 'self'[^;]* ${ORIGIN.replace(/\./g, '\\.')}`));
  });
});
