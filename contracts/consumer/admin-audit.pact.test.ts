import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, CONSOLE_REFUSALS, DEMO_TOKEN } from './pact';
import { adminAuditEntry } from './fixtures';
import { AUDIT_PAGE_SIZE, fetchAdminAudit } from '../../src/api/queries/admin-audit';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `admin-audit` tag (the console, issue 38): the append-only audit trail, for owners and operators.
 * The trail only grows (a verification run adds entries), so the page asked for is one KST day the state holds
 * exactly one entry on: its answer has one known shape, the last page (`nextBefore: null`).
 */
const { eachLike, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const DAY = '2024-05-01';
const ONE_ENTRY = ['the audit trail has one entry on the day', { day: DAY, actor: 'u-demo-4', operation: 'grantAdminStaff' }] as const;
const pact = storefrontApiPact();

beforeAll(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console audit calls (storefront-web → storefront-api)', () => {
  it('ListAdminAudit: one day of the trail, newest first, for an operator', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...ONE_ENTRY)
      .uponReceiving('an audit trail request of one day by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Audit/List', (b) =>
        b.headers(headers).jsonBody({ from: DAY, until: DAY, limit: AUDIT_PAGE_SIZE, before: null }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(okEnvelope({ list: eachLike({ ...adminAuditEntry, actor: 'u-demo-4', operation: 'grantAdminStaff' }), nextBefore: null })),
      )
      .executeTest(async (server) => {
        const page = await fetchAdminAudit({ from: DAY, until: DAY }, null, clientFor(server.url));
        expect(page.list[0]?.operation).toBe('grantAdminStaff');
        expect(page.nextBefore).toBeNull();
      }));

  it('ListAdminAudit: an instructor is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .uponReceiving('an audit trail request by member u-demo-1, an instructor')
      .withRequest('POST', '/api/Admin/Audit/List', (b) => b.headers(headers).jsonBody({ limit: AUDIT_PAGE_SIZE, before: null }))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(fetchAdminAudit({}, null, clientFor(server.url))).rejects.toMatchObject({
          name: 'ApiError',
          status: 403,
          message: CONSOLE_REFUSALS.wrongRole,
        });
      }));
});
