import { describe, expect, it } from 'vitest';
import { MatchersV3, storefrontApiPact, CATALOGUE } from './pact';

/**
 * The `player` media stream. `<video src>` requests it directly (no headers but Range), so these interactions are
 * what the browser sends: a free preview plays by its path; a class video needs the signed link of GetVideoSourceUrl.
 */
const { regex } = MatchersV3;
const pact = storefrontApiPact();
const PREVIEW = 'media/lectures/101/10111.mp4';
const CLASS_VIDEO = 'media/lectures/101/10112.mp4';

describe('media stream (storefront-web → storefront-api)', () => {
  it('DataGetMedia: a preview video answers a byte range', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a ranged request for the preview video of lecture 101')
      .withRequest('GET', '/api/Media/DataGetMedia', (b) => b.query({ path: PREVIEW }).headers({ Range: 'bytes=0-1' }))
      .willRespondWith(206, (b) =>
        b.headers({ 'Accept-Ranges': 'bytes', 'Content-Range': regex(/^bytes 0-1\/\d+$/, 'bytes 0-1/1048576') }),
      )
      .executeTest(async (server) => {
        const res = await fetch(`${server.url}/api/Media/DataGetMedia?path=${encodeURIComponent(PREVIEW)}`, {
          headers: { Range: 'bytes=0-1' },
        });
        expect(res.status).toBe(206);
        expect(res.headers.get('content-range')).toMatch(/^bytes 0-1\//);
      }));

  it('DataGetMedia: a class video without its signed link is 403', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a request for a class video of lecture 101 without a signature')
      .withRequest('GET', '/api/Media/DataGetMedia', (b) => b.query({ path: CLASS_VIDEO }))
      .willRespondWith(403, (b) =>
        b.jsonBody({ success: false, respMessage: MatchersV3.string('수강 중인 강의의 영상만 볼 수 있습니다.') }),
      )
      .executeTest(async (server) => {
        const res = await fetch(`${server.url}/api/Media/DataGetMedia?path=${encodeURIComponent(CLASS_VIDEO)}`);
        expect(res.status).toBe(403);
        expect((await res.json()).success).toBe(false);
      }));
});
