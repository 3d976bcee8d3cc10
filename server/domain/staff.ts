import { sql } from 'kysely';
import type { Db } from '../db/database';
import { all, one } from '../db/query';
import { fail } from '../lib/failure';
import { kst } from '../lib/time';

/** 대표 운영자 (everything, staff too), 운영자 (everything but staff), 강사 (content and Q&A of their own classes). */
export const STAFF_ROLES = ['owner', 'operator', 'instructor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_NAMES: Record<StaffRole, string> = { owner: '대표 운영자', operator: '운영자', instructor: '강사' };

/** A signed-in member who is staff: the row of the backend's own `staff` table, never a token claim. */
export interface Staff {
  useruid: string;
  email: string;
  name: string;
  role: StaffRole;
  /** An instructor's name as the classes name their teacher (`lectures.teacher`); null for owner and operator. */
  teachername: string | null;
}

interface StaffRow extends Staff {
  granted_at: string;
  granted_by: string;
}

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

/** The staff row of a member who has not left, or undefined for a member who is not staff. */
export function staffOf(db: Db, useruid: string): Promise<Staff | undefined> {
  return one(
    db,
    sql<Staff>`select s.useruid, m.email, m.name, s.role, s.teachername from staff s join members m on m.useruid = s.useruid
      where s.useruid = ${useruid} and m.left_at is null`,
  );
}

export function listStaff(db: Db): Promise<StaffRow[]> {
  return all(
    db,
    sql<StaffRow>`select s.useruid, m.email, m.name, s.role, s.teachername, s.granted_at, s.granted_by
      from staff s join members m on m.useruid = s.useruid order by case s.role when 'owner' then 0 when 'operator' then 1 else 2 end, m.email`,
  );
}

export const NO_SUCH_MEMBER = '해당 이메일로 가입한 회원이 없습니다. 한 번 로그인한 회원만 운영진으로 지정할 수 있습니다.';
export const LAST_OWNER = '마지막 대표 운영자는 해제하거나 다른 역할로 바꿀 수 없습니다.';
export const TEACHER_NAME_NEEDED = '강사 역할에는 담당 강사명이 필요합니다.';

/**
 * Grants (or changes) a member's role, by the email they signed in with; in the caller's transaction, with its audit
 * entry. Under a lock on the owners, so two requests cannot together demote the last owner. Returns the row before
 * and after, for the audit trail.
 */
export async function grantStaff(
  tx: Db,
  input: { email: string; role: StaffRole; teachername?: string | null | undefined },
  grantedBy: string,
): Promise<{ before: Staff | undefined; after: Staff }> {
  const teachername = input.role === 'instructor' ? (input.teachername?.trim() ?? '') : null;
  if (input.role === 'instructor' && !teachername) fail(400, TEACHER_NAME_NEEDED);
  const member = await one(tx, sql<{ useruid: string }>`select useruid from members where lower(email) = lower(${input.email.trim()}) and left_at is null`);
  if (!member) return fail(404, NO_SUCH_MEMBER);
  await sql`select useruid from staff where role = 'owner' for update`.execute(tx);
  const before = await staffOf(tx, member.useruid);
  if (before?.role === 'owner' && input.role !== 'owner') await refuseLastOwner(tx, member.useruid);
  await sql`insert into staff (useruid, role, teachername, granted_at, granted_by)
    values (${member.useruid}, ${input.role}, ${teachername}, ${kst()}, ${grantedBy})
    on conflict (useruid) do update set role = excluded.role, teachername = excluded.teachername,
      granted_at = excluded.granted_at, granted_by = excluded.granted_by`.execute(tx);
  return { before, after: (await staffOf(tx, member.useruid))! };
}

/**
 * Ends a member's staff role, in the caller's transaction. The last owner stays: a store with no owner could not name
 * staff again.
 */
export async function revokeStaff(tx: Db, useruid: string): Promise<Staff> {
  await sql`select useruid from staff where role = 'owner' for update`.execute(tx);
  const before = await staffOf(tx, useruid);
  if (!before) return fail(404, '운영진이 아닌 회원입니다.');
  if (before.role === 'owner') await refuseLastOwner(tx, useruid);
  await sql`delete from staff where useruid = ${useruid}`.execute(tx);
  return before;
}

async function refuseLastOwner(db: Db, useruid: string): Promise<void> {
  const others = await one(db, sql<{ n: number }>`select count(*)::int as n from staff where role = 'owner' and useruid <> ${useruid}`);
  if (!others?.n) fail(409, LAST_OWNER);
}
