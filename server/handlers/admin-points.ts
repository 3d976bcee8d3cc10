import { recordAudit } from '../domain/audit';
import { adjustPoints, pointEntry, pointPage, type PointListRow } from '../domain/pointAdjustments';
import { pageOf } from '../domain/paging';
import { maskEmail, maskName } from '../domain/privacy';
import { iso } from '../lib/time';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, writes, type CacheTable } from '../openapi/cacheTags';

/** A ledger entry as the console shows it: the member masked, as in every console list. */
const toAdminPoint = (r: PointListRow) => ({
  pointid: r.pointid,
  member: { useruid: r.useruid, name: maskName(r.name), email: maskEmail(r.email) },
  amount: r.amount,
  reason: r.reason,
  createdat: iso(r.created_at),
  balance: r.balance,
  staffname: r.staff_useruid ? (r.staff_name ?? r.staff_useruid) : null,
});

/** The console's points (issue 39): the ledger, and adding or taking a member's points with a reason. */
export const adminPoints = {
  async listAdminPoints({ s, body }) {
    const { rows, total, p } = await pointPage(s.db, body);
    return ok(pageOf(rows.map(toAdminPoint), total, p));
  },
  async adjustAdminPoints(ctx) {
    const { email, amount, reason } = ctx.body;
    return ctx.s.db.transaction().execute(async (tx) => {
      const { pointid, before, written } = await adjustPoints(tx, {
        email,
        amount,
        reason,
        staff: ctx.staff!.useruid,
        idempotencyKey: ctx.req.headers.get('idempotency-key'),
      });
      const entry = await pointEntry(tx, pointid);
      // A doubled request answers with the first entry: nothing moved, nothing more to record.
      if (written)
        await recordAudit(tx, ctx, {
          operation: 'adjustAdminPoints',
          objectType: 'member',
          objectId: entry.useruid,
          before: { balance: before },
          after: { balance: before + entry.amount, amount: entry.amount, reason: entry.reason, pointid },
        });
      const said =
        entry.amount > 0
          ? `${entry.amount.toLocaleString('ko-KR')}P를 적립했습니다.`
          : `${(-entry.amount).toLocaleString('ko-KR')}P를 차감했습니다.`;
      return ok({ entry: toAdminPoint(entry), balance: before + entry.amount }, said);
    });
  },
} satisfies Partial<Handlers>;

export const adminPointsCache = {
  listAdminPoints: uncachedRead,
  adjustAdminPoints: writes(['points', 'point_balances', 'audit_log']),
} satisfies CacheTable<typeof adminPoints>;
