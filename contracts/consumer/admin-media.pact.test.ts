import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, DEMO_TEACHER, DEMO_TOKEN } from './pact';
import { adminCaption, adminLectureMedia } from './fixtures';
import {
  deleteAdminCaption,
  fetchAdminCaptions,
  fetchAdminLectureMedia,
  retryAdminLectureMedia,
  uploadAdminCaption,
} from '../../src/api/queries/admin-media';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `admin-media` tag (the console, issue 38) that the storefront's openapi-fetch client makes: a
 * lecture's video state and 다시 시도, and its caption tracks. The tus upload itself (createAdminUpload, headAdminUpload,
 * patchAdminUpload) is spoken by tus-js-client and has no pact (docs/decisions.md, "No pacts for the tus upload").
 * Every interaction works on the draft class of admin-catalog's pacts (class 9001, lectures 900111 and 900112), which
 * its state sets up with no console video and no caption track; the states after it add what each one needs.
 *
 * 다시 시도 is recorded only where its answer does not hang on the provider's job queue: a provider without one (the
 * verifier's in-memory server) answers every retry in scope 409 '…ffmpeg…', one with it 200 — so its interaction is
 * the instructor's 403, which comes first on both.
 */
const { eachLike, integer, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const pact = storefrontApiPact();

const CLASS = 9001;
const [FIRST, SECOND] = [900111, 900112];
/** The draft class of admin-catalog's pacts, taught by `teacher` (the demo instructor's name unless another is named). */
const draftClass = (teacher = DEMO_TEACHER): [string, { contentsid: number; sectionid: number; videoids: number[]; teacher: string }] => [
  'a draft class with a section of two lectures',
  { contentsid: CLASS, sectionid: 90011, videoids: [FIRST, SECOND], teacher },
];

const NOT_THEIR_CLASS = '담당하는 클래스만 관리할 수 있습니다.';
const PROCESSING_FAILED = '영상을 변환하지 못했습니다. 다른 파일로 다시 올려주세요.';
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/;

/** The multipart body the console's caption upload sends (fields as `uploadAdminCaption` appends them), boundary fixed. */
const BOUNDARY = 'pact-caption-boundary';
const SRT = '1\r\n00:00:01,000 --> 00:00:04,000\r\n숨을 들이마십니다.\r\n\r\n2\r\n00:00:04,000 --> 00:00:07,500\r\n천천히 내쉽니다.\r\n';
const BROKEN_SRT = '1\r\n00:00:01,000 --> 00:00:04,000\r\n숨을 들이마십니다.\r\n\r\n2\r\n00:00:04 --> 00:00:07\r\n천천히 내쉽니다.\r\n';
const BROKEN_LINE = '자막 파일 6번째 줄을 읽을 수 없습니다: 시간 형식은 00:00:01,000 --> 00:00:04,000 이어야 합니다.';
function captionForm(srt: string, srclang: string, label: string): Buffer {
  const part = (headers: string, value: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${value}\r\n`;
  return Buffer.from(
    part(`Content-Disposition: form-data; name="srclang"`, srclang) +
      part(`Content-Disposition: form-data; name="label"`, label) +
      part(`Content-Disposition: form-data; name="file"; filename="lecture.srt"\r\nContent-Type: application/octet-stream`, srt) +
      `--${BOUNDARY}--\r\n`,
    'utf8',
  );
}
const captionFile = (srt: string) => new File([srt], 'lecture.srt');
/**
 * A binary body's rule (its content type, at `$`) would reach every part; the text fields are compared as text.
 */
const TEXT_FIELDS = { body: ['$.srclang', '$.label'].map((path) => ({ path, rules: [{ 'pact:matcher:type': 'equality' }] })) };
/** The client's FormData picks its own boundary: the request is matched on the media type and the parts. */
const multipartHeaders = {
  ...headers,
  'Content-Type': regex(/^multipart\/form-data;\s*boundary=.+$/, `multipart/form-data; boundary=${BOUNDARY}`),
};

const refused = (status: number, message: string) => ({ name: 'ApiError', status, message });

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console media calls (storefront-web → storefront-api)', () => {
  it('GetAdminLectureMedia: a lecture with no console upload is none', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('a media state request for lecture 900111, never uploaded in the console, by member u-demo-1, an operator')
      .withRequest('GET', `/api/Admin/Lectures/${FIRST}/Media`, (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            videoid: FIRST,
            state: 'none',
            progress: 0,
            error: null,
            renditions: [],
            durationsec: 0,
            uploadid: null,
            uploadoffset: 0,
            uploadlength: 0,
            updatedat: null,
          }),
        ),
      )
      .executeTest(async (server) => {
        const media = await fetchAdminLectureMedia(FIRST, clientFor(server.url));
        expect(media.state).toBe('none');
      }));

  it('GetAdminLectureMedia: a processed video is ready, with its renditions', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass())
      .given('a lecture video is ready', { videoid: FIRST, renditions: ['720p', '480p', '360p'], durationsec: 300 })
      .uponReceiving('a media state request for lecture 900111, processed, by member u-demo-1, the instructor of its class')
      .withRequest('GET', `/api/Admin/Lectures/${FIRST}/Media`, (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            videoid: FIRST,
            state: 'ready',
            progress: 100,
            error: null,
            renditions: eachLike('720p'),
            durationsec: integer(adminLectureMedia.durationsec),
            uploadid: string(adminLectureMedia.uploadid!),
            uploadoffset: integer(adminLectureMedia.uploadoffset),
            uploadlength: integer(adminLectureMedia.uploadlength),
            updatedat: regex(DATE_TIME, adminLectureMedia.updatedat!),
          }),
        ),
      )
      .executeTest(async (server) => {
        const media = await fetchAdminLectureMedia(FIRST, clientFor(server.url));
        expect([media.state, media.renditions[0]]).toEqual(['ready', '720p']);
      }));

  it('GetAdminLectureMedia: a failed processing says why', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given('a lecture video failed processing', { videoid: FIRST, error: PROCESSING_FAILED })
      .uponReceiving('a media state request for lecture 900111, whose processing failed, by member u-demo-1, an operator')
      .withRequest('GET', `/api/Admin/Lectures/${FIRST}/Media`, (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            videoid: FIRST,
            state: 'failed',
            progress: integer(40),
            error: string(PROCESSING_FAILED),
            renditions: [],
            durationsec: integer(0),
            uploadid: string(adminLectureMedia.uploadid!),
            uploadoffset: integer(adminLectureMedia.uploadoffset),
            uploadlength: integer(adminLectureMedia.uploadlength),
            updatedat: regex(DATE_TIME, adminLectureMedia.updatedat!),
          }),
        ),
      )
      .executeTest(async (server) => {
        const media = await fetchAdminLectureMedia(FIRST, clientFor(server.url));
        expect([media.state, media.error]).toEqual(['failed', PROCESSING_FAILED]);
      }));

  it('RetryAdminLectureMedia: an instructor on a lecture of another teacher’s class is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass('최밸런스 강사'))
      .given('a lecture video failed processing', { videoid: FIRST, error: PROCESSING_FAILED })
      .uponReceiving('a 다시 시도 of lecture 900111 of another teacher’s class by member u-demo-1, an instructor')
      .withRequest('POST', `/api/Admin/Lectures/${FIRST}/Media/Retry`, (b) => b.headers(headers))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(NOT_THEIR_CLASS) }))
      .executeTest(async (server) => {
        await expect(retryAdminLectureMedia(FIRST, clientFor(server.url))).rejects.toMatchObject(refused(403, NOT_THEIR_CLASS));
      }));

  it('ListAdminCaptions: the lecture’s tracks, by language', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given('the lecture has caption tracks', { videoid: FIRST, srclangs: ['en', 'ko'], labels: ['English', '한국어'] })
      .uponReceiving('a caption list request for lecture 900111, captioned in English and Korean, by member u-demo-1, an operator')
      .withRequest('GET', `/api/Admin/Lectures/${FIRST}/Captions`, (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope([
            { srclang: 'en', label: 'English', cues: integer(adminCaption.cues), updatedat: null },
            { srclang: 'ko', label: '한국어', cues: integer(adminCaption.cues), updatedat: null },
          ]),
        ),
      )
      .executeTest(async (server) => {
        const tracks = await fetchAdminCaptions(FIRST, clientFor(server.url));
        expect(tracks.map((t) => t.srclang)).toEqual(['en', 'ko']);
      }));

  it('UploadAdminCaption: an SRT file becomes the lecture’s Korean track', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .given(...draftClass())
      .uponReceiving('a Korean SRT caption upload (2 cues) for lecture 900111 by member u-demo-1, the instructor of its class')
      .withRequest('POST', `/api/Admin/Lectures/${FIRST}/Captions`, (b) =>
        b
          .headers(multipartHeaders)
          .body(`multipart/form-data; boundary=${BOUNDARY}`, captionForm(SRT, 'ko', '한국어'))
          .matchingRules(TEXT_FIELDS),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope([{ srclang: 'ko', label: '한국어', cues: 2, updatedat: regex(DATE_TIME, '2024-05-01T10:00:00+09:00') }])),
      )
      .executeTest(async (server) => {
        const tracks = await uploadAdminCaption(FIRST, { file: captionFile(SRT), srclang: 'ko', label: '한국어' }, clientFor(server.url));
        expect(tracks).toEqual([expect.objectContaining({ srclang: 'ko', cues: 2 })]);
      }));

  it('UploadAdminCaption: a file that cannot be read is 400, naming its line', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .uponReceiving('an SRT caption upload with a malformed time on line 6 for lecture 900111 by member u-demo-1, an operator')
      .withRequest('POST', `/api/Admin/Lectures/${FIRST}/Captions`, (b) =>
        b
          .headers(multipartHeaders)
          .body(`multipart/form-data; boundary=${BOUNDARY}`, captionForm(BROKEN_SRT, 'ko', '한국어'))
          .matchingRules(TEXT_FIELDS),
      )
      .willRespondWith(400, (b) => b.jsonBody({ success: false, respMessage: BROKEN_LINE }))
      .executeTest(async (server) => {
        await expect(
          uploadAdminCaption(FIRST, { file: captionFile(BROKEN_SRT), srclang: 'ko', label: '한국어' }, clientFor(server.url)),
        ).rejects.toMatchObject(refused(400, BROKEN_LINE));
      }));

  it('DeleteAdminCaption: removes one language, the rest stay', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...draftClass())
      .given('the lecture has caption tracks', { videoid: FIRST, srclangs: ['en', 'ko'], labels: ['English', '한국어'] })
      .uponReceiving('a removal of the English caption track of lecture 900111 by member u-demo-1, an operator')
      .withRequest('DELETE', `/api/Admin/Lectures/${FIRST}/Captions/en`, (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope([{ srclang: 'ko', label: '한국어', cues: integer(adminCaption.cues), updatedat: null }])))
      .executeTest(async (server) => {
        const tracks = await deleteAdminCaption(FIRST, 'en', clientFor(server.url));
        expect(tracks.map((t) => t.srclang)).toEqual(['ko']);
      }));
});
