import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, MEMBER, DEMO_MEMBER, DEMO_TOKEN } from './pact';
import { uploadedFile } from './fixtures';
import { fetchFileUrl, uploadFiles } from '../../src/api/queries/files';
import { isApiError } from '../../src/api/errors';
import { setAccessTokenSource } from '../../src/api/client';

/** Files of issue #6: the multipart upload of a suggestion attachment. */
const { eachLike, regex, string } = MatchersV3;
const ATTACHMENT = fileURLToPath(new URL('./files/attachment.txt', import.meta.url));
const BOUNDARY = 'pact-attachment-boundary';
const pact = storefrontApiPact();

afterAll(() => setAccessTokenSource(() => undefined));

describe('file calls (storefront-web → storefront-api)', () => {
  it('uploads an attachment as multipart form data and reports progress', () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given(MEMBER, DEMO_MEMBER)
      .uponReceiving('a multipart upload of one attachment by member u-demo-1')
      .withRequest('POST', '/api/UploadFiles/', (b) =>
        b
          .headers({ ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) })
          .multipartBody('text/plain', ATTACHMENT, 'files', BOUNDARY),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(uploadedFile))))
      .executeTest(async (server) => {
        const file = new File([readFileSync(ATTACHMENT)], 'attachment.txt', { type: 'text/plain' });
        const progress: number[] = [];
        const saved = await uploadFiles([file], (f) => progress.push(f), clientFor(server.url));
        expect(saved[0]?.originalFilename).toBe('attachment.txt');
        expect(progress.at(-1)).toBe(1);
      });
  });
});

describe('inline images (storefront-web → storefront-api)', () => {
  const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };

  it("GetFileUrl: the uploader gets a URL (signed, the upload being private) to show their image", () => {
    setAccessTokenSource(() => DEMO_TOKEN);
    return pact
      .addInteraction()
      .given('member has uploaded a file', { useruid: 'u-demo-1', filename: '20240501_posture.png' })
      .uponReceiving('a URL request for the image 20240501_posture.png by its uploader u-demo-1')
      .withRequest('GET', '/api/file/url', (b) => b.query({ filename: '20240501_posture.png' }).headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ url: regex(/^\/api\/file\/downloadstream\?filename=20240501_posture\.png&.+$/, '/api/file/downloadstream?filename=20240501_posture.png&originalFilename=20240501_posture.png&expires=1714550400&signature=abc') })),
      )
      .executeTest(async (server) => {
        const { url } = await fetchFileUrl('20240501_posture.png', clientFor(server.url));
        expect(url).toContain('filename=20240501_posture.png');
      })
      .finally(() => setAccessTokenSource(() => undefined));
  });

  it('GetFileUrl: an unknown file is a 404 with the message the screen shows', () =>
    pact
      .addInteraction()
      .given('the demo catalogue is seeded')
      .uponReceiving('a URL request for a file that does not exist')
      .withRequest('GET', '/api/file/url', (b) => b.query({ filename: 'missing.png' }).headers(commonHeaders))
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string('요청하신 파일을 찾을 수 없습니다.') }))
      .executeTest(async (server) => {
        const error = await fetchFileUrl('missing.png', clientFor(server.url)).catch((e: unknown) => e);
        expect(isApiError(error) && error.status).toBe(404);
      }));
});
