import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, DEMO_TEACHER, DEMO_TOKEN } from './pact';
import { adminClass, adminLecture, adminSection } from './fixtures';
import { deleteAdminClassThumbnail, uploadAdminClassThumbnail } from '../../src/api/queries/admin-catalog-thumbnail';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * A class's thumbnail in the console (tag `admin-catalog`, issue 38): a picture uploaded and resized by the server, a
 * file that is not a picture refused 415, the artwork put back, an instructor on another teacher's class refused. The
 * verifier acts as DEMO_MEMBER (u-demo-1) in the role each state gives, on the draft class 9001 the states set up.
 */
const { atLeastLike, like, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const pact = storefrontApiPact();

const CLASS = 9001;
const PICTURE = fileURLToPath(new URL('./files/thumbnail.jpg', import.meta.url));
const NOT_A_PICTURE = fileURLToPath(new URL('./files/attachment.txt', import.meta.url));
const BOUNDARY = 'pact-thumbnail-boundary';
type State = [name: string, params: { [key: string]: string | number | number[] }];
const draftClass = (teacher = DEMO_TEACHER): State => [
  'a draft class with a section of two lectures',
  { contentsid: CLASS, sectionid: 90011, videoids: [900111, 900112], teacher },
];
const UPLOADED = /^\/media\/thumbs\/9001-[0-9a-f]{12}-960\.webp$/;

/** The class as the console edits it: `thumbnail` as given, the rest by type. */
function classBody(thumbnail: unknown) {
  const { sections: _sections, ...fields } = adminClass;
  return {
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, k === 'tags' ? atLeastLike('코어', 0, 1) : like(v)])),
    sections: atLeastLike({ ...adminSection, lectures: atLeastLike(adminLecture, 0, 1) }, 0, 1),
    contentsid: CLASS,
    thumbnail,
  };
}
const refused = (status: number, message: string) => ({ name: 'ApiError', status, message });

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console thumbnail calls (storefront-web → storefront-api)', () => {
  it('UploadAdminClassThumbnail: a JPEG becomes the class\'s thumbnail, resized by the server', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass())
      .uponReceiving('a JPEG thumbnail (480 × 300) for draft class 9001 by member u-demo-1, the instructor of the class')
      .withRequest('POST', `/api/Admin/Classes/${CLASS}/Thumbnail`, (b) => b.headers(headers).multipartBody('image/jpeg', PICTURE, 'file', BOUNDARY))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(classBody(regex(UPLOADED, '/media/thumbs/9001-0123456789ab-960.webp')))))
      .executeTest(async (server) => {
        const file = new File([readFileSync(PICTURE)], 'thumbnail.jpg', { type: 'image/jpeg' });
        const c = await uploadAdminClassThumbnail(CLASS, file, clientFor(server.url));
        expect(c.thumbnail).toMatch(UPLOADED);
      }));

  it('UploadAdminClassThumbnail: a file that is not a picture is 415', () => {
    const message = '썸네일은 JPEG, PNG, WebP 이미지만 올릴 수 있습니다.';
    return pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a text file sent as the thumbnail of draft class 9001 by member u-demo-1, an operator')
      .withRequest('POST', `/api/Admin/Classes/${CLASS}/Thumbnail`, (b) => b.headers(headers).multipartBody('text/plain', NOT_A_PICTURE, 'file', BOUNDARY))
      .willRespondWith(415, (b) => b.jsonBody({ success: false, respMessage: string(message) }))
      .executeTest(async (server) => {
        const file = new File([readFileSync(NOT_A_PICTURE)], 'attachment.txt', { type: 'text/plain' });
        await expect(uploadAdminClassThumbnail(CLASS, file, clientFor(server.url))).rejects.toMatchObject(refused(415, message));
      });
  });

  it('DeleteAdminClassThumbnail: the generated artwork is the class\'s thumbnail again', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given('the draft class has an uploaded thumbnail', { contentsid: CLASS, version: '0123456789ab' })
      .uponReceiving('a removal of the uploaded thumbnail of draft class 9001 by member u-demo-1, an operator')
      .withRequest('DELETE', `/api/Admin/Classes/${CLASS}/Thumbnail`, (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(classBody(`/media/thumbs/${CLASS}.svg`))))
      .executeTest(async (server) => {
        const c = await deleteAdminClassThumbnail(CLASS, clientFor(server.url));
        expect(c.thumbnail).toBe(`/media/thumbs/${CLASS}.svg`);
      }));

  it('DeleteAdminClassThumbnail: an instructor on a class another teacher teaches is 403', () => {
    const message = '담당하는 클래스만 관리할 수 있습니다.';
    return pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass('최밸런스 강사'))
      .given('the draft class has an uploaded thumbnail', { contentsid: CLASS, version: '0123456789ab' })
      .uponReceiving('a removal of the thumbnail of class 9001 of another teacher by member u-demo-1, an instructor')
      .withRequest('DELETE', `/api/Admin/Classes/${CLASS}/Thumbnail`, (b) => b.headers(headers))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(message) }))
      .executeTest(async (server) => {
        await expect(deleteAdminClassThumbnail(CLASS, clientFor(server.url))).rejects.toMatchObject(refused(403, message));
      });
  });
});
