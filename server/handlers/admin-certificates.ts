import { recordAudit } from '../domain/audit';
import {
  certificateByNumber,
  certificatePage,
  revokeCertificate,
  type CertificateListRow,
} from '../domain/certificateRevocation';
import { maskEmail, maskName } from '../domain/privacy';
import { iso, isoOrNull } from '../lib/time';
import { ok, type Handlers } from '../openapi/typed';
import { pageOf } from '../domain/paging';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';

/** A certificate as the console shows it: the member masked, as in every console list. */
const toAdminCertificate = (r: CertificateListRow) => ({
  certificateno: r.certificateno,
  contentsid: r.contentsid,
  title: r.title,
  member: { useruid: r.useruid, name: maskName(r.name), email: maskEmail(r.email) },
  issuedat: iso(r.issued_at),
  revokedat: isoOrNull(r.revoked_at),
  revokereason: r.revoke_reason,
  revokedby: r.revoked_by ? (r.revoked_by_name ?? r.revoked_by) : null,
});

/** The console's issued certificates (issue 39): the list, and revoking one with a reason. */
export const adminCertificates = {
  async listAdminCertificates({ s, body }) {
    const { rows, total, p } = await certificatePage(s.db, body);
    return ok(pageOf(rows.map(toAdminCertificate), total, p));
  },
  async revokeAdminCertificate(ctx) {
    const number = ctx.params.certificateno.trim().toUpperCase();
    return ctx.s.db.transaction().execute(async (tx) => {
      const { before, revoked } = await revokeCertificate(tx, number, ctx.body.reason, ctx.staff!.useruid);
      const now = (await certificateByNumber(tx, number))!;
      // A doubled press finds it revoked: the first revocation stands and the trail keeps one entry.
      if (revoked)
        await recordAudit(tx, ctx, {
          operation: 'revokeAdminCertificate',
          objectType: 'certificate',
          objectId: number,
          before: { useruid: before.useruid, contentsid: before.contentsid, revokedat: null },
          after: { revokedat: now.revoked_at, reason: now.revoke_reason },
        });
      return ok(toAdminCertificate(now), revoked ? '수료증을 취소했습니다.' : '이미 취소된 수료증입니다.');
    });
  },
} satisfies Partial<Handlers>;

export const adminCertificatesCache = {
  listAdminCertificates: uncachedRead,
  revokeAdminCertificate: writes(['certificates', 'audit_log']),
} satisfies CacheTable<typeof adminCertificates>;
