import { afterAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, DEMO_TOKEN, otherMemberIsRefused } from './pact';
import {
  claimPlayingPlace,
  fetchLastWatchTime,
  readPlayingPlace,
  releasePlayingPlace,
  sendContentProgress,
  sendWatchTime,
} from '../../src/api/queries/progress';
import { setAccessTokenSource } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';

/** Calls of the yaml's `progress` tag the player makes: resume, watch time, progress and the one playing place. */
const { boolean, integer, number, regex, string } = MatchersV3;
const pact = storefrontApiPact();
const bearer = { Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const json = { ...commonHeaders, ...bearer, 'Content-Type': 'application/json' };
const OWNS_AND_WATCHED = 'member owns lecture and last watched video at second';
const watched = { useruid: 'u-demo-1', contentsid: 121, videoid: 12112, seconds: 95 };
const dateTime = regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:[+-]\d{2}:\d{2}|Z)$/, '2024-05-01T10:00:00+09:00');
/**
 * The stamp the player puts on each report (issue 23): any ISO date-time here; at verification the provider receives
 * the current time (a DateTime generator), since the server counts a report only as far as real time allows.
 */
const reportedAt = (example: string) => ({
  'pact:matcher:type': 'regex',
  regex: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?(Z|[+-]\\d{2}:\\d{2})$',
  'pact:generator:type': 'DateTime',
  format: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  value: example,
});
const STAMP = '2024-05-01T10:00:20.000+09:00';
const tab = (contentsid: number, videoid: number) => ({
  useruid: string('u-demo-1'),
  contentsid: integer(contentsid),
  videoid: integer(videoid),
  regdate: dateTime,
});

setAccessTokenSource(() => DEMO_TOKEN);
afterAll(() => setAccessTokenSource(() => undefined));

describe('progress calls (storefront-web → storefront-api)', () => {
  it('GetLastWatchTime: the video and second to resume', () =>
    pact
      .addInteraction()
      .given(OWNS_AND_WATCHED, watched)
      .uponReceiving('the last watch of member u-demo-1 (video 12112 at 95 s)')
      .withRequest('GET', '/api/Contents/GetLastWatchTime/u-demo-1', (b) => b.headers({ ...commonHeaders, ...bearer }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            useruid: string('u-demo-1'),
            contentsid: 121,
            videoid: 12112,
            lecturetitle: string('처음 만나는 매트 필라테스'),
            videotitle: string('호흡과 정렬'),
            watchedtime: 95,
            duration: integer(353),
            updatedate: dateTime,
          }),
        ),
      )
      .executeTest(async (server) => {
        expect(await fetchLastWatchTime('u-demo-1', clientFor(server.url))).toMatchObject({ videoid: 12112, watchedtime: 95 });
      }));

  it('UpdateWatchTime: the resume second of an owned video', () =>
    pact
      .addInteraction()
      .given(OWNS_AND_WATCHED, watched)
      .uponReceiving('a watch-time write of u-demo-1 for video 12112 at 130 s, stamped when it was made')
      .withRequest('POST', '/api/Video/UpdateWatchTime/', (b) =>
        b
          .headers(json)
          .jsonBody({ useruid: 'u-demo-1', contentsid: 121, videoid: 12112, watchedtime: 130, reportedat: reportedAt(STAMP) }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            useruid: string('u-demo-1'),
            contentsid: 121,
            videoid: 12112,
            lecturetitle: string('처음 만나는 매트 필라테스'),
            videotitle: string('호흡과 정렬'),
            watchedtime: 130,
            duration: integer(353),
            updatedate: dateTime,
          }),
        ),
      )
      .executeTest(async (server) => {
        const body = { useruid: 'u-demo-1', contentsid: 121, videoid: 12112, watchedtime: 130, reportedat: new Date().toISOString() };
        expect((await sendWatchTime(body, {}, clientFor(server.url))).watchedtime).toBe(130);
      }));

  it("UpdateWatchTime: another member's record is 403 (the token names u-demo-1)", () => {
    const body = { useruid: 'u-demo-2', contentsid: 121, videoid: 12112, watchedtime: 30, reportedat: STAMP };
    return otherMemberIsRefused(pact, {
      given: [OWNS_AND_WATCHED, watched],
      description: 'a watch-time write by u-demo-1 naming member u-demo-2',
      method: 'POST',
      path: '/api/Video/UpdateWatchTime/',
      headers: { 'Content-Type': 'application/json' },
      body,
      call: (client) => sendWatchTime(body, {}, client),
    });
  });

  it('UpdateContProgress: a heartbeat; the answer carries the seconds the server counts, completion and the class progress', () =>
    pact
      .addInteraction()
      .given(OWNS_AND_WATCHED, watched)
      .uponReceiving('a progress heartbeat of u-demo-1 for video 12112 at 130 of 353 s, 20 s after the one at 95 s')
      .withRequest('POST', '/api/ContLog/UpdateContProgress/', (b) =>
        b.headers(json).jsonBody({
          useruid: 'u-demo-1',
          contentsid: 121,
          sectionid: 1211,
          videoid: 12112,
          watchedtime: 130,
          duration: 353,
          reportedat: reportedAt(STAMP),
        }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            useruid: string('u-demo-1'),
            contentsid: 121,
            videoid: 12112,
            watchedtime: 130,
            duration: integer(353),
            iscomplete: boolean(false),
            progress: number(25.5),
            updatedate: dateTime,
          }),
        ),
      )
      .executeTest(async (server) => {
        const body = {
          useruid: 'u-demo-1',
          contentsid: 121,
          sectionid: 1211,
          videoid: 12112,
          watchedtime: 130,
          duration: 353,
          reportedat: new Date().toISOString(),
        };
        const record = await sendContentProgress(body, {}, clientFor(server.url));
        expect(record).toMatchObject({ videoid: 12112, watchedtime: 130 });
      }));

  it('UpdateContProgress: a lecture the member does not own is 403', () =>
    pact
      .addInteraction()
      .given('member does not own lecture', { useruid: 'u-demo-1', contentsid: 103 })
      .uponReceiving('a progress write of u-demo-1 for video 10312 of lecture 103, not theirs')
      .withRequest('POST', '/api/ContLog/UpdateContProgress/', (b) =>
        b
          .headers(json)
          .jsonBody({
            useruid: 'u-demo-1',
            contentsid: 103,
            sectionid: 1031,
            videoid: 10312,
            watchedtime: 900,
            duration: 900,
            iscomplete: true,
            reportedat: STAMP,
          }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: '수강 중인 강의의 영상만 재생할 수 있습니다.' }))
      .executeTest(async (server) => {
        const body = {
          useruid: 'u-demo-1',
          contentsid: 103,
          sectionid: 1031,
          videoid: 10312,
          watchedtime: 900,
          duration: 900,
          iscomplete: true,
          reportedat: STAMP,
        };
        const error = await sendContentProgress(body, {}, clientFor(server.url)).catch((e: unknown) => e);
        expect((error as ApiError).status).toBe(403);
      }));

  it('CheckTabId: claiming the playing place while another video plays elsewhere', () =>
    pact
      .addInteraction()
      .given('member is playing video', { useruid: 'u-demo-1', contentsid: 101, videoid: 10112 })
      .uponReceiving('a playing-place claim of u-demo-1 for video 12112 of lecture 121')
      .withRequest('GET', '/api/Contents/CheckTabId/', (b) =>
        b.headers({ ...commonHeaders, ...bearer }).query({ useruid: 'u-demo-1', contentsid: '121', videoid: '12112' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          respMessage: string('다른 창에서 재생 중인 영상이 있습니다.'),
          datas: { isduplicate: true, previous: tab(101, 10112), current: tab(121, 12112) },
        }),
      )
      .executeTest(async (server) => {
        const check = await claimPlayingPlace('u-demo-1', 121, 12112, clientFor(server.url));
        expect(check.isduplicate).toBe(true);
        expect(check.current).toMatchObject({ contentsid: 121, videoid: 12112 });
      }));

  it('ProgressTabRecord: what the member plays now', () =>
    pact
      .addInteraction()
      .given('member is playing video', { useruid: 'u-demo-1', contentsid: 101, videoid: 10112 })
      .uponReceiving('the playing place of u-demo-1')
      .withRequest('GET', '/api/Contents/ProgressTabRecord', (b) =>
        b.headers({ ...commonHeaders, ...bearer }).query({ useruid: 'u-demo-1' }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(tab(101, 10112))))
      .executeTest(async (server) => {
        expect(await readPlayingPlace('u-demo-1', clientFor(server.url))).toMatchObject({ contentsid: 101, videoid: 10112 });
      }));

  it('ResetProgressTabId: giving the playing place up when the player closes', () =>
    pact
      .addInteraction()
      .given('member is playing video', { useruid: 'u-demo-1', contentsid: 121, videoid: 12112 })
      .uponReceiving('a release of the playing place of u-demo-1')
      .withRequest('GET', '/api/Contents/ResetProgressTabId', (b) =>
        b.headers({ ...commonHeaders, ...bearer }).query({ useruid: 'u-demo-1' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, respMessage: string('재생 기록이 초기화되었습니다.'), datas: null }),
      )
      .executeTest(async (server) => {
        await expect(releasePlayingPlace('u-demo-1', {}, clientFor(server.url))).resolves.toBeUndefined();
      }));
});
