import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, DEMO_TEACHER, DEMO_TOKEN } from './pact';
import { deleteAdminHandout, fetchAdminHandouts, uploadAdminHandout } from '../../src/api/queries/admin-catalog-handouts';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * A class's handouts and e-book files in the console (tag `admin-catalog`, issue 38): listed, a PDF attached, a file that
 * is not a PDF or EPUB refused 415, one removed, an instructor on another teacher's class refused. The verifier acts as
 * DEMO_MEMBER (u-demo-1) in the role each state gives, on the draft class 9001 the states set up.
 */
const { eachLike, integer, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const pact = storefrontApiPact();

const CLASS = 9001;
const HANDOUT = 9101;
const PDF = fileURLToPath(new URL('./files/handout.pdf', import.meta.url));
const NOT_A_DOCUMENT = fileURLToPath(new URL('./files/attachment.txt', import.meta.url));
const BOUNDARY = 'pact-handout-boundary';
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/;
type State = [name: string, params: { [key: string]: string | number | number[] }];
const draftClass = (teacher = DEMO_TEACHER): State => [
  'a draft class with a section of two lectures',
  { contentsid: CLASS, sectionid: 90011, videoids: [900111, 900112], teacher },
];
const withHandout: State = ['the draft class has an uploaded handout', { contentsid: CLASS, pdfid: HANDOUT, title: '1주차 교안' }];
const handout = (over: Record<string, unknown> = {}) => ({
  pdfid: integer(HANDOUT),
  title: string('1주차 교안'),
  originalFilename: string('1주차 교안.pdf'),
  contenttype: 'application/pdf',
  size: integer(1024),
  uploaded: true,
  regdate: regex(DATE_TIME, '2024-05-01T10:00:00+09:00'),
  ...over,
});
const refused = (status: number, message: string) => ({ name: 'ApiError', status, message });

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console handout calls (storefront-web → storefront-api)', () => {
  it('ListAdminHandouts: the files the class\'s members get', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given(...withHandout)
      .uponReceiving('a console request for the files of draft class 9001 by member u-demo-1, an operator')
      .withRequest('GET', `/api/Admin/Classes/${CLASS}/Handouts`, (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(handout()))))
      .executeTest(async (server) => {
        const files = await fetchAdminHandouts(CLASS, clientFor(server.url));
        expect(files[0]?.title).toBe('1주차 교안');
      }));

  it('UploadAdminHandout: a PDF attached to the class', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass())
      .given('the draft class has no handout', { contentsid: CLASS })
      .uponReceiving('a PDF handout for draft class 9001 by member u-demo-1, the instructor of the class')
      .withRequest('POST', `/api/Admin/Classes/${CLASS}/Handouts`, (b) => b.headers(headers).multipartBody('application/pdf', PDF, 'file', BOUNDARY))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(handout({ title: 'handout', originalFilename: 'handout.pdf' })))))
      .executeTest(async (server) => {
        const file = new File([readFileSync(PDF)], 'handout.pdf', { type: 'application/pdf' });
        const files = await uploadAdminHandout(CLASS, { file, title: '' }, clientFor(server.url));
        expect(files.at(-1)?.originalFilename).toBe('handout.pdf');
      }));

  it('UploadAdminHandout: a file that is not a PDF or EPUB is 415', () => {
    const message = '자료는 PDF 또는 EPUB 파일만 올릴 수 있습니다.';
    return pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a text file sent as a handout of draft class 9001 by member u-demo-1, an operator')
      .withRequest('POST', `/api/Admin/Classes/${CLASS}/Handouts`, (b) => b.headers(headers).multipartBody('text/plain', NOT_A_DOCUMENT, 'file', BOUNDARY))
      .willRespondWith(415, (b) => b.jsonBody({ success: false, respMessage: string(message) }))
      .executeTest(async (server) => {
        const file = new File([readFileSync(NOT_A_DOCUMENT)], 'attachment.txt', { type: 'text/plain' });
        await expect(uploadAdminHandout(CLASS, { file, title: '' }, clientFor(server.url))).rejects.toMatchObject(refused(415, message));
      });
  });

  it('DeleteAdminHandout: the file leaves the class', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given(...withHandout)
      .uponReceiving('a removal of handout 9101 of draft class 9001 by member u-demo-1, an operator')
      .withRequest('DELETE', `/api/Admin/Handouts/${HANDOUT}`, (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope([])))
      .executeTest(async (server) => {
        expect(await deleteAdminHandout(HANDOUT, clientFor(server.url))).toEqual([]);
      }));

  it('DeleteAdminHandout: an instructor on a class another teacher teaches is 403', () => {
    const message = '담당하는 클래스만 관리할 수 있습니다.';
    return pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass('최밸런스 강사'))
      .given(...withHandout)
      .uponReceiving('a removal of handout 9101 of class 9001 of another teacher by member u-demo-1, an instructor')
      .withRequest('DELETE', `/api/Admin/Handouts/${HANDOUT}`, (b) => b.headers(headers))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(message) }))
      .executeTest(async (server) => {
        await expect(deleteAdminHandout(HANDOUT, clientFor(server.url))).rejects.toMatchObject(refused(403, message));
      });
  });
});
