import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE, MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN } from './pact';
import { fetchLectureVideos, fetchSectionVideos, fetchVideoSource } from '../../src/api/queries/player';
import { setAccessTokenSource } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';

/** Calls of the yaml's `player` tag the player makes: the lecture's videos, one section's videos, a video's source. */
const { boolean, eachLike, integer, regex, string } = MatchersV3;
const pact = storefrontApiPact();
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const OWNS_AND_WATCHED = 'member owns lecture and last watched video at second';
const watched = { useruid: 'u-demo-1', contentsid: 121, videoid: 12112, seconds: 95 };

const video = (videoid: number, watchedtime: number) => ({
  videoid: integer(videoid),
  sectionid: integer(1211),
  contentsid: integer(121),
  title: string('호흡과 정렬'),
  duration: integer(353),
  sortorder: integer(2),
  path: string(`media/lectures/121/${videoid}.mp4`),
  ispreview: boolean(false),
  watchedtime: integer(watchedtime),
  iscomplete: boolean(false),
});

setAccessTokenSource(() => DEMO_TOKEN);
afterAll(() => setAccessTokenSource(() => undefined));

describe('player calls (storefront-web → storefront-api)', () => {
  it('GetVideo: every video of an owned lecture with the resume second', () =>
    pact
      .addInteraction()
      .given(OWNS_AND_WATCHED, watched)
      .uponReceiving('the videos of lecture 121 for its owner u-demo-1, who stopped video 12112 at 95 s')
      .withRequest('GET', '/api/Contents/GetVideo/121/u-demo-1', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(video(12112, 95)))))
      .executeTest(async (server) => {
        const videos = await fetchLectureVideos(121, 'u-demo-1', clientFor(server.url));
        expect(videos[0]).toMatchObject({ videoid: 12112, watchedtime: 95 });
      }));

  it('GetSectionVideo: one section refreshed after a video ends', () =>
    pact
      .addInteraction()
      .given(OWNS_AND_WATCHED, watched)
      .uponReceiving('the videos of section 1211 for u-demo-1')
      .withRequest('POST', '/api/Video/GetSectionVideo/1211/u-demo-1', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(eachLike(video(12112, 95)))))
      .executeTest(async (server) => {
        const videos = await fetchSectionVideos(1211, 'u-demo-1', clientFor(server.url));
        expect(videos.every((v) => v.sectionid === 1211)).toBe(true);
      }));

  it("GetVideoSourceUrl: the owner's signed link", () =>
    pact
      .addInteraction()
      .given(OWNS_AND_WATCHED, watched)
      .uponReceiving('the source of video 12112 for its owner')
      .withRequest('GET', '/api/Contents/GetVideoSourceUrl/12112', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            videoid: integer(12112),
            sourceurl: regex(
              /^\/api\/Media\/DataGetMedia\?path=[^&]+&expires=\d+&signature=[\w-]+&member=u-demo-1$/,
              '/api/Media/DataGetMedia?path=media%2Flectures%2F121%2F12112.mp4&expires=1900000000&signature=abc_DEF-123&member=u-demo-1',
            ),
            path: string('media/lectures/121/12112.mp4'),
            duration: integer(353),
            // Issue 26: the player lists these in its captions menu; each link is signed like the video's, for the
            // member it is issued to (issue 41: it serves only while they have the class).
            captions: eachLike({
              srclang: string('ko'),
              label: string('한국어'),
              url: regex(
                /^\/api\/Media\/DataGetMedia\?path=[^&]+\.vtt&expires=\d+&signature=[\w-]+&member=u-demo-1$/,
                '/api/Media/DataGetMedia?path=media%2Fcaptions%2F12112.ko.vtt&expires=1900000000&signature=abc_DEF-123&member=u-demo-1',
              ),
            }),
          }),
        ),
      )
      .executeTest(async (server) => {
        const source = await fetchVideoSource(12112, clientFor(server.url));
        expect(source.sourceurl).toContain('signature=');
        expect(source.captions?.map((c) => [c.srclang, c.label])).toEqual([['ko', '한국어']]);
      }));

  it('GetVideoSourceUrl: a class video of a lecture the member does not own is 403 with the Korean reason', () =>
    pact
      .addInteraction()
      .given('member does not own lecture', { useruid: 'u-demo-1', contentsid: 103 })
      .uponReceiving('the source of video 10312 of lecture 103, which u-demo-1 does not own')
      .withRequest('GET', '/api/Contents/GetVideoSourceUrl/10312', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: '수강 중인 강의의 영상만 재생할 수 있습니다.' }))
      .executeTest(async (server) => {
        const error = await fetchVideoSource(10312, clientFor(server.url)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(403);
        expect((error as ApiError).message).toBe('수강 중인 강의의 영상만 재생할 수 있습니다.');
      }));

  it('GetVideoSourceUrl: a visitor without a token gets the free preview (issue 26)', () =>
    pact
      .addInteraction()
      .given(CATALOGUE)
      .uponReceiving('the source of preview video 10111 for a visitor')
      .withRequest('GET', '/api/Contents/GetVideoSourceUrl/10111', (b) => b.headers(commonHeaders))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            videoid: integer(10111),
            sourceurl: regex(/^\/api\/Media\/DataGetMedia\?path=[^&]+$/, '/api/Media/DataGetMedia?path=media%2Flectures%2F101%2F10111.mp4'),
            path: string('media/lectures/101/10111.mp4'),
            duration: integer(300),
          }),
        ),
      )
      .executeTest(async (server) => {
        setAccessTokenSource(() => undefined);
        try {
          const source = await fetchVideoSource(10111, clientFor(server.url));
          expect(source.sourceurl).toContain('DataGetMedia');
        } finally {
          setAccessTokenSource(() => DEMO_TOKEN);
        }
      }));
});
