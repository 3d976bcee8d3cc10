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
import {
  changeAdminEnrolment,
  fetchAdminMembers,
  fetchAdminPersonalDataAccess,
  importAdminEnrolments,
  MEMBER_PAGE_SIZE,
  openAdminMember,
  openAdminViewAs,
} from '../../src/api/queries/admin-members';
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

/**
 * The members area (issue 39): the masked search, a member's whole record opened with a reason (and recorded), an
 * enrolment granted or refused, a CSV previewed, and the personal-data access record the owner reads. The member
 * looked at is u-demo-2 (new@demo.kr); the verifier acts as u-demo-1 in the role its state gives.
 */
describe('console members records calls (storefront-web → storefront-api)', () => {
  const ISO = "yyyy-MM-dd'T'HH:mm:ssXXX";
  const OPENED = ['a member’s record was opened', { useruid: VIEWED.useruid }] as const;
  const NOT_OWNING_103 = ['member does not own lecture', { useruid: VIEWED.useruid, contentsid: 103 }] as const;

  it('ListAdminMembers: an operator finds a member by the start of the e-mail, masked', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .uponReceiving('a search of members for new@ by u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Members/List', (b) =>
        b.headers(headers).jsonBody({ limit: MEMBER_PAGE_SIZE, q: 'new@', before: null }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            list: eachLike({
              useruid: VIEWED.useruid,
              name: regex(/^이\*+봄$/, '이*봄'),
              email: regex(/^ne\*+@demo\.kr$/, 'ne*@demo.kr'),
              phone: regex(/^010-\*{4}-\d{4}$/, '010-****-3333'),
              snstype: string('kakao'),
              joinedat: datetime(ISO, '2024-03-02T10:00:00+09:00'),
              left: false,
              leftat: null,
            }),
            next: null,
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchAdminMembers('new@', null, clientFor(server.url));
        expect(page.list[0]).toMatchObject({ useruid: VIEWED.useruid, left: false });
        expect(page.list[0]!.email).not.toBe(VIEWED.email);
      }));

  it('ListAdminMembers: an instructor is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .uponReceiving('a search of members by u-demo-1, an instructor')
      .withRequest('POST', '/api/Admin/Members/List', (b) =>
        b.headers(headers).jsonBody({ limit: MEMBER_PAGE_SIZE, q: 'new@', before: null }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(fetchAdminMembers('new@', null, clientFor(server.url))).rejects.toMatchObject(
          refused(403, CONSOLE_REFUSALS.wrongRole),
        );
      }));

  it('OpenAdminMember: an operator opens a member’s whole record with a reason', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...WATCHED)
      .uponReceiving('an opening of the record of u-demo-2 by u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Members/u-demo-2/Open', (b) =>
        b.headers(headers).jsonBody({ reason: string('수강 기간 문의 전화 확인') }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            member: {
              useruid: VIEWED.useruid,
              name: string('이새봄'),
              email: VIEWED.email,
              phone: string('010-2222-3333'),
              birth: like(null),
              snstype: string('kakao'),
              marketing: boolean(false),
              joinedat: datetime(ISO, '2024-03-02T10:00:00+09:00'),
              left: false,
              leftat: null,
            },
            enrolments: eachLike({
              contentsid: integer(121),
              title: string('소도구 필라테스'),
              startat: datetime(ISO, '2024-05-01T10:00:00+09:00'),
              endat: datetime(ISO, '2024-07-30T10:00:00+09:00'),
              current: boolean(true),
              // paymentid, completedat, certificateno and lastwatchedat are null or a value, member by member: the
              // record's other interactions and the server's tests read them.
              progress: integer(10),
            }),
            orders: like([]),
            points: { balance: integer(0), latest: like([]) },
            coupons: like([]),
            certificates: like([]),
            suggestions: like([]),
          }),
        ),
      )
      .executeTest(async (server) => {
        const record = await openAdminMember(VIEWED.useruid, '수강 기간 문의 전화 확인', clientFor(server.url));
        expect(record.member.email).toBe(VIEWED.email);
      }));

  it('ChangeAdminEnrolment: an operator grants a class until a day', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...NOT_OWNING_103)
      .uponReceiving('a grant of class 103 to u-demo-2 until 2099-03-31 by u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Members/u-demo-2/Enrolments', (b) =>
        b
          .headers(headers)
          .jsonBody({ contentsid: 103, action: 'enrol', enddate: '2099-03-31', reason: string('오프라인 과정 복습 제공') }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            outcome: 'granted',
            enrolment: {
              contentsid: 103,
              title: string('리포머 중급'),
              startat: datetime(ISO, '2026-12-07T10:00:00+09:00'),
              endat: '2099-03-31T23:59:59+09:00',
              current: true,
              paymentid: null,
              progress: integer(0),
              completedat: like(null),
              certificateno: like(null),
              lastwatchedat: like(null),
            },
          }),
        ),
      )
      .executeTest(async (server) => {
        const done = await changeAdminEnrolment(
          VIEWED.useruid,
          { contentsid: 103, action: 'enrol', enddate: '2099-03-31', reason: '오프라인 과정 복습 제공' },
          clientFor(server.url),
        );
        expect(done).toMatchObject({ outcome: 'granted', enrolment: { current: true } });
      }));

  it('ChangeAdminEnrolment: revoking a class the member does not have is 409', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .given(...NOT_OWNING_103)
      .uponReceiving('a revoke of class 103, which u-demo-2 does not have, by u-demo-1, the owner')
      .withRequest('POST', '/api/Admin/Members/u-demo-2/Enrolments', (b) =>
        b.headers(headers).jsonBody({ contentsid: 103, action: 'revoke', reason: string('중복 부여 정정') }),
      )
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string('수강 중인 클래스가 아닙니다.') }))
      .executeTest(async (server) => {
        await expect(
          changeAdminEnrolment(
            VIEWED.useruid,
            { contentsid: 103, action: 'revoke', reason: '중복 부여 정정' },
            clientFor(server.url),
          ),
        ).rejects.toMatchObject(refused(409, '수강 중인 클래스가 아닙니다.'));
      }));

  it('ImportAdminEnrolments: a CSV previewed, a line naming nobody reported', () => {
    const csv = '이메일,클래스번호,종료일\nnew@demo.kr,103,2099-03-31\nnobody@demo.kr,103,\n';
    return pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...NOT_OWNING_103)
      .uponReceiving('a preview of a CSV granting class 103 to new@demo.kr and to nobody, by u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Enrolments/Import', (b) =>
        b.headers(headers).jsonBody({ csv, apply: false, reason: string('3월 오프라인 과정') }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            applied: false,
            lines: [
              { line: 2, email: 'new@demo.kr', contentsid: 103, enddate: '2099-03-31', outcome: 'granted', message: null },
              {
                line: 3,
                email: 'nobody@demo.kr',
                contentsid: 103,
                enddate: null,
                outcome: 'error',
                message: '회원을 찾을 수 없습니다.',
              },
            ],
            counts: { granted: 1, changed: 0, unchanged: 0, error: 1 },
          }),
        ),
      )
      .executeTest(async (server) => {
        const preview = await importAdminEnrolments({ csv, apply: false, reason: '3월 오프라인 과정' }, clientFor(server.url));
        expect(preview.counts).toEqual({ granted: 1, changed: 0, unchanged: 0, error: 1 });
      });
  });

  it('ListAdminPersonalDataAccess: the owner reads who opened whose record, when and why', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .given(...OPENED)
      .uponReceiving('the personal-data access record read by u-demo-1, the owner')
      .withRequest('POST', '/api/Admin/PersonalDataAccess/List', (b) =>
        b.headers(headers).jsonBody({ limit: MEMBER_PAGE_SIZE, before: null }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            list: eachLike({
              accessid: integer(1),
              at: datetime(ISO, '2024-05-01T10:00:00+09:00'),
              staff: { useruid: string('u-demo-5'), name: string('정운영'), role: string('operator') },
              kind: regex(/^(open|export)$/, 'open'),
              member: like({ useruid: 'u-demo-2', name: '이*봄' }),
              query: like(null),
              reason: string('수강 기간 문의 전화 확인'),
              requestid: string('pact-state'),
            }),
            next: like(null),
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchAdminPersonalDataAccess(null, undefined, clientFor(server.url));
        expect(page.list[0]).toMatchObject({ kind: 'open' });
      }));

  it('ListAdminPersonalDataAccess: an operator is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .uponReceiving('the personal-data access record read by u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/PersonalDataAccess/List', (b) =>
        b.headers(headers).jsonBody({ limit: MEMBER_PAGE_SIZE, before: null }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(fetchAdminPersonalDataAccess(null, undefined, clientFor(server.url))).rejects.toMatchObject(
          refused(403, CONSOLE_REFUSALS.wrongRole),
        );
      }));
});
