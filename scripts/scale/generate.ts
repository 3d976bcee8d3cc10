import { sql } from 'kysely';
import type { Db } from '../../server/db/database';

/** Sizes of `npm run bench:scale`: lectures added to the demo catalogue, and rows in each member table. */
export const SIZES = {
  demo: { lectures: 0, memberRows: 0 },
  /** For the generator's own test: every table, a few seconds on PGlite. */
  '1k': { lectures: 1_000, memberRows: 10_000 },
  '10k': { lectures: 10_000, memberRows: 100_000 },
  '100k': { lectures: 100_000, memberRows: 1_000_000 },
} as const;
export type SizeName = keyof typeof SIZES;

/** Generated members own the member rows; the demo member (u-demo-1) is member 1, so its reads can be timed. */
const MEMBERS = 10_000;
/** Generated lecture ids start above the demo's (101…127); sections and videos derive theirs from it. */
const FIRST_ID = 1001;

const uid = (m: string) => sql.raw(`(case when ${m} = 1 then 'u-demo-1' else 'u-scale-' || ${m} end)`);

/** Lectures a store adds in one statement (a staff import, a publishing batch): the unit the catalogue loads in. */
const BATCH = 1_000;

/**
 * Adds `size` to a migrated, demo-seeded database, set-based (`insert … select generate_series`). The catalogue
 * (lectures, tags, ratings) goes in through the triggers a live store runs, the way a store writes (issue 43): batches
 * of BATCH lectures, each batch's tags and ratings arriving in later statements, interleaved with the next batches'
 * lectures, and autovacuum (the derived tables' own settings, migration 049) the only cleaner, so the bench reads derived
 * tables as a live store has them. Member tables load with triggers off (session_replication_role) and their one kept
 * row each (point balances) is computed at the end.
 */
export async function generate(db: Db, size: SizeName, log: (line: string) => void = () => {}): Promise<void> {
  const { lectures: n, memberRows } = SIZES[size];
  if (n === 0) return;
  const perMember = memberRows / MEMBERS;
  const last = FIRST_ID + n - 1;
  // One connection: the replication role is a session setting.
  await db.connection().execute(async (c) => {
    const step = async (label: string, query: ReturnType<typeof sql>) => {
      const t = performance.now();
      await query.execute(c);
      log(`  ${label} (${Math.round(performance.now() - t)} ms)`);
    };
    // The catalogue's writes in the order a store makes them: batch b's lectures, then (one statement each, later)
    // the topic tags of batch b-1, the subject tags of b-2 and the three rounds of ratings of b-3, b-4 and b-5.
    const lecturesOf = (from: number, to: number) => sql`insert into lectures (contentsid, categoryid, title, subtitle, teacher, price, saleprice, thumbnail, level,
        period_days, is_ebook, popularity, main_type, created_at)
      select ${sql.lit(FIRST_ID)} + i, cat, topic || ' 클래스 ' || i, summary, teacher, price,
        case when i % 50 = 0 then 0 else price * 8 / 10 end, '/media/thumbs/101.svg', '초급', 90, cat = 311,
        (i * 7919) % 5000, case i % 100 when 0 then 'best' when 1 then 'new' when 2 then 'recommend' else '' end,
        to_char(timestamp '2020-01-01' + i * interval '5 minutes', 'YYYY-MM-DD HH24:MI:SS')
      from generate_series(${sql.lit(from - FIRST_ID)}, ${sql.lit(to - FIRST_ID)}) i,
        lateral (select (array[111, 112, 121, 122, 211, 212, 221, 222, 311])[1 + i % 9] as cat,
          (array['리포머 기초', '매트 코어', '캐딜락 스트레칭', '허리 재활', '목 안정화', '어깨 가동성', '오십견 회복',
            '호흡 루틴', '전신 플로우', '밸런스 트레이닝'])[1 + (i / 9) % 10] as topic,
          (array['박', '최', '정', '한', '김', '이', '윤', '서'])[1 + i % 8] || (i % 50) || ' 강사' as teacher,
          50000 + (i % 20) * 10000 as price,
          -- A word of one shelf only (issue 43): 전자책 in every ebook's summary, 단계별 in every other's.
          case when i % 9 = 8 then '전자책으로 따라하기' else '단계별 따라하기' end as summary) x`;
    const topicTagsOf = (from: number, to: number) => sql`insert into tags (contentsid, tag)
      select c, (array['리포머', '매트', '코어', '재활', '호흡', '스트레칭', '자세교정', '근력', '유연성', '밸런스'])[1 + c % 10]
        from generate_series(${sql.lit(from)}, ${sql.lit(to)}) c`;
    const subjectTagsOf = (from: number, to: number) =>
      sql`insert into tags (contentsid, tag) select c, '주제' || (c % 97) from generate_series(${sql.lit(from)}, ${sql.lit(to)}) c`;
    const ratingsOf = (r: number) => (from: number, to: number) => sql`insert into ratings (contentsid, useruid, username, ratescore, content, created_at)
        select c, 'u-scale-' || (2 + (c * 3 + ${sql.lit(r)}) % ${sql.lit(MEMBERS - 1)}), '회원', 1 + (c * 7 + ${sql.lit(r * 3)}) % 5,
          '도움이 많이 되었습니다.', to_char(timestamp '2024-01-01' + (c * 3 + ${sql.lit(r)}) * interval '1 minute', 'YYYY-MM-DD HH24:MI:SS')
        from generate_series(${sql.lit(from)}, ${sql.lit(to)}) c`;
    // Ratings name members: they exist before the first rating.
    await step(
      `${MEMBERS - 1} members`,
      sql`insert into members (useruid, userid, email, name, created_at)
      select 'u-scale-' || m, 'scale' || m, 'scale' || m || '@demo.kr', '회원' || m, '2024-01-01 00:00:00'
      from generate_series(2, ${sql.lit(MEMBERS)}) m`,
    );
    const later = [lecturesOf, topicTagsOf, subjectTagsOf, ratingsOf(0), ratingsOf(1), ratingsOf(2)];
    const batches = Math.ceil(n / BATCH);
    const t = performance.now();
    for (let b = 0; b < batches + later.length - 1; b++)
      for (const [lag, write] of later.entries()) {
        const k = b - lag;
        if (k < 0 || k >= batches) continue;
        await write(FIRST_ID + k * BATCH, Math.min(last, FIRST_ID + (k + 1) * BATCH - 1)).execute(c);
      }
    log(`  ${n} lectures, ${2 * n} tags, ${3 * n} ratings in ${batches * later.length} statements of ${BATCH} (${Math.round(performance.now() - t)} ms)`);
    await step(
      `${2 * n} sections`,
      sql`insert into sections (sectionid, contentsid, title, sort)
      select c * 10 + s, c, s || '장', s from generate_series(${sql.lit(FIRST_ID)}, ${sql.lit(last)}) c, generate_series(1, 2) s`,
    );
    await step(
      `${4 * n} videos`,
      sql`insert into videos (videoid, sectionid, contentsid, title, duration_sec, path, sort, is_preview)
      select c * 100 + j, c * 10 + 1 + (j - 1) / 2, c, j || '강', 300 + j * 60,
        'media/lectures/' || c || '/' || (c * 100 + j) || '.mp4', j, j = 1
      from generate_series(${sql.lit(FIRST_ID)}, ${sql.lit(last)}) c, generate_series(1, 4) j`,
    );
    await sql`set session_replication_role = replica`.execute(c);
    // Member k of member m: distinct lectures per member (997 is prime to every size).
    const memberLecture = (shift: number) => sql.raw(`${FIRST_ID} + ((m * 131 + k * 997 + ${shift}) % ${n})`);
    const grid = sql`generate_series(1, ${sql.lit(MEMBERS)}) m, generate_series(0, ${sql.lit(perMember - 1)}) k`;
    await step(
      `${memberRows} enrollments`,
      sql`insert into enrollments (useruid, contentsid, start_at, end_at)
      select ${uid('m')}, ${memberLecture(0)}, '2026-01-01 00:00:00',
        case when k % 5 = 0 then '2026-03-01 00:00:00' else '2027-12-31 00:00:00' end from ${grid}`,
    );
    await step(
      `${memberRows} progress`,
      sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at)
      select ${uid('m')}, ${memberLecture(0)}, (${memberLecture(0)}) * 100 + 1 + k % 4, 200, 200, k % 3 = 0,
        '2026-02-01 00:00:00' from ${grid}`,
    );
    await step(
      `${memberRows} payments`,
      sql`insert into payments (useruid, title, contentsids, amount, price_total, status, created_at, paid_at)
      select ${uid('m')}, '클래스 ' || ${memberLecture(0)}, (${memberLecture(0)})::text, 40000, 40000, 'paid',
        '2026-01-01 00:00:00', '2026-01-01 00:01:00' from ${grid}`,
    );
    await step(
      `${memberRows} points`,
      sql`insert into points (useruid, amount, reason, created_at)
      select ${uid('m')}, 100, '구매 적립', '2026-01-01 00:01:00' from ${grid}`,
    );
    await step(
      `${memberRows} carts`,
      sql`insert into carts (useruid, contentsid, created_at)
      select ${uid('m')}, ${memberLecture(500)}, '2026-01-01 00:00:00' from ${grid}
      on conflict do nothing`,
    );
    await sql`set session_replication_role = origin`.execute(c);
    await step(
      'point balances',
      sql`insert into point_balances (useruid, balance) select useruid, sum(amount)::int from points group by useruid
      on conflict (useruid) do update set balance = excluded.balance`,
    );
  });
  log(`  as loaded: ${await catalogueSizes(db)}`);
  const t = performance.now();
  await sql`vacuum analyze`.execute(db);
  log(`  vacuum analyze (${Math.round(performance.now() - t)} ms)`);
}

/** The catalogue's table and its derived tables, indexes included, in MB. */
export async function catalogueSizes(db: Db): Promise<string> {
  const sizes = await sql<{ name: string; mb: number }>`select c.relname as name,
      round(pg_total_relation_size(c.oid) / 1048576.0)::int as mb
    from pg_class c where c.relname in ('lectures', 'lecture_keys', 'tag_keys') order by 1`.execute(db);
  return sizes.rows.map((r) => `${r.name} ${r.mb} MB`).join(', ');
}
