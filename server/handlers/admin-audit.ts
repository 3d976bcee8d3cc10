import { auditPage } from '../domain/auditTrail';
import { iso } from '../lib/time';
import { ok, type Handlers } from '../openapi/typed';
import { uncachedRead, type CacheTable } from '../openapi/cacheTags';

/** The audit trail as the owner and operators read it (append-only: no operation changes an entry). */
export const adminAudit = {
  async listAdminAudit({ s, body }) {
    const { rows, nextBefore } = await auditPage(s.db, body);
    return ok({
      list: rows.map((r) => ({
        auditid: r.auditid,
        at: iso(r.at),
        actor: r.actor,
        actorname: r.actorname,
        actorrole: r.actor_role,
        operation: r.operation,
        objecttype: r.object_type,
        objectid: r.object_id,
        summary: JSON.parse(r.summary) as Record<string, unknown>,
        requestid: r.request_id,
      })),
      nextBefore,
    });
  },
} satisfies Partial<Handlers>;

export const adminAuditCache = {
  listAdminAudit: uncachedRead,
} satisfies CacheTable<typeof adminAudit>;
