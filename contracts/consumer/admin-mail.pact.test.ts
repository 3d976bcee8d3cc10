import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MatchersV3, clientFor, commonHeaders, okEnvelope, storefrontApiPact, asStaff, CONSOLE_REFUSALS, DEMO_TOKEN } from './pact';
import { fetchAdminMails, MAIL_PAGE_SIZE, resendAdminMail } from '../../src/api/queries/admin-mail';
import { setAccessTokenSource } from '../../src/api/client';
import type { components } from '../../src/api/schema.gen';

/**
 * Calls of the yaml's `admin-mail` tag (issue 40): the store's mails for the owner and operators, and 다시 보내기 of a
 * failed one. The outbox only grows with other pacts' orders (their mails wait, unsent, in verification), so the page
 * asked for is the failed certificate mails, of which the state holds exactly one: the last page (`nextBefore: null`).
 */
const { eachLike, integer, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/;
const REFUSED = "Can't send mail - all recipients were rejected: 550 5.1.1 <nobody@nowhere.invalid>: Recipient address rejected: no such mailbox";
const FAILED_MAIL = ['the outbox holds one failed mail', { mailid: 9001, kind: 'certificate-issued', useruid: 'u-demo-2' }] as const;
const SENT_MAIL = ['the outbox holds a sent mail', { mailid: 9002, kind: 'payment-confirmed', useruid: 'u-demo-2' }] as const;
const NOT_FAILED = '실패한 메일만 다시 보낼 수 있습니다.';
const pact = storefrontApiPact();

const failedMail: components['schemas']['AdminMail'] = {
  mailid: 9001,
  kind: 'certificate-issued',
  state: 'failed',
  attempts: 1,
  error: REFUSED,
  recipient: 'ne****@demo.kr',
  createdat: '2024-05-01T10:00:00+09:00',
  sentat: null,
  updatedat: '2024-05-01T10:00:05+09:00',
};
/** A mail record: its id, kind and state exact, the rest by type. */
const mailRecord = (fixed: { mailid: number; state: string }) => ({
  ...fixed,
  kind: 'certificate-issued',
  attempts: integer(failedMail.attempts),
  error: string(REFUSED),
  recipient: string(failedMail.recipient),
  createdat: regex(DATE_TIME, failedMail.createdat),
  sentat: null,
  updatedat: regex(DATE_TIME, failedMail.updatedat),
});

beforeEach(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console mail calls (storefront-web → storefront-api)', () => {
  it('ListAdminMails: the failed mails of one kind, with the reason, for an operator', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...FAILED_MAIL)
      .uponReceiving('a list of the failed certificate mails by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Mails/List', (b) =>
        b.headers(headers).jsonBody({ state: 'failed', kind: 'certificate-issued', limit: MAIL_PAGE_SIZE, before: null }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope({ list: eachLike(mailRecord({ mailid: 9001, state: 'failed' })), nextBefore: null })))
      .executeTest(async (server) => {
        const page = await fetchAdminMails({ state: 'failed', kind: 'certificate-issued' }, null, clientFor(server.url));
        expect(page.list[0]).toMatchObject({ mailid: 9001, state: 'failed', kind: 'certificate-issued', error: REFUSED });
        expect(page.nextBefore).toBeNull();
      }));

  it('ListAdminMails: an instructor is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .uponReceiving('a list of the mails by member u-demo-1, an instructor')
      .withRequest('POST', '/api/Admin/Mails/List', (b) => b.headers(headers).jsonBody({ limit: MAIL_PAGE_SIZE, before: null }))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(fetchAdminMails({}, null, clientFor(server.url))).rejects.toMatchObject({
          name: 'ApiError',
          status: 403,
          message: CONSOLE_REFUSALS.wrongRole,
        });
      }));

  it('ResendAdminMail: a failed mail goes back to the outbox, pending', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .given(...FAILED_MAIL)
      .uponReceiving('다시 보내기 of failed mail 9001 by member u-demo-1, the owner')
      .withRequest('POST', '/api/Admin/Mails/9001/Resend', (b) => b.headers(headers))
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(mailRecord({ mailid: 9001, state: 'pending' }))))
      .executeTest(async (server) => {
        expect(await resendAdminMail(9001, clientFor(server.url))).toMatchObject({ mailid: 9001, state: 'pending' });
      }));

  it('ResendAdminMail: a mail that did not fail is 409, so a doubled press sends once', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...SENT_MAIL)
      .uponReceiving('다시 보내기 of sent mail 9002 by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Mails/9002/Resend', (b) => b.headers(headers))
      .willRespondWith(409, (b) => b.jsonBody({ success: false, respMessage: string(NOT_FAILED) }))
      .executeTest(async (server) => {
        await expect(resendAdminMail(9002, clientFor(server.url))).rejects.toMatchObject({ name: 'ApiError', status: 409, message: NOT_FAILED });
      }));
});
