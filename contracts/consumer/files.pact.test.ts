import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, MEMBER, DEMO_MEMBER, DEMO_TOKEN } from './pact';
import { uploadedFile } from './fixtures';
import { uploadFiles } from '../../src/api/queries/files';
import { setAccessTokenSource } from '../../src/api/client';

/** Files of issue #6: the multipart upload of a suggestion attachment. */
const { eachLike, regex } = MatchersV3;
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
