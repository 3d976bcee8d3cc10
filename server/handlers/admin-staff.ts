import { recordAudit } from '../domain/audit';
import { grantStaff, listStaff, revokeStaff, type Staff } from '../domain/staff';
import { iso } from '../lib/time';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';

const asStaff = (s: Staff) => ({ useruid: s.useruid, email: s.email, name: s.name, role: s.role, teachername: s.teachername });

/** The console's who-am-I, and the owner's staff management (the roles are checked by the dispatcher). */
export const adminStaff = {
  getAdminMe: ({ staff }) => ok(asStaff(staff!)),

  async listAdminStaff({ s }) {
    const rows = await listStaff(s.db);
    return ok(rows.map((r) => ({ ...asStaff(r), grantedat: iso(r.granted_at), grantedby: r.granted_by })));
  },

  async grantAdminStaff(ctx) {
    const after = await ctx.s.db.transaction().execute(async (tx) => {
      const change = await grantStaff(tx, ctx.body, ctx.staff!.useruid);
      await recordAudit(tx, ctx, { operation: 'grantAdminStaff', objectType: 'staff', objectId: change.after.useruid, ...change });
      return change.after;
    });
    return ok(asStaff(after), '운영진 역할을 저장했습니다.');
  },

  async revokeAdminStaff(ctx) {
    const before = await ctx.s.db.transaction().execute(async (tx) => {
      const ended = await revokeStaff(tx, ctx.params.useruid);
      await recordAudit(tx, ctx, { operation: 'revokeAdminStaff', objectType: 'staff', objectId: ended.useruid, before: ended, after: null });
      return ended;
    });
    return ok(asStaff(before), '운영진 역할을 해제했습니다.');
  },
} satisfies Partial<Handlers>;

export const adminStaffCache = {
  getAdminMe: uncachedRead,
  listAdminStaff: uncachedRead,
  grantAdminStaff: writes(['staff', 'audit_log']),
  revokeAdminStaff: writes(['staff', 'audit_log']),
} satisfies CacheTable<typeof adminStaff>;
