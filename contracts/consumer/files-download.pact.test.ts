import { describe, expect, it } from 'vitest';
import { MatchersV3, storefrontApiPact, CATALOGUE } from './pact';

/**
 * The `files` download stream. The app never calls it through the typed client: notice attachments and signed
 * handout links are plain `<a download>` links, so the browser sends no headers — this is that request.
 */
const { regex } = MatchersV3;
const pact = storefrontApiPact();
const ORIGINAL = '워크숍 안내.pdf';

describe('file download stream (storefront-web → storefront-api)', () => {
  it('downloadstream: a notice attachment downloads for anyone, under its Korean name', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a plain-link download of the workshop notice attachment')
      .withRequest('GET', '/api/file/downloadstream', (b) =>
        b.query({ filename: 'notice-workshop.pdf', originalFilename: ORIGINAL }),
      )
      .willRespondWith(200, (b) =>
        b.headers({
          'Content-Disposition': regex(
            /^attachment; (filename="[^"]*"; )?filename\*=UTF-8''.+$/,
            `attachment; filename*=UTF-8''${encodeURIComponent(ORIGINAL)}`,
          ),
        }),
      )
      .executeTest(async (server) => {
        const url = `${server.url}/api/file/downloadstream?filename=notice-workshop.pdf&originalFilename=${encodeURIComponent(ORIGINAL)}`;
        const res = await fetch(url);
        expect(res.status).toBe(200);
        expect(decodeURIComponent(res.headers.get('content-disposition')!.split("''")[1]!)).toBe(ORIGINAL);
      }));

  it('downloadstream: a class handout without a signature or a token is refused', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('a plain-link download of a paid handout without a signature')
      .withRequest('GET', '/api/file/downloadstream', (b) => b.query({ filename: 'pdf-121.pdf', originalFilename: '교안.pdf' }))
      .willRespondWith(401, (b) => b.jsonBody({ success: false, respMessage: MatchersV3.string('로그인 후 이용해주세요.') }))
      .executeTest(async (server) => {
        const res = await fetch(
          `${server.url}/api/file/downloadstream?filename=pdf-121.pdf&originalFilename=${encodeURIComponent('교안.pdf')}`,
        );
        expect(res.status).toBe(401);
        expect((await res.json()).success).toBe(false);
      }));
});
