import { sql } from 'kysely';
import type { Db } from '../db/database';
import { all } from '../db/query';
import { iso, kst } from '../lib/time';
import type { AuditActor } from './audit';
import { LEFT_MEMBER, maskName } from './privacy';

/**
 * The personal-data access record (issue 39; 개인정보의 안전성 확보조치 기준 제8조): every opening of a member's whole
 * record and every export of members' personal data by staff, with who, when, which member or query, and why. It is
 * written in the transaction that reads the data, so nothing is read without its line. The table refuses UPDATE and
 * TRUNCATE, and DELETE of any line younger than two years (migration 045).
 */
export interface PersonalDataAccess {
  kind: 'open' | 'export';
  member?: string | null;
  query?: string | null;
  reason: string;
}

/** How long a line is kept: two years, what the rules ask of a store of over a million members (and more than the one year of the rest). */
export const ACCESS_KEPT_YEARS = 2;

export async function recordPersonalDataAccess(db: Db, actor: AuditActor, access: PersonalDataAccess): Promise<void> {
  if (!actor.staff) throw new Error('personal-data access: no staff member (not a console operation?)');
  await sql`insert into personal_data_access (at, actor, actor_role, kind, member, query, reason, request_id)
    values (${kst()}, ${actor.staff.useruid}, ${actor.staff.role}, ${access.kind}, ${access.member ?? null},
      ${access.query ?? null}, ${access.reason}, ${actor.requestId})`.execute(db);
}

interface AccessRow {
  accessid: number;
  at: string;
  actor: string;
  actor_role: string;
  kind: 'open' | 'export';
  member: string | null;
  query: string | null;
  reason: string;
  request_id: string;
  staff_name: string | null;
  member_name: string | null;
  member_left: boolean | null;
}

/** One page of the record, newest first (keyset on the line's id), optionally one member's lines. */
export async function accessPage(db: Db, q: { limit: number; before?: number | null; member?: string }) {
  const rows = await all(
    db,
    sql<AccessRow>`select a.*, s.name as staff_name, m.name as member_name, (m.left_at is not null) as member_left
      from personal_data_access a
      left join members s on s.useruid = a.actor
      left join members m on m.useruid = a.member
      where (${q.before ?? null}::int is null or a.accessid < ${q.before ?? null}::int)
        and (${q.member ?? null}::text is null or a.member = ${q.member ?? null}::text)
      order by a.accessid desc limit ${q.limit + 1}`,
  );
  const more = rows.length > q.limit;
  const list = rows.slice(0, q.limit).map((r) => ({
    accessid: r.accessid,
    at: iso(r.at),
    staff: { useruid: r.actor, name: r.staff_name ?? r.actor, role: r.actor_role },
    kind: r.kind,
    member: r.member
      ? { useruid: r.member, name: r.member_left || !r.member_name ? LEFT_MEMBER : maskName(r.member_name) }
      : null,
    query: r.query,
    reason: r.reason,
    requestid: r.request_id,
  }));
  return { list, next: more ? list[list.length - 1]!.accessid : null };
}

/** Removes the lines past their two years (the only DELETE the table takes); run by the hourly sweep. */
export async function purgeExpiredAccess(db: Db, now: Date = new Date()): Promise<number> {
  const cut = new Date(now);
  cut.setUTCFullYear(cut.getUTCFullYear() - ACCESS_KEPT_YEARS);
  // A minute's margin: the table's own rule reads the database's clock.
  const r = await sql`delete from personal_data_access where at < ${kst(new Date(cut.getTime() - 60_000))}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
