import { sql } from 'kysely';
import type { Db } from '../db/database';
import { all } from '../db/query';

export interface AuditRow {
  auditid: number;
  at: string;
  actor: string;
  actorname: string;
  actor_role: string;
  operation: string;
  object_type: string;
  object_id: string;
  summary: string;
  request_id: string;
}

export interface AuditFilter {
  limit: number;
  before?: number | null | undefined;
  actor?: string | undefined;
  operation?: string | undefined;
  objecttype?: string | undefined;
  objectid?: string | undefined;
  /** KST days, inclusive. */
  from?: string | undefined;
  until?: string | undefined;
}

/**
 * One page of the trail, newest first, cut on the entry id (keyset: a deep page costs what the first does). One row
 * more than asked tells whether there is a next page.
 */
export async function auditPage(db: Db, f: AuditFilter): Promise<{ rows: AuditRow[]; nextBefore: number | null }> {
  const rows = await all(
    db,
    sql<AuditRow>`select a.*, coalesce(m.name, a.actor) as actorname from audit_log a left join members m on m.useruid = a.actor
      where (${f.before ?? null}::int is null or a.auditid < ${f.before ?? null}::int)
        and (${f.actor ?? null}::text is null or a.actor = ${f.actor ?? null}::text)
        and (${f.operation ?? null}::text is null or a.operation = ${f.operation ?? null}::text)
        and (${f.objecttype ?? null}::text is null or a.object_type = ${f.objecttype ?? null}::text)
        and (${f.objectid ?? null}::text is null or a.object_id = ${f.objectid ?? null}::text)
        and (${f.from ?? null}::text is null or a.at >= ${f.from ?? null}::text)
        and (${f.until ?? null}::text is null or a.at < (${f.until ?? null}::date + 1)::text)
      order by a.auditid desc limit ${f.limit + 1}`,
  );
  const more = rows.length > f.limit;
  const page = rows.slice(0, f.limit);
  return { rows: page, nextBefore: more ? page[page.length - 1]!.auditid : null };
}
