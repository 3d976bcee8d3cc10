import { sql, type RawBuilder } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import { lecturesBeside } from './lectures';
import { certificateDueAtSql } from './certificates';

type MyLectureStatus = components['schemas']['MyLectureStatus'];

/** What the classroom shows of one enrolment besides its lecture record. */
export interface MyLectureRow {
  contentsid: number;
  start_at: string;
  end_at: string;
  completed_at: string | null;
  /** All enrolments matching the filter (a window over the filtered rows, taken before the page's limit). */
  total: number;
  /** Videos of the lecture the member completed. */
  done: number;
  lastvideoid: number | null;
  lastwatched: string | null;
  bookmarked: boolean;
  certificateno: string | null;
  /** When the certificate was issued, if it was. */
  certificate_at: string | null;
  /** When the association revoked the certificate (the console), if it did: it then no longer prints. */
  certificate_revoked_at: string | null;
  /** When the class met the certificate rule, or null (`certificateDueAtSql`). */
  due_at: string | null;
  name: string | null;
  /** The class's certificate rule columns (its share, and its current quiz's terms), for `certificateTermsOf`. */
  certificate_progress: number;
  pass_score: number | null;
  required_progress: number | null;
}

function statusFilter(me: string, status: MyLectureStatus, now: string): RawBuilder<unknown> {
  switch (status) {
    case 'ing':
      return sql`e.end_at > ${now}`;
    case 'end':
      return sql`e.end_at <= ${now}`;
    case 'ebook':
      return sql`exists(select 1 from lectures l where l.contentsid = e.contentsid and l.is_ebook)`;
    case 'certificate':
      return sql`${certificateDueAtSql(me, sql`e.contentsid`, sql`e.completed_at`)} is not null`;
    case 'bookmark':
      return sql`exists(select 1 from bookmarks b where b.useruid = e.useruid and b.contentsid = e.contentsid)`;
    case 'package':
      return sql`false`;
  }
}

/**
 * One page of a member's enrolments, newest first, with their lecture records and the member's progress, last
 * video, bookmark and certificate number: one statement, whose cost follows the page size and the member's own
 * enrolments (index enrollments_member_start), not the size of any table.
 */
export function myLecturesPage(
  db: Db,
  me: string,
  status: MyLectureStatus,
  p: { pageSize: number; offset: number },
  now: string,
) {
  const rows = sql`
    with pg as (
      select e.contentsid, e.start_at, e.end_at, e.completed_at, count(*) over ()::int as total
      from enrollments e where e.useruid = ${me} and ${statusFilter(me, status, now)}
      order by e.start_at desc, e.contentsid desc limit ${p.pageSize} offset ${p.offset})
    select pg.*,
      (select count(*)::int from progress w where w.useruid = ${me} and w.contentsid = pg.contentsid and w.completed) as done,
      lw.videoid as lastvideoid, lw.updated_at as lastwatched,
      exists(select 1 from bookmarks b where b.useruid = ${me} and b.contentsid = pg.contentsid) as bookmarked,
      c.certificateno, c.issued_at as certificate_at, c.revoked_at as certificate_revoked_at,
      ${certificateDueAtSql(me, sql`pg.contentsid`, sql`pg.completed_at`)} as due_at,
      (select name from members where useruid = ${me}) as name,
      (select k.certificate_progress from lectures k where k.contentsid = pg.contentsid) as certificate_progress,
      q.pass_score, q.required_progress
    from pg
    left join lateral (select q.pass_score, q.required_progress from quizzes q
      where q.contentsid = pg.contentsid and q.retired_at is null limit 1) q on true
    left join lateral (select videoid, updated_at from progress w where w.useruid = ${me} and w.contentsid = pg.contentsid
      order by updated_at desc limit 1) lw on true
    left join certificates c on c.useruid = ${me} and c.contentsid = pg.contentsid`;
  // Planned once per connection: its plan is the same for every member and page (issue 43).
  return lecturesBeside<MyLectureRow>(db, rows, sql`x.start_at desc, x.contentsid desc`, true);
}

/** How many enrolments match the filter: asked only when a page lies past the last one (its window is empty). */
export async function countMyLectures(db: Db, me: string, status: MyLectureStatus, now: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from enrollments e
    where e.useruid = ${me} and ${statusFilter(me, status, now)}`.execute(db);
  return r.rows[0]?.n ?? 0;
}
