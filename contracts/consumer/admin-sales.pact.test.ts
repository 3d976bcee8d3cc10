import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, CONSOLE_REFUSALS, DEMO_TOKEN } from './pact';
import { fetchAdminSalesExport, fetchAdminSalesReport } from '../../src/api/queries/admin-sales';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `admin-sales` tag (issue 39): a day's sales for an operator (new@demo.kr's two orders of
 * 2024-06-03, one by card partly refunded that day, one by 카카오페이), an instructor's 403, a period that ends before it
 * starts (400), and the same day as a CSV file fetched with the bearer token.
 */
const { eachLike, integer, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const DAY = '2024-06-03';
const BOOKED = ["a day's orders are booked", { day: DAY, useruid: 'u-demo-2', cardorder: 9201, kakaoorder: 9202, card: 42000, kakaopay: 30000, refunded: 2000 }] as const;
const QUERY = { from: DAY, until: DAY, groupby: 'day' } as const;
const pact = storefrontApiPact();

/**
 * A text body compared as text. The builder's `body()` stores bytes with a `contentType` rule that the verifier checks
 * by sniffing (a CSV sniffs as text/plain, never text/csv); the interaction's own withResponseBody (pact-core) keeps
 * the declared type and compares the text itself.
 */
function textBody<B>(builder: B, contentType: string, body: string): B {
  (builder as unknown as { interaction: { withResponseBody(body: string, contentType: string): void } }).interaction.withResponseBody(body, contentType);
  return builder;
}
/** The whole file: the state leaves nothing else on the day, so every figure is known. */
const FIGURES = '2,72000,2000,70000,42000,0,30000,0,0';
const CSV = `\uFEFF일자,시작일,종료일,주문 수,총매출,환불,순매출,카드,할부(카드 중),카카오페이,네이버페이,토스페이\r\n${DAY},${DAY},${DAY},${FIGURES}\r\n합계,${DAY},${DAY},${FIGURES}\r\n`;

const methods = { card: integer(42000), installment: integer(0), kakaopay: integer(30000), naverpay: integer(0), tosspay: integer(0) };
const figures = { gross: integer(72000), refunds: integer(2000), net: integer(70000), orders: integer(2), methods };

beforeEach(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console sales calls (storefront-web → storefront-api)', () => {
  it("GetAdminSalesReport: a day's gross, refunds, net, orders and methods, for an operator", () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...BOOKED)
      .uponReceiving('the sales of 2024-06-03 by day by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Sales/Report', (b) => b.headers(headers).jsonBody(QUERY))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            from: DAY,
            until: DAY,
            groupby: 'day',
            rows: eachLike({ key: DAY, label: DAY, from: DAY, until: DAY, contentsid: null, ...figures }),
            totals: figures,
          }),
        ),
      )
      .executeTest(async (server) => {
        const report = await fetchAdminSalesReport(QUERY, clientFor(server.url));
        expect(report.rows[0]).toMatchObject({ key: DAY, gross: 72000, net: 70000 });
        expect(report.totals.methods).toMatchObject({ card: 42000, kakaopay: 30000 });
      }));

  it('GetAdminSalesReport: an instructor is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .uponReceiving('the sales of 2024-06-03 by member u-demo-1, an instructor')
      .withRequest('POST', '/api/Admin/Sales/Report', (b) => b.headers(headers).jsonBody(QUERY))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(fetchAdminSalesReport(QUERY, clientFor(server.url))).rejects.toMatchObject({ status: 403, message: CONSOLE_REFUSALS.wrongRole });
      }));

  it('GetAdminSalesReport: a period that ends before it starts is 400 in Korean', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .uponReceiving('the sales of a period ending before it starts by member u-demo-1, the owner')
      .withRequest('POST', '/api/Admin/Sales/Report', (b) => b.headers(headers).jsonBody({ from: '2024-06-03', until: '2024-06-02', groupby: 'week' }))
      .willRespondWith(400, (b) => b.jsonBody({ success: false, respMessage: '기간의 끝이 시작보다 앞설 수 없습니다.' }))
      .executeTest(async (server) => {
        await expect(
          fetchAdminSalesReport({ from: '2024-06-03', until: '2024-06-02', groupby: 'week' }, clientFor(server.url)),
        ).rejects.toMatchObject({ status: 400, message: '기간의 끝이 시작보다 앞설 수 없습니다.' });
      }));

  it('ExportAdminSales: the day as a CSV file, under its Korean name, with the bearer token', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...BOOKED)
      .uponReceiving('the sales of 2024-06-03 as CSV by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Sales/Export', (b) => b.headers(headers).jsonBody({ ...QUERY, format: 'csv' }))
      .willRespondWith(200, (b) =>
        textBody(b, 'text/csv; charset=utf-8', CSV).headers({
          'Content-Disposition': regex(
            /^attachment; (filename="[^"]*"; )?filename\*=UTF-8''.+$/,
            `attachment; filename*=UTF-8''${encodeURIComponent(`매출_일별_${DAY}_${DAY}.csv`)}`,
          ),
        }),
      )
      .executeTest(async (server) => {
        const file = await fetchAdminSalesExport(QUERY, 'csv', clientFor(server.url));
        expect(file.name).toBe(`매출_일별_${DAY}_${DAY}.csv`);
        expect(await file.blob.text()).toContain(`합계,${DAY},${DAY},${FIGURES}`);
      }));
});
