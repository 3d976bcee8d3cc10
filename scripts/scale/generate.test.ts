import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { generate } from './generate';

// The generator writes with the triggers off and computes what they keep once at the end: if it forgets a kept
// table, `npm run bench:scale` times a query over missing rows. Each kept table must equal what it is kept from.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await migrate(database.db);
  await seed(database.db);
  await generate(database.db, '1k');
}, 120_000);
afterAll(() => database?.close());

const rows = async (query: ReturnType<typeof sql>) => (await query.execute(database.db)).rows;

describe('generate', () => {
  it('adds the lectures and member rows of its size', async () => {
    expect(await rows(sql`select count(*)::int as n from lectures`)).toEqual([{ n: 1027 }]);
    expect(((await rows(sql`select count(*)::int as n from enrollments`)) as { n: number }[])[0]!.n).toBeGreaterThan(9000);
  });

  it.each([
    [
      'lecture_keys',
      sql`select contentsid, categoryid, is_ebook, created_at, popularity, ratingavg, saleprice, search_text, grams
        from lecture_keys order by 1`,
      sql`select contentsid, categoryid, is_ebook, created_at, popularity, ratingavg, saleprice,
        search_key(search_text, subtitle) as search_text, search_grams(search_key(search_text, subtitle)) as grams
        from lectures order by 1`,
    ],
    [
      'tag_keys',
      sql`select contentsid, tag, created_at, popularity, ratingavg, saleprice from tag_keys order by 1, 2`,
      sql`select t.contentsid, t.tag, l.created_at, l.popularity, l.ratingavg, l.saleprice
        from tags t join lectures l using (contentsid) order by 1, 2`,
    ],
    ['tag_counts', sql`select tag, n from tag_counts where n > 0 order by 1`, sql`select tag, count(*)::int as n from tags group by 1 order by 1`],
    [
      'category_counts',
      sql`select categoryid, is_ebook, n from category_counts where n > 0 order by 1, 2`,
      sql`select categoryid, is_ebook, count(*)::int as n from lectures group by 1, 2 order by 1, 2`,
    ],
    [
      'rating columns',
      sql`select contentsid, ratingcnt, ratingavg from lectures order by 1`,
      sql`select l.contentsid, count(r.contentsid)::int as ratingcnt,
          coalesce(round(avg(r.ratescore)::numeric, 1), 0)::float8 as ratingavg
        from lectures l left join ratings r using (contentsid) group by 1 order by 1`,
    ],
    [
      'search text',
      sql`select contentsid, search_text from lectures order by 1`,
      sql`select l.contentsid, l.title || E'\n' || l.teacher || E'\n'
          || coalesce((select string_agg(t.tag, ',' order by t.tag) from tags t where t.contentsid = l.contentsid), '') as search_text
        from lectures l order by 1`,
    ],
    [
      'point balances',
      sql`select useruid, balance from point_balances where balance <> 0 order by 1`,
      sql`select useruid, sum(amount)::int as balance from points group by 1 having sum(amount) <> 0 order by 1`,
    ],
    ['rating total', sql`select n from rating_total`, sql`select count(*)::int as n from ratings`],
  ])('keeps %s as its triggers would', async (_name, kept, from) => {
    const [k, f] = await Promise.all([rows(kept), rows(from)]);
    expect(k.length).toBeGreaterThan(0);
    expect(k).toEqual(f);
  });
});
