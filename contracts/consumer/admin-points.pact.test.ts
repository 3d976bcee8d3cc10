import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MatchersV3,
  clientFor,
  commonHeaders,
  okEnvelope,
  storefrontApiPact,
  asStaff,
  CONSOLE_REFUSALS,
  DEMO_MEMBER,
  DEMO_TOKEN,
  NOT_STAFF,
} from './pact';
import { adjustAdminPoints, fetchAdminPoints, POINT_PAGE_SIZE } from '../../src/api/queries/admin-points';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `admin-points` tag (issue 39): the points ledger for the owner and operators, and adding or taking
 * a member's points with a reason under the console's Idempotency-Key. The member whose points move is new@demo.kr
 * (u-demo-2); the staff member is DEMO_MEMBER in the role its state gives.
 */
const { eachLike, integer, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
/** The console's key, one per adjustment: each interaction's example its own, or verification would find one key reused. */
const KEY = (example: string) => regex(/^[\x21-\x7e]{1,100}$/, example);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/;
const NO_POINTS = ['the member has no points', { useruid: 'u-demo-2' }] as const;
const TOO_MUCH = '차감할 포인트가 회원의 사용 가능 포인트(0P)보다 많습니다.';
const pact = storefrontApiPact();

const entryRecord = (e: { amount: number; reason: string; staff: boolean }) => ({
  pointid: integer(41),
  member: { useruid: string('u-demo-2'), name: string('이*봄'), email: string('ne*@demo.kr') },
  amount: e.amount,
  reason: e.reason,
  createdat: regex(DATE_TIME, '2026-11-28T10:00:00+09:00'),
  balance: integer(1000),
  staffname: e.staff ? string('김필라') : null,
});

beforeEach(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console points calls (storefront-web → storefront-api)', () => {
  it('ListAdminPoints: a member’s whole ledger, newest first, for an operator', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .uponReceiving('the ledger of member@demo.kr by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Points/List', (b) =>
        b.headers(headers).jsonBody({ q: 'member@demo.kr', console: false, page: 1, pageSize: POINT_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            list: eachLike({
              pointid: integer(4),
              member: { useruid: 'u-demo-1', name: string('김*라'), email: string('me****@demo.kr') },
              amount: integer(1000),
              reason: string('후기 작성 이벤트'),
              createdat: regex(DATE_TIME, '2024-04-01T10:00:00+09:00'),
              balance: integer(5500),
              staffname: null,
            }),
            totalCount: integer(4),
            page: 1,
            pageSize: POINT_PAGE_SIZE,
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchAdminPoints({ q: 'member@demo.kr', console: false }, 1, clientFor(server.url));
        expect(page.list[0]?.member.useruid).toBe('u-demo-1');
      }));

  it('AdjustAdminPoints: 1,000P added with a reason, once per key', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .uponReceiving('1,000 points added to new@demo.kr by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Points', (b) =>
        b
          .headers({ ...headers, 'Idempotency-Key': KEY('9c2e4f1a-7b3d-4e8a-a1c5-2d6f8b0e4a71') })
          .jsonBody({ email: 'new@demo.kr', amount: 1000, reason: '후기 이벤트 당첨' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({ entry: entryRecord({ amount: 1000, reason: '후기 이벤트 당첨', staff: true }), balance: integer(1000) }),
        ),
      )
      .executeTest(async (server) => {
        const done = await adjustAdminPoints(
          { email: 'new@demo.kr', amount: 1000, reason: '후기 이벤트 당첨' },
          '9c2e4f1a-7b3d-4e8a-a1c5-2d6f8b0e4a71',
          clientFor(server.url),
        );
        expect(done.entry).toMatchObject({ amount: 1000, reason: '후기 이벤트 당첨' });
      }));

  it('AdjustAdminPoints: taking more than the member can spend is 409, nothing taken', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .given(...NO_POINTS)
      .uponReceiving('1,000 points taken from new@demo.kr who has none, by member u-demo-1, the owner')
      .withRequest('POST', '/api/Admin/Points', (b) =>
        b
          .headers({ ...headers, 'Idempotency-Key': KEY('take-1') })
          .jsonBody({ email: 'new@demo.kr', amount: -1000, reason: '중복 지급 회수' }),
      )
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string(TOO_MUCH) }))
      .executeTest(async (server) => {
        await expect(
          adjustAdminPoints({ email: 'new@demo.kr', amount: -1000, reason: '중복 지급 회수' }, 'take-1', clientFor(server.url)),
        ).rejects.toMatchObject({ status: 409, message: TOO_MUCH });
      }));

  it('AdjustAdminPoints: a member who is not staff is 403', () =>
    pact
      .addInteraction()
      .given(NOT_STAFF, DEMO_MEMBER)
      .uponReceiving('points added to new@demo.kr by member u-demo-1, not staff')
      .withRequest('POST', '/api/Admin/Points', (b) =>
        b
          .headers({ ...headers, 'Idempotency-Key': KEY('k-403') })
          .jsonBody({ email: 'new@demo.kr', amount: 1000, reason: '후기 이벤트 당첨' }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.notStaff) }))
      .executeTest(async (server) => {
        await expect(
          adjustAdminPoints({ email: 'new@demo.kr', amount: 1000, reason: '후기 이벤트 당첨' }, 'k-403', clientFor(server.url)),
        ).rejects.toMatchObject({ status: 403, message: CONSOLE_REFUSALS.notStaff });
      }));
});
