import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MatchersV3,
  clientFor,
  commonHeaders,
  okEnvelope,
  storefrontApiPact,
  asStaff,
  CONSOLE_REFUSALS,
  DEMO_TOKEN,
} from './pact';
import { openAdminViewAs } from '../../src/api/queries/admin-members';
import { fetchLectureVideos } from '../../src/api/queries/player';
import { saveNote } from '../../src/api/queries/progress-notes';
import { setAccessTokenSource } from '../../src/api/client';
import { grantOnMemberReads } from '../../src/components/viewAs/viewAsReads';

/**
 * Calls of the yaml's `admin-members` tag (the console, issue 38): 회원 화면으로 보기. The verifier acts as DEMO_MEMBER
 * (u-demo-1), an operator by the interaction's state, and views member u-demo-2 (new@demo.kr). The grant a member read
 * carries is recorded as a placeholder, `pact-view-as:<email>:<contentsid>`: the verifier opens that view through the
 * provider's own OpenAdminViewAs and sends the grant it answers (contracts/provider/verify-pacts.ts).
 */
const { eachLike, integer, like, regex, string, boolean, datetime } = MatchersV3;
const pact = storefrontApiPact();
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const VIEWED = { email: 'new@demo.kr', useruid: 'u-demo-2' };
const GRANT_121 = `pact-view-as:${VIEWED.email}:121`;
/** The member u-demo-2 owns class 121 and stopped its video 12112 at 95 s. */
const WATCHED = [
  'member owns lecture and last watched video at second',
  { useruid: VIEWED.useruid, contentsid: 121, videoid: 12112, seconds: 95 },
] as const;
const READ_ONLY = '회원 화면으로 보는 중에는 읽기만 할 수 있습니다.';
const OTHER_CLASS = '회원 화면으로 보기는 연 클래스 안에서만 할 수 있습니다.';

beforeEach(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

/** The app's client in a member view: the grant on the marked reads (src/components/viewAs/boot.tsx installs the same). */
function viewingClient(url: string, grant = GRANT_121) {
  const client = clientFor(url);
  client.use(grantOnMemberReads(grant));
  return client;
}

const refused = (status: number, message: string) => ({ name: 'ApiError', status, message });

describe('console members calls (storefront-web → storefront-api)', () => {
  it('OpenAdminViewAs: an operator opens a member’s class, read-only, the member masked', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...WATCHED)
      .uponReceiving('an opening of member new@demo.kr in class 121 by u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Members/ViewAs', (b) =>
        b.headers(headers).jsonBody({ email: VIEWED.email, contentsid: 121, reason: string('진도율 문의 확인') }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            grant: string('eyJhIjoxfQ.1714550400.c2lnbmF0dXJl'),
            expiresat: datetime("yyyy-MM-dd'T'HH:mm:ssXXX", '2024-05-01T17:15:00+09:00'),
            contentsid: 121,
            title: like('소도구 필라테스'),
            member: { useruid: VIEWED.useruid, email: regex(/^ne\*+@demo\.kr$/, 'ne*@demo.kr'), name: like('이*봄') },
          }),
        ),
      )
      .executeTest(async (server) => {
        const view = await openAdminViewAs(
          { email: VIEWED.email, contentsid: 121, reason: '진도율 문의 확인' },
          clientFor(server.url),
        );
        expect(view).toMatchObject({ contentsid: 121, member: { useruid: VIEWED.useruid } });
        expect(view.member.email).not.toBe(VIEWED.email);
      }));

  it('OpenAdminViewAs: an instructor is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .uponReceiving('an opening of a member view by u-demo-1, an instructor')
      .withRequest('POST', '/api/Admin/Members/ViewAs', (b) =>
        b.headers(headers).jsonBody({ email: VIEWED.email, contentsid: 121, reason: string('진도율 문의 확인') }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(
          openAdminViewAs({ email: VIEWED.email, contentsid: 121, reason: '진도율 문의 확인' }, clientFor(server.url)),
        ).rejects.toMatchObject(refused(403, CONSOLE_REFUSALS.wrongRole));
      }));

  it('OpenAdminViewAs: an email no member has is 404', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .uponReceiving('an opening of a member view for an email no member has')
      .withRequest('POST', '/api/Admin/Members/ViewAs', (b) =>
        b.headers(headers).jsonBody({ email: 'nobody@demo.kr', contentsid: 121, reason: string('진도율 문의 확인') }),
      )
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string('해당 이메일로 가입한 회원이 없습니다.') }))
      .executeTest(async (server) => {
        await expect(
          openAdminViewAs({ email: 'nobody@demo.kr', contentsid: 121, reason: '진도율 문의 확인' }, clientFor(server.url)),
        ).rejects.toMatchObject(refused(404, '해당 이메일로 가입한 회원이 없습니다.'));
      }));

  it('GetVideo with a grant: the class’s videos as the member sees them (their second, what is locked)', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...WATCHED)
      .uponReceiving('the videos of class 121 as member u-demo-2 sees them, viewed by operator u-demo-1 with a grant')
      .withRequest('GET', `/api/Contents/GetVideo/121/${VIEWED.useruid}`, (b) =>
        b.headers({ ...headers, 'X-View-As': GRANT_121 }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            eachLike({
              videoid: integer(12112),
              sectionid: integer(1211),
              contentsid: 121,
              title: string('호흡과 정렬'),
              duration: integer(353),
              sortorder: integer(2),
              path: string('media/lectures/121/12112.mp4'),
              ispreview: boolean(false),
              watchedtime: integer(95),
              iscomplete: boolean(false),
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const videos = await fetchLectureVideos(121, VIEWED.useruid, viewingClient(server.url));
        expect(videos[0]?.contentsid).toBe(121);
      }));

  it('GetVideo of another class with the grant is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...WATCHED)
      .uponReceiving('the videos of class 101 as member u-demo-2, with a grant for class 121')
      .withRequest('GET', `/api/Contents/GetVideo/101/${VIEWED.useruid}`, (b) =>
        b.headers({ ...headers, 'X-View-As': GRANT_121 }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(OTHER_CLASS) }))
      .executeTest(async (server) => {
        await expect(fetchLectureVideos(101, VIEWED.useruid, viewingClient(server.url))).rejects.toMatchObject(
          refused(403, OTHER_CLASS),
        );
      }));

  it('SaveNote with a grant is 403: a member view writes nothing', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...WATCHED)
      .uponReceiving('a note saved as member u-demo-2 with a grant (forced past the app, which sends none)')
      .withRequest('POST', '/api/Note/Save/', (b) =>
        b.headers({ ...headers, 'X-View-As': GRANT_121 }).jsonBody({
          useruid: VIEWED.useruid,
          noteid: '3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c31',
          contentsid: 121,
          videoid: 12112,
          second: 12,
          text: '메모',
        }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(READ_ONLY) }))
      .executeTest(async (server) => {
        // The app's own middleware puts no grant on a write: this call forces one, as an attacker would.
        const client = clientFor(server.url);
        client.use({
          onRequest: ({ request }) => {
            request.headers.set('X-View-As', GRANT_121);
            return request;
          },
        });
        await expect(
          saveNote(
            VIEWED.useruid,
            { noteid: '3f2b8c1e-5d4a-4e7b-9c1d-2a6f8e0b7c31', contentsid: 121, videoid: 12112, second: 12, text: '메모' },
            client,
          ),
        ).rejects.toMatchObject(refused(403, READ_ONLY));
      }));
});
