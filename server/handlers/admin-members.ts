import { recordAudit } from '../domain/audit';
import { signGrant, viewAsTarget } from '../domain/viewAs';
import { iso, kst } from '../lib/time';
import { ok, type Handlers } from '../openapi/typed';
import { writes, type CacheTable } from '../openapi/cacheTags';

/** The console's members area: 회원 화면으로 보기 (the roles are checked by the dispatcher). */
export const adminMembers = {
  /**
   * One opening: the audit entry (who, whom, which class, why, the request id) and the grant naming it, together. The
   * member's own session is never touched: the grant is only ever good beside the staff member's own token.
   */
  async openAdminViewAs(ctx) {
    const staff = ctx.staff!;
    const opened = await ctx.s.db.transaction().execute(async (tx) => {
      const { reason, lecture, member } = await viewAsTarget(tx, ctx.body);
      const auditid = await recordAudit(tx, ctx, {
        operation: 'openAdminViewAs',
        objectType: 'member',
        objectId: member.useruid,
        after: { email: member.email, contentsid: lecture.contentsid, title: lecture.title, reason },
      });
      const grant = signGrant({ auditid, staff: staff.useruid, member: member.useruid, contentsid: lecture.contentsid });
      return { grant, lecture, member };
    });
    return ok({
      grant: opened.grant.text,
      expiresat: iso(kst(new Date(opened.grant.expires * 1000))),
      contentsid: opened.lecture.contentsid,
      title: opened.lecture.title,
      member: opened.member,
    });
  },
} satisfies Partial<Handlers>;

export const adminMembersCache = {
  openAdminViewAs: writes(['audit_log']),
} satisfies CacheTable<typeof adminMembers>;
