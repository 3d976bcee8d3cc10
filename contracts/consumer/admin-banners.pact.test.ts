import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, CATALOGUE, CONSOLE_REFUSALS, DEMO_TOKEN } from './pact';
import {
  createAdminBanner,
  deleteAdminBanner,
  fetchAdminBanners,
  reorderAdminBanners,
  updateAdminBanner,
  uploadAdminBannerImage,
  type AdminBanner,
  type AdminBannerInput,
} from '../../src/api/queries/admin-banners';
import { setAccessTokenSource } from '../../src/api/client';
import { pngOf } from '../../server/tests/pictures';

/**
 * Calls of the yaml's `admin-banners` tag (the console, issue 38): /main's banners, for owners and operators. The
 * verifier acts as DEMO_MEMBER (u-demo-1), whose role is each interaction's state; a write's banner and picture are set
 * up by their state at fixed ids and names (banner 9201, the picture below).
 */
const { eachLike, integer, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const pact = storefrontApiPact();
const OPERATOR = asStaff('operator');

const BANNER = 9201;
const PICTURE = '/media/banners/u-0123456789abcdef01234567.png';
const PICTURE_URL = /^\/media\/banners\/u-[0-9a-f]{24}\.(png|jpg|webp)$/;
const pictureUploaded = ['a banner picture is uploaded', { imageurl: PICTURE }] as const;
const bannerExists = ['a banner exists', { bannerid: BANNER, title: '계약 확인용 배너', imageurl: PICTURE }] as const;
const UNSAFE_LINK = '링크는 https:// 로 시작하는 주소나 /로 시작하는 스토어 주소만 넣을 수 있습니다.';
const NOT_A_PICTURE = '배너 이미지는 PNG, JPEG, WebP 파일만 올릴 수 있습니다.';

const banner: AdminBanner = {
  bannerid: 1,
  title: '봄맞이 필라테스 클래스 20% 할인',
  subtitle: '4월 한 달간 모든 매트 클래스 할인',
  imageurl: '/media/banners/1.svg',
  mobileimageurl: null,
  linkurl: '/classList/11/1',
  sortorder: 1,
};
/** Every banner in the answer, each by type (the states leave every banner a link and no phone picture). */
const banners = () => eachLike(banner);
const input: AdminBannerInput = { title: '계약 확인용 배너', subtitle: '봄 특강', imageurl: PICTURE, mobileimageurl: null, linkurl: '/classList/21/2' };

/** The multipart body the console's picture upload sends (`uploadAdminBannerImage`), boundary fixed. */
const BOUNDARY = 'pact-banner-boundary';
const PNG = pngOf(1200, 400, [21, 101, 192]);
const pictureForm = (bytes: Buffer, name: string, type: string) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
/** The client's FormData picks its own boundary: the request is matched on the media type and the part. */
const multipartHeaders = { ...headers, 'Content-Type': regex(/^multipart\/form-data;\s*boundary=.+$/, `multipart/form-data; boundary=${BOUNDARY}`) };
const refused = (status: number, message: string) => ({ name: 'ApiError', status, message });

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console banner calls (storefront-web → storefront-api)', () => {
  it('ListAdminBanners: every banner, first shown first', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(CATALOGUE)
      .uponReceiving('a console banner list request by member u-demo-1, an operator')
      .withRequest('GET', '/api/Admin/Banners', (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(banners())))
      .executeTest(async (server) => {
        const list = await fetchAdminBanners(clientFor(server.url));
        expect(list[0]?.sortorder).toBe(1);
      }));

  it('ListAdminBanners: an instructor is refused', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(CATALOGUE)
      .uponReceiving('a console banner list request by member u-demo-1, an instructor')
      .withRequest('GET', '/api/Admin/Banners', (b) => b.headers(headers))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(fetchAdminBanners(clientFor(server.url))).rejects.toMatchObject(refused(403, CONSOLE_REFUSALS.wrongRole));
      }));

  it('UploadAdminBannerImage: a PNG, its address and size', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(CATALOGUE)
      .uponReceiving('a 1200×400 PNG banner picture upload by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Banners/Images', (b) =>
        b.headers(multipartHeaders).body(`multipart/form-data; boundary=${BOUNDARY}`, pictureForm(PNG, 'spring.png', 'image/png')),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ imageurl: regex(PICTURE_URL, PICTURE), width: 1200, height: 400, size: integer(PNG.length), contenttype: 'image/png' })),
      )
      .executeTest(async (server) => {
        const picture = await uploadAdminBannerImage(new File([new Uint8Array(PNG)], 'spring.png', { type: 'image/png' }), clientFor(server.url));
        expect(picture).toMatchObject({ width: 1200, height: 400, contenttype: 'image/png' });
      }));

  it('UploadAdminBannerImage: bytes that are no picture are 415, whatever the name', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(CATALOGUE)
      .uponReceiving('an SVG named .png uploaded as a banner picture by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Banners/Images', (b) =>
        b.headers(multipartHeaders).body(`multipart/form-data; boundary=${BOUNDARY}`, pictureForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'spring.png', 'image/png')),
      )
      .willRespondWith(415, (b) => b.jsonBody({ success: false, respMessage: NOT_A_PICTURE }))
      .executeTest(async (server) => {
        const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'spring.png', { type: 'image/png' });
        await expect(uploadAdminBannerImage(svg, clientFor(server.url))).rejects.toMatchObject(refused(415, NOT_A_PICTURE));
      }));

  it('CreateAdminBanner: a banner with an uploaded picture, last in the order', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(...pictureUploaded)
      .given('no banner has the title', { title: input.title })
      .uponReceiving('a new banner with an uploaded picture by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Banners', (b) => b.headers(headers).jsonBody(input))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(banners())))
      .executeTest(async (server) => {
        const list = await createAdminBanner(input, clientFor(server.url));
        expect(list.length).toBeGreaterThan(0);
      }));

  it('CreateAdminBanner: a javascript: link is 400', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(...pictureUploaded)
      .uponReceiving('a new banner linking to javascript: by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Banners', (b) => b.headers(headers).jsonBody({ ...input, linkurl: 'javascript:alert(document.cookie)' }))
      .willRespondWith(400, (b) => b.jsonBody({ success: false, respMessage: UNSAFE_LINK }))
      .executeTest(async (server) => {
        await expect(createAdminBanner({ ...input, linkurl: 'javascript:alert(document.cookie)' }, clientFor(server.url))).rejects.toMatchObject(refused(400, UNSAFE_LINK));
      }));

  it('UpdateAdminBanner: changes a banner in its place', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(...bannerExists)
      .uponReceiving('a change of banner 9201 by member u-demo-1, an operator')
      .withRequest('PUT', `/api/Admin/Banners/${BANNER}`, (b) => b.headers(headers).jsonBody({ ...input, title: '계약 확인용 배너 (수정)', linkurl: 'https://example.kr/spring' }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(banners())))
      .executeTest(async (server) => {
        const list = await updateAdminBanner(BANNER, { ...input, title: '계약 확인용 배너 (수정)', linkurl: 'https://example.kr/spring' }, clientFor(server.url));
        expect(list.length).toBeGreaterThan(0);
      }));

  it('ReorderAdminBanners: every banner, in a new order', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given('the banners are exactly', { bannerids: [1, 2, 3] })
      .uponReceiving('a new order 3, 1, 2 of the three banners by member u-demo-1, an operator')
      .withRequest('PUT', '/api/Admin/Banners/Order', (b) => b.headers(headers).jsonBody({ bannerids: [3, 1, 2] }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(banners())))
      .executeTest(async (server) => {
        const list = await reorderAdminBanners([3, 1, 2], clientFor(server.url));
        expect(list.length).toBeGreaterThan(0);
      }));

  it('DeleteAdminBanner: takes a banner off /main', () =>
    pact
      .addInteraction()
      .given(...OPERATOR)
      .given(...bannerExists)
      .uponReceiving('a deletion of banner 9201 by member u-demo-1, an operator')
      .withRequest('DELETE', `/api/Admin/Banners/${BANNER}`, (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(banners())))
      .executeTest(async (server) => {
        const list = await deleteAdminBanner(BANNER, clientFor(server.url));
        expect(list.length).toBeGreaterThan(0);
      }));
});
