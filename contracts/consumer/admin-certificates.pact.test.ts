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
import { CERTIFICATE_PAGE_SIZE, fetchAdminCertificates, revokeAdminCertificate } from '../../src/api/queries/admin-certificates';
import { fetchCertificateCheck } from '../../src/api/queries/quiz';
import { setAccessTokenSource } from '../../src/api/client';

/**
 * Calls of the yaml's `admin-certificates` tag (issue 39): issued certificates for the owner and operators, revoking one
 * with a reason, and the public check of a revoked one (quiz tag's verifyCertificate, extended with `revokedat`).
 * The certificate is new@demo.kr's (u-demo-2) of class 101, issued standing by its state before each interaction.
 */
const { eachLike, integer, regex, string } = MatchersV3;
const headers = { ...commonHeaders, Authorization: regex(/^Bearer .+$/, `Bearer ${DEMO_TOKEN}`) };
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/;
const NUMBER = 'KPRA-PACT7QK2M9';
const ISSUED = ['a certificate has the number', { certificateno: NUMBER, useruid: 'u-demo-2', contentsid: 101 }] as const;
const REVOKED = ['the certificate was revoked', { certificateno: NUMBER }] as const;
const NO_CERTIFICATE = '수료증을 찾을 수 없습니다.';
const pact = storefrontApiPact();

/** The certificate as the console lists it: its number and class exact, the member masked, revoked or not. */
const certificateRecord = (revoked: boolean) => ({
  certificateno: NUMBER,
  contentsid: 101,
  title: string('매트 필라테스 기초'),
  member: { useruid: 'u-demo-2', name: string('이*봄'), email: string('ne*@demo.kr') },
  issuedat: regex(DATE_TIME, '2024-05-02T18:00:00+09:00'),
  revokedat: revoked ? regex(DATE_TIME, '2026-11-28T10:00:00+09:00') : null,
  revokereason: revoked ? string('수료 요건 부정 충족 확인') : null,
  revokedby: revoked ? string('김필라') : null,
});

beforeEach(() => setAccessTokenSource(() => DEMO_TOKEN));
afterAll(() => setAccessTokenSource(() => undefined));

describe('console certificate calls (storefront-web → storefront-api)', () => {
  it('ListAdminCertificates: found by its number, standing, for an operator', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...ISSUED)
      .uponReceiving('a search of the certificates by number by member u-demo-1, an operator')
      .withRequest('POST', '/api/Admin/Certificates/List', (b) =>
        b.headers(headers).jsonBody({ q: NUMBER, state: 'all', page: 1, pageSize: CERTIFICATE_PAGE_SIZE }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody(
          okEnvelope({
            list: eachLike(certificateRecord(false)),
            totalCount: integer(1),
            page: 1,
            pageSize: CERTIFICATE_PAGE_SIZE,
          }),
        ),
      )
      .executeTest(async (server) => {
        const page = await fetchAdminCertificates({ q: NUMBER, state: 'all' }, 1, clientFor(server.url));
        expect(page.list[0]).toMatchObject({ certificateno: NUMBER, revokedat: null });
      }));

  it('ListAdminCertificates: an instructor is 403', () =>
    pact
      .addInteraction()
      .given(...asStaff('instructor'))
      .uponReceiving('a list of the certificates by member u-demo-1, an instructor')
      .withRequest('POST', '/api/Admin/Certificates/List', (b) =>
        b.headers(headers).jsonBody({ state: 'all', page: 1, pageSize: CERTIFICATE_PAGE_SIZE }),
      )
      .willRespondWith(403, (b) => b.jsonBody({ success: false, respMessage: string(CONSOLE_REFUSALS.wrongRole) }))
      .executeTest(async (server) => {
        await expect(fetchAdminCertificates({ state: 'all' }, 1, clientFor(server.url))).rejects.toMatchObject({
          status: 403,
          message: CONSOLE_REFUSALS.wrongRole,
        });
      }));

  it('RevokeAdminCertificate: revoked with its reason, by the operator', () =>
    pact
      .addInteraction()
      .given(...asStaff('operator'))
      .given(...ISSUED)
      .uponReceiving('a revocation of a standing certificate by member u-demo-1, an operator')
      .withRequest('POST', `/api/Admin/Certificates/${NUMBER}/Revoke`, (b) =>
        b.headers(headers).jsonBody({ reason: string('수료 요건 부정 충족 확인') }),
      )
      .willRespondWith(200, (b) => b.jsonBody(okEnvelope(certificateRecord(true))))
      .executeTest(async (server) => {
        const c = await revokeAdminCertificate(NUMBER, '수료 요건 부정 충족 확인', clientFor(server.url));
        expect(c.revokedat).toMatch(DATE_TIME);
      }));

  it('RevokeAdminCertificate: an unknown number is 404', () =>
    pact
      .addInteraction()
      .given(...asStaff('owner'))
      .given('no certificate has the number', { certificateno: 'KPRA-0000000000' })
      .uponReceiving('a revocation of an unknown certificate number by member u-demo-1, the owner')
      .withRequest('POST', '/api/Admin/Certificates/KPRA-0000000000/Revoke', (b) =>
        b.headers(headers).jsonBody({ reason: string('확인') }),
      )
      .willRespondWith(404, (b) => b.jsonBody({ success: false, respMessage: string(NO_CERTIFICATE) }))
      .executeTest(async (server) => {
        await expect(revokeAdminCertificate('KPRA-0000000000', '확인', clientFor(server.url))).rejects.toMatchObject({
          status: 404,
          message: NO_CERTIFICATE,
        });
      }));

  it('Verify: a revoked certificate says so, and since when', () =>
    pact
      .addInteraction()
      .given(...ISSUED)
      .given(...REVOKED)
      .uponReceiving('a public check of a revoked certificate')
      .withRequest('GET', `/api/Certificate/Verify/${NUMBER}`, (b) => b.headers(commonHeaders))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          respMessage: string('취소된 수료증입니다. (2024년 6월 3일 취소)'),
          datas: {
            certificateno: NUMBER,
            maskedname: string('이*봄'),
            title: string('매트 필라테스 기초'),
            completedate: regex(DATE_TIME, '2024-05-02T18:00:00+09:00'),
            issuer: string('(사)필라테스재활협회'),
            revokedat: regex(DATE_TIME, '2024-06-03T10:00:00+09:00'),
          },
        }),
      )
      .executeTest(async (server) => {
        const c = await fetchCertificateCheck(NUMBER, clientFor(server.url));
        expect(c.revokedat).toBe('2024-06-03T10:00:00+09:00');
      }));
});
