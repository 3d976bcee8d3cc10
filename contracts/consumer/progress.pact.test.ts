import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MatchersV3,
  clientFor,
  commonHeaders,
  okEnvelope,
  storefrontApiPact,
  DEMO_MEMBER,
  DEMO_TOKEN,
  otherMemberIsRefused,
} from './pact';
import { fetchCompleteList, fetchLastWatchTime } from '../../src/api/queries/progress';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `progress` tag that the classroom reads: per-video completion (/myclassProgress) and the
 * last watched video and second (이어보기). The player's writes are the player's pacts.
 */
const { integer, regex, like, arrayContaining, string } = MatchersV3;
const pact = storefrontApiPact();
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const me = DEMO_MEMBER.useruid;

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('progress calls (storefront-web → storefront-api)', () => {
  it('GetCompleteList: a completed video has its date, an unwatched one none', () =>
    pact
      .addInteraction()
      .given('member completed one video of lecture and not another', {
        useruid: me,
        contentsid: 101,
        completedvideoid: 10111,
        openvideoid: 10122,
      })
      .uponReceiving('the per-video completion of lecture 101 for member u-demo-1')
      .withRequest('POST', '/api/Online/GetCompleteList/101/u-demo-1', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            arrayContaining(
              like({
                videoid: 10111,
                sectionid: 1011,
                title: '강의 소개',
                duration: 300,
                watchedtime: 300,
                watchedsec: 300,
                iscomplete: true,
                completedate: string('2024-05-01T10:00:00+09:00'),
              }),
              like({
                videoid: 10122,
                sectionid: 1012,
                title: '마무리 스트레칭',
                duration: 480,
                watchedtime: 0,
                watchedsec: 0,
                iscomplete: false,
                completedate: null,
              }),
            ),
          ),
        ),
      )
      .executeTest(async (server) => {
        const videos = await fetchCompleteList(101, me, clientFor(server.url));
        expect(videos.filter((v) => v.iscomplete).length).toBeGreaterThan(0);
        expect(videos.some((v) => !v.iscomplete && v.completedate === null)).toBe(true);
      }));

  it("GetCompleteList with another member's useruid is 403", () =>
    otherMemberIsRefused(pact, {
      description: 'a completion request of member u-demo-1 naming member u-demo-2',
      method: 'POST',
      path: '/api/Online/GetCompleteList/101/u-demo-2',
      exactReason: true,
      call: (client) => fetchCompleteList(101, 'u-demo-2', client),
    }));

  it('GetLastWatchTime: the last video and second of the member', () =>
    pact
      .addInteraction()
      .given('member last watched video', { useruid: me, contentsid: 121, videoid: 12111, seconds: 95 })
      .uponReceiving('the last watch time of member u-demo-1')
      .withRequest('GET', '/api/Contents/GetLastWatchTime/u-demo-1', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            useruid: me,
            contentsid: 121,
            videoid: 12111,
            lecturetitle: string('견갑골 안정화 클래스'),
            videotitle: string('강의 소개'),
            watchedtime: 95,
            duration: integer(300),
            updatedate: string('2024-05-01T10:00:00+09:00'),
            // The "이어서 학습하기" block's picture and whether the class is still the member's (issue 26).
            thumbnail: string('/media/lectures/121/thumb.svg'),
            expiredate: string('2099-05-01T10:00:00+09:00'),
          }),
        ),
      )
      .executeTest(async (server) => {
        const last = await fetchLastWatchTime(me, clientFor(server.url));
        expect(last).toMatchObject({ contentsid: 121, videoid: 12111, watchedtime: 95 });
        expect(last?.thumbnail).toBeTruthy();
      }));
});
