import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { all, one } from '../db/query';
import { kst } from '../lib/time';

/**
 * "This member owns this class", in its two meanings, each written once:
 *
 * - **owns it now**: an enrolment whose end date is still ahead. It decides playing, handouts, the quiz, and
 *   refusing to sell the class again;
 * - **ever enrolled**: any enrolment, ended ones included. It decides who may ask a question, rate, or keep a
 *   bookmark: an ended class stays in the member's classroom.
 */

/** The SQL test "member `useruid` owns class `contentsid` now", for a query that reads many classes at once. */
export const ownsClassNowSql = (useruid: string, contentsid: RawBuilder<unknown> | number) =>
  sql<boolean>`exists(select 1 from enrollments e where e.useruid = ${useruid} and e.contentsid = ${contentsid}
    and e.end_at > ${kst()})`;

/** The member's enrolment in the class is running now. */
export async function ownsClassNow(db: Db, useruid: string | undefined, contentsid: number): Promise<boolean> {
  if (!useruid) return false;
  return !!(await one(db, sql`select 1 where ${ownsClassNowSql(useruid, contentsid)}`));
}

/** The member was enrolled in the class at some time, ended enrolments included. */
export async function everEnrolled(db: Db, useruid: string, contentsid: number): Promise<boolean> {
  return !!(await one(db, sql`select 1 from enrollments where useruid = ${useruid} and contentsid = ${contentsid}`));
}

/**
 * Which of `contentsids` the member owns now, with their titles (buying them again is refused). `exceptPayment`
 * leaves out the enrolments of one order, for the order that is being confirmed.
 */
export async function classesOwnedNow(
  db: Db,
  useruid: string,
  contentsids: number[],
  exceptPayment?: number,
): Promise<{ contentsid: number; title: string }[]> {
  if (contentsids.length === 0) return [];
  return all(
    db,
    sql<{ contentsid: number; title: string }>`select e.contentsid, l.title from enrollments e
      join lectures l on l.contentsid = e.contentsid
      where e.useruid = ${useruid} and e.end_at > ${kst()} and e.contentsid in (${sql.join(contentsids)})
        and e.paymentid is distinct from ${exceptPayment ?? null}
      order by e.contentsid`,
  );
}
