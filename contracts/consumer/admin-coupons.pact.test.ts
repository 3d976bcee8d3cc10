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
import {
  CAMPAIGN_PAGE_SIZE,
  createAdminCouponCampaign,
  downloadAdminCouponCodes,
  fetchAdminCouponCampaigns,
  issueAdminCouponCampaign,
  stopAdminCouponCampaign,
  type AdminCouponCampaignDraft,
} from '../../src/api/queries/admin-coupons';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `admin-coupons` tag (issue 39): coupon campaigns for the owner and operators - the list with its
 * figures, a campaign created under the console's Idempotency-Key, issued into new@demo.kr's wallet, stopped, and a code
 * campaign's codes downloaded as CSV. The staff member is DEMO_MEMBER in the role its state gives.
 */
const { eachLike, integer, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const KEY = (example: string) => regex(/^[\x21-\x7e]{1,100}$/, example);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CODES = ['a coupon campaign exists', { campaignid: 9201, kind: 'codes', name: '봄맞이 3,000원 할인' }] as const;
const WALLETS = ['a coupon campaign exists', { campaignid: 9202, kind: 'members', name: '재수강 감사 쿠폰' }] as const;
const pact = storefrontApiPact();

const DRAFT: AdminCouponCampaignDraft = {
  name: '가을 10% 할인',
  kind: 'members',
  discounttype: 'percent',
  discountvalue: 10,
  maxdiscount: 20000,
  minprice: 30000,
  validfrom: '2024-09-01',
  validuntil: '2099-09-30',
  contentsids: [],
  categoryids: [],
};

/** A campaign as the console reads it; `over` fixes what the interaction is about. */
const campaignRecord = (over: Record<string, unknown>) => ({
  campaignid: integer(9201),
  name: string('봄맞이 3,000원 할인'),
  kind: 'codes',
  discounttype: 'fixed',
  discountvalue: integer(3000),
  maxdiscount: null,
  minprice: integer(0),
  validfrom: regex(DAY, '2024-01-01'),
  validuntil: regex(DAY, '2099-12-31'),
  contentsids: [],
  categoryids: [],
  createdat: regex(DATE_TIME, '2024-05-01T10:00:00+09:00'),
  createdby: string('정운영'),
  stoppedat: null,
  issued: integer(3),
  used: integer(0),
  discount: integer(0),
  refunded: integer(0),
  ...over,
});

beforeEach(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console coupon calls (storefront-web → storefront-api)', () => {
  it('ListAdminCouponCampaigns: campaigns with their figures, for an operator', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...CODES)
      .uponReceiving('the coupon campaigns named 봄맞이 by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Coupons/List', (b) =>
        b.headers(headers).jsonBody({ q: '봄맞이', state: 'all', page: 1, pageSize: CAMPAIGN_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ list: eachLike(campaignRecord({})), totalCount: integer(1), page: 1, pageSize: CAMPAIGN_PAGE_SIZE })),
      )
      .executeTest(async (server) => {
        const page = await fetchAdminCouponCampaigns({ q: '봄맞이', state: 'all' }, 1, clientFor(server.url));
        expect(page.list[0]).toMatchObject({ kind: 'codes', issued: 3 });
      }));

  it('ListAdminCouponCampaigns: an instructor is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .uponReceiving('the coupon campaigns by member u-demo-1, an instructor')
      .withRequest('POST', '/api/Admin/Coupons/List', (b) =>
        b.headers(headers).jsonBody({ state: 'all', page: 1, pageSize: CAMPAIGN_PAGE_SIZE }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(fetchAdminCouponCampaigns({ state: 'all' }, 1, clientFor(server.url))).rejects.toMatchObject({
          status: 403,
          message: CONSOLE_REFUSALS.wrongRole,
        });
      }));

  it('CreateAdminCouponCampaign: a 10% wallet campaign capped at 20,000 won, once per key', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .uponReceiving('a 10% wallet campaign created by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Coupons', (b) =>
        b.headers({ ...headers, 'Idempotency-Key': KEY('5b1f0c3e-2a4d-4f6b-9e8c-7d1a2b3c4d5e') }).jsonBody(DRAFT),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope(
            campaignRecord({
              name: DRAFT.name,
              kind: 'members',
              discounttype: 'percent',
              discountvalue: 10,
              maxdiscount: 20000,
              minprice: 30000,
              validfrom: DRAFT.validfrom,
              validuntil: DRAFT.validuntil,
              issued: 0,
            }),
          ),
        ),
      )
      .executeTest(async (server) => {
        const made = await createAdminCouponCampaign(DRAFT, '5b1f0c3e-2a4d-4f6b-9e8c-7d1a2b3c4d5e', clientFor(server.url));
        expect(made).toMatchObject({ kind: 'members', maxdiscount: 20000, issued: 0 });
      }));

  it('CreateAdminCouponCampaign: a percent without a cap is 400, nothing created', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .uponReceiving('a percent campaign without a cap by member u-demo-1, the owner')
      .withRequest('POST', '/api/Admin/Coupons', (b) =>
        b.headers({ ...headers, 'Idempotency-Key': KEY('no-cap-1') }).jsonBody({ ...DRAFT, maxdiscount: null }),
      )
      .willRespondWith(400, (b) => b.jsonBody({ success: false, respMessage: string('정률 할인에는 최대 할인 금액을 적어주세요.') }))
      .executeTest(async (server) => {
        await expect(createAdminCouponCampaign({ ...DRAFT, maxdiscount: null }, 'no-cap-1', clientFor(server.url))).rejects.toMatchObject({
          status: 400,
          message: '정률 할인에는 최대 할인 금액을 적어주세요.',
        });
      }));

  it('CreateAdminCouponCampaign: a member who is not staff is 403', () =>
    pact
      .addInteraction()
      .given(NOT_STAFF, DEMO_MEMBER)
      .uponReceiving('a coupon campaign created by member u-demo-1, not staff')
      .withRequest('POST', '/api/Admin/Coupons', (b) => b.headers({ ...headers, 'Idempotency-Key': KEY('k-403') }).jsonBody(DRAFT))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.notStaff) }))
      .executeTest(async (server) => {
        await expect(createAdminCouponCampaign(DRAFT, 'k-403', clientFor(server.url))).rejects.toMatchObject({
          status: 403,
          message: CONSOLE_REFUSALS.notStaff,
        });
      }));

  it('IssueAdminCouponCampaign: into new@demo.kr’s wallet; an unknown e-mail is reported, not created', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...WALLETS)
      .uponReceiving('campaign 9202 issued to new@demo.kr and nobody@demo.kr by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Coupons/9202/Issue', (b) =>
        b.headers(headers).jsonBody({ emails: ['new@demo.kr', 'nobody@demo.kr'] }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            issued: 1,
            lines: [
              { line: 1, email: 'new@demo.kr', outcome: 'issued', message: string('발급했습니다.') },
              { line: 2, email: 'nobody@demo.kr', outcome: 'unknown', message: string('가입한 회원이 없는 이메일입니다.') },
            ],
          }),
        ),
      )
      .executeTest(async (server) => {
        const done = await issueAdminCouponCampaign(9202, ['new@demo.kr', 'nobody@demo.kr'], clientFor(server.url));
        expect(done.lines.map((l) => l.outcome)).toEqual(['issued', 'unknown']);
      }));

  it('StopAdminCouponCampaign: the campaign stopped, for the owner', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .given(...CODES)
      .uponReceiving('campaign 9201 stopped by member u-demo-1, the owner')
      .withRequest('POST', '/api/Admin/Coupons/9201/Stop', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope(campaignRecord({ campaignid: 9201, stoppedat: regex(DATE_TIME, '2026-12-07T10:00:00+09:00') }))),
      )
      .executeTest(async (server) => {
        const stopped = await stopAdminCouponCampaign(9201, clientFor(server.url));
        expect(stopped.stoppedat).not.toBeNull();
      }));

  it('ExportAdminCouponCodes: a code campaign’s codes as a CSV file', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...CODES)
      .uponReceiving('the codes of campaign 9201 downloaded by member u-demo-1, an operator')
      .withRequest('GET', '/api/Admin/Coupons/9201/Codes', (b) => b.headers(headers))
      .willRespondWith(200, (b) =>
        // The file's lines are the server's (server/tests/admin-coupons.test.ts reads them back); the console needs its
        // type and name. Pact matches a non-JSON body byte for byte as binary, which CSV text is not.
        b.headers({
          'Content-Type': regex(/^text\/csv(; ?charset=utf-8)?$/, 'text/csv; charset=utf-8'),
          'Content-Disposition': 'attachment; filename="coupon-codes-9201.csv"',
        }),
      )
      .executeTest(async (server) => {
        const file = await downloadAdminCouponCodes(9201, clientFor(server.url));
        expect(file.filename).toBe('coupon-codes-9201.csv');
        expect(file.blob.type).toMatch(/^text\/csv/);
      }));
});
