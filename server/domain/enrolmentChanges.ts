import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import { one } from '../db/query';
import type { EnrollmentRow, MemberRow } from '../db/rows';
import { fail } from '../lib/failure';
import { daysFromNow, kst } from '../lib/time';
import { recordAudit, type AuditActor } from './audit';
import { NO_MEMBER } from './memberRecord';
import { ENROLMENT_DAYS } from '../../rules/orderTerms';

type Outcome = components['schemas']['AdminEnrolmentOutcome'];

export const MEMBER_LEFT = '탈퇴한 회원입니다.';
export const NO_CLASS = '클래스를 찾을 수 없습니다.';
export const END_BEFORE_TODAY = '종료일은 오늘 이후로 정해주세요.';
export const NOT_ENROLLED = '수강 중인 클래스가 아닙니다.';

export interface EnrolmentChange {
  useruid: string;
  contentsid: number;
  action: 'enrol' | 'revoke';
  /** `enrol`: the last KST day of access (YYYY-MM-DD); null: the store's own period from today. */
  enddate?: string | null;
  reason: string;
}

/** Today's KST date, 'YYYY-MM-DD'. */
export const todayKst = () => kst().slice(0, 10);

/** Why an end date cannot be used, or null: it must be a real calendar day, today or later. */
export function endDateProblem(enddate: string): string | null {
  const d = new Date(`${enddate}T00:00:00Z`);
  if (!/^\d{4}-\d\d-\d\d$/.test(enddate) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== enddate)
    return '종료일은 YYYY-MM-DD로 적어주세요.';
  return enddate < todayKst() ? END_BEFORE_TODAY : null;
}

/**
 * What an `enrol` would do to the member's row: the end it sets, and the outcome. A new or ended enrolment starts now;
 * a current one moves its end to the date asked, or keeps it when none is asked.
 */
export function plannedEnrol(row: Pick<EnrollmentRow, 'end_at'> | undefined, enddate: string | null | undefined, now = kst()) {
  const current = !!row && row.end_at > now;
  // No end date on a class the member has now: it keeps its end (so the same file twice changes nothing).
  if (current && !enddate) return { end: row.end_at, outcome: 'unchanged' as Outcome };
  const end = enddate ? `${enddate} 23:59:59` : daysFromNow(ENROLMENT_DAYS);
  const outcome: Outcome = !current ? 'granted' : row.end_at === end ? 'unchanged' : 'changed';
  return { end, outcome };
}

/**
 * One change of a member's access to a class, from the console, with its reason (issue 39). The member's row is
 * locked first, so two presses at once are one change and one 'unchanged'. Audited with the end before and after;
 * an unchanged request writes nothing and is not audited.
 */
export async function changeEnrolment(tx: Db, actor: AuditActor, c: EnrolmentChange): Promise<Outcome> {
  const member = await one(tx, sql<MemberRow>`select * from members where useruid = ${c.useruid} for update`);
  if (!member) return fail(404, NO_MEMBER);
  if (member.left_at) return fail(409, MEMBER_LEFT);
  const lecture = await one(tx, sql<{ title: string }>`select title from lectures where contentsid = ${c.contentsid}`);
  if (!lecture) return fail(404, NO_CLASS);
  if (c.action === 'enrol' && c.enddate) {
    const problem = endDateProblem(c.enddate);
    if (problem) return fail(400, problem);
  }
  const row = await one(
    tx,
    sql<EnrollmentRow>`select * from enrollments where useruid = ${c.useruid} and contentsid = ${c.contentsid} for update`,
  );
  const now = kst();
  let outcome: Outcome;
  let end: string;
  if (c.action === 'revoke') {
    if (!row || row.end_at <= now) return fail(409, NOT_ENROLLED);
    outcome = 'revoked';
    end = now;
    await sql`update enrollments set end_at = ${end} where useruid = ${c.useruid} and contentsid = ${c.contentsid}`.execute(tx);
  } else {
    ({ end, outcome } = plannedEnrol(row, c.enddate, now));
    if (outcome === 'granted')
      await sql`insert into enrollments (useruid, contentsid, paymentid, start_at, end_at)
        values (${c.useruid}, ${c.contentsid}, null, ${now}, ${end})
        on conflict (useruid, contentsid) do update set paymentid = null, start_at = excluded.start_at, end_at = excluded.end_at`.execute(tx);
    else if (outcome === 'changed')
      await sql`update enrollments set end_at = ${end} where useruid = ${c.useruid} and contentsid = ${c.contentsid}`.execute(tx);
  }
  if (outcome !== 'unchanged')
    await recordAudit(tx, actor, {
      operation: 'changeAdminEnrolment',
      objectType: 'member',
      objectId: c.useruid,
      before: row ? { contentsid: c.contentsid, endat: row.end_at } : { contentsid: c.contentsid, endat: null },
      after: { contentsid: c.contentsid, title: lecture.title, endat: end, outcome, reason: c.reason.trim() },
    });
  return outcome;
}
