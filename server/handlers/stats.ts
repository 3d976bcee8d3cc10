import { sql } from 'kysely';
import type { StatsRow } from '../db/rows';
import { one } from '../db/query';
import { fail } from '../lib/failure';
import { ok, type Handlers } from '../openapi/typed';
import { reads, type CacheTable } from '../openapi/cacheTags';

interface StatsFigures extends StatsRow {
  lecturecnt: number;
  reviewcnt: number;
  ratingavg: number;
  enrolled: number;
}

/** The association's figures on /main. */
export const stats = {
  async getStats({ s }) {
    const r = await one(
      s.db,
      sql<StatsFigures>`select s.*, (select count(*)::int from lectures where state = 'published') as lecturecnt, (select count(*)::int from ratings) as reviewcnt,
        (select coalesce(round(avg(ratescore)::numeric, 1), 0)::float8 from ratings) as ratingavg,
        (select count(*)::int from enrollments) as enrolled
      from stats s where statid = 1`,
    );
    if (!r) return fail(404, '요청하신 정보를 찾을 수 없습니다.');
    return ok({
      membercnt: r.members,
      lecturecnt: r.lecturecnt,
      studentcnt: r.members + r.enrolled,
      reviewcnt: r.reviewcnt,
      teachercnt: r.teachers,
      ratingavg: Number(r.ratingavg),
    });
  },
} satisfies Partial<Handlers>;

/** What each operation reads or writes, for the catalogue cache (server/openapi/cacheTags.ts). */
export const statsCache = {
  getStats: reads(['stats', 'lectures', 'ratings', 'enrollments']),
} satisfies CacheTable<typeof stats>;
