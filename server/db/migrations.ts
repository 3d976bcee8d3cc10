import { COUPON_QUESTION, REFUND_QUESTION, couponAnswerHtml, issuedCoupons, perMemberCoupons, refundPolicyHtml } from './seed-data';
/**
 * Schema migrations, oldest first. Each entry is a list of single statements so the same text runs
 * on PGlite (extended protocol, one statement per call) and on PostgreSQL. Never edit a shipped
 * migration: append a new one. Timestamps are stored as text 'YYYY-MM-DD HH:MM:SS' (KST) so both
 * drivers return the same JS type; money and points are whole won in int4.
 */
/** A text as an SQL literal, for the few migrations that write the seed's own words. */
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * A video completed before coverage was recorded (017) was watched through under the rule of its day: its whole
 * length counts as covered. Also run by the seed, on the demo's completed videos.
 */
/**
 * Each paid video a member has progress on was played, under the order that enrolled them, at the class's first play
 * (migration 048 for older databases; the demo seed for its own progress).
 */
export const PLAYS_FROM_PROGRESS = `insert into video_plays (useruid, videoid, contentsid, paymentid, first_played_at)
  select p.useruid, p.videoid, p.contentsid, coalesce(e.paymentid, 0), coalesce(e.first_play_at, p.updated_at)
  from progress p join videos v on v.videoid = p.videoid and not v.is_preview
  join enrollments e on e.useruid = p.useruid and e.contentsid = p.contentsid
  where p.watched_sec > 0 or p.last_position > 0 or p.completed
  on conflict do nothing`;

export const COVER_COMPLETED_VIDEOS = `update progress p set watched_spans = '[[0,' || v.duration_sec || ']]', watched_sec = v.duration_sec
  from videos v where v.videoid = p.videoid and p.completed and p.watched_spans = '[]'`;

export const migrations: { id: string; statements: string[] }[] = [
  {
    id: '001_catalog',
    statements: [
      `create table categories (
        categoryid int primary key, pcategoryid int not null default 0, ctgrname text not null,
        ctgrengname text not null default '', depth int not null, sort int not null default 0, isactive int not null default 1)`,
      `create table lectures (
        contentsid int primary key, categoryid int not null references categories(categoryid), title text not null,
        subtitle text not null default '', description text not null default '', teacher text not null default '',
        price int not null default 0, saleprice int not null default 0, thumbnail text not null default '',
        level text not null default '', period_days int not null default 90, publisher text not null default '',
        is_ebook boolean not null default false, popularity int not null default 0, main_type text not null default '',
        created_at text not null)`,
      `create index lectures_category on lectures(categoryid)`,
      `create table tags (contentsid int not null references lectures(contentsid), tag text not null, primary key (contentsid, tag))`,
      `create table sections (sectionid int primary key, contentsid int not null references lectures(contentsid), title text not null, sort int not null)`,
      `create table videos (
        videoid int primary key, sectionid int not null references sections(sectionid), contentsid int not null,
        title text not null, duration_sec int not null, path text not null, sort int not null, is_preview boolean not null default false)`,
      `create table pdfs (pdfid int primary key, contentsid int not null references lectures(contentsid), filename text not null, original_filename text not null, pages int not null default 1)`,
      `create table banners (bannerid int primary key, title text not null, subtitle text not null default '', image text not null, link text not null default '', sort int not null)`,
      `create table branches (branchid int primary key, region text not null, name text not null, address text not null, phone text not null, hours text not null)`,
      `create table stats (statid int primary key, members int not null, lectures int not null, teachers int not null, certificates int not null, satisfaction int not null)`,
    ],
  },
  {
    id: '002_board',
    statements: [
      `create table notices (
        noticeid serial primary key, isnotice int not null, title text not null, content text not null,
        istop boolean not null default false, viewcnt int not null default 0, writer text not null default '관리자',
        attachment text, created_at text not null)`,
      `create table faqs (faqid serial primary key, category text not null, question text not null, answer text not null, sort int not null default 0)`,
      `create table suggest_types (code text primary key, name text not null, sort int not null)`,
      `create table suggests (
        suggestid serial primary key, useruid text not null, suggesttype text not null, title text not null,
        content text not null, answer text, created_at text not null, answered_at text)`,
    ],
  },
  {
    id: '003_members',
    statements: [
      `create table members (
        useruid text primary key, userid text not null, email text not null unique, name text not null,
        phone text, birth text, sns_type text not null default 'local', marketing boolean not null default false,
        created_at text not null, left_at text)`,
      // The remote data service's users table (single-session rule), served PostgREST-style.
      `create table users (id text primary key, last_login text, active_session_token text)`,
      `create table carts (
        useruid text not null, contentsid int not null references lectures(contentsid), itemtype text not null default 'online',
        optionvalue text not null default '', created_at text not null, primary key (useruid, contentsid))`,
      `create table bookmarks (useruid text not null, contentsid int not null, videoid int not null default 0, created_at text not null, primary key (useruid, contentsid, videoid))`,
    ],
  },
  {
    id: '004_orders',
    statements: [
      `create table payments (
        paymentid serial primary key, useruid text not null, title text not null, contentsids text not null,
        amount int not null, price_total int not null, coupon_discount int not null default 0, point_used int not null default 0,
        couponnumber text, status text not null default 'ready', pay_method text not null default 'card',
        provider_txid text unique, created_at text not null, paid_at text, cancelled_at text)`,
      `create table payment_items (paymentid int not null references payments(paymentid), contentsid int not null, price int not null, primary key (paymentid, contentsid))`,
      `create table enrollments (
        useruid text not null, contentsid int not null references lectures(contentsid), paymentid int,
        start_at text not null, end_at text not null, first_play_at text, downloaded_at text, completed_at text,
        primary key (useruid, contentsid))`,
      `create table points (pointid serial primary key, useruid text not null, amount int not null, reason text not null, created_at text not null)`,
      `create table coupons (
        couponnumber text primary key, title text not null, discount_amount int not null default 0,
        discount_rate int not null default 0, min_amount int not null default 0, expires_at text not null,
        used_by text, used_at text)`,
      // The local card provider's own ledger (the production provider keeps this on its side).
      `create table local_payments (
        txid text primary key, merchant_uid text not null, amount int not null, status text not null,
        created_at text not null, consumed_at text)`,
    ],
  },
  {
    id: '005_learning',
    statements: [
      `create table progress (
        useruid text not null, contentsid int not null, videoid int not null, watched_sec int not null default 0,
        last_position int not null default 0, completed boolean not null default false, updated_at text not null,
        primary key (useruid, contentsid, videoid))`,
      `create table play_tabs (useruid text primary key, tabid text not null, contentsid int not null, videoid int not null, updated_at text not null)`,
      `create table quizzes (quizid int primary key, contentsid int not null references lectures(contentsid), title text not null, pass_score int not null, time_limit_min int not null default 20)`,
      `create table quiz_questions (questionid int primary key, quizid int not null references quizzes(quizid), question text not null, options text not null, answer int not null, score int not null, sort int not null)`,
      `create table quiz_results (
        isscoreid serial primary key, quizid int not null, useruid text not null, contentsid int not null,
        score int not null, passed boolean not null, answers text not null, created_at text not null)`,
      `create table ratings (
        ratingid serial primary key, contentsid int not null references lectures(contentsid), useruid text not null,
        username text not null, ratescore int not null, content text not null, created_at text not null)`,
      `create table qnas (
        qnaid serial primary key, contentsid int not null, useruid text not null, username text not null, title text not null,
        content text not null, is_private boolean not null default false, answer text, created_at text not null, answered_at text)`,
      `create table uploads (fileid serial primary key, filename text not null unique, original_filename text not null, size int not null, content_type text not null, created_at text not null)`,
    ],
  },
  {
    id: '006_suggest_files',
    statements: [
      // Who uploaded a file: only its uploader may attach it to a suggestion.
      `alter table uploads add column uploaded_by text`,
      `create table suggest_files (
        suggestid int not null references suggests(suggestid) on delete cascade,
        filename text not null references uploads(filename), sort int not null, primary key (suggestid, filename))`,
    ],
  },
  {
    id: '007_money_ledgers',
    statements: [
      // Open orders hold their coupon and points for 30 minutes (the time a card payment may take).
      `alter table payments add column idempotency_key text`,
      `alter table payments add column expires_at text`,
      `update payments set expires_at = to_char(created_at::timestamp + interval '30 minutes', 'YYYY-MM-DD HH24:MI:SS') where status = 'ready'`,
      // Orders saved twice by the old code: keep the first open one per member and lecture set, and per coupon.
      `update payments set status = 'cancelled', cancelled_at = created_at where status = 'ready'
        and paymentid not in (select min(paymentid) from payments where status = 'ready' group by useruid, contentsids)`,
      `update payments set status = 'cancelled', cancelled_at = created_at where status = 'ready' and couponnumber is not null
        and paymentid not in (select min(paymentid) from payments where status = 'ready' and couponnumber is not null group by couponnumber)`,
      `create unique index payments_idempotency on payments (useruid, idempotency_key) where idempotency_key is not null`,
      `create unique index payments_one_open_order on payments (useruid, contentsids) where status = 'ready'`,
      // A coupon is held by at most one open order; a paid order marks it used (coupons.used_by).
      `create unique index payments_coupon_reserved on payments (couponnumber) where status = 'ready' and couponnumber is not null`,
      // Ledger rows written for an order: at most one 'use' and one 'earn' per payment.
      `alter table points add column paymentid int`,
      `alter table points add column kind text`,
      `create unique index points_once_per_payment on points (paymentid, kind) where paymentid is not null`,
      // The balance lives beside the ledger, kept by a trigger in the same transaction; it can never go negative.
      `create table point_balances (useruid text primary key, balance int not null default 0, constraint point_balance_not_negative check (balance >= 0))`,
      `insert into point_balances (useruid, balance) select useruid, greatest(sum(amount), 0)::int from points group by useruid`,
      `create or replace function points_keep_balance() returns trigger language plpgsql as $$
        begin
          -- update first: an insert's proposed row is checked before its conflict, so a spend would fail there.
          update point_balances set balance = balance + new.amount where useruid = new.useruid;
          if not found then insert into point_balances (useruid, balance) values (new.useruid, new.amount); end if;
          return new;
        end $$`,
      `create trigger points_keep_balance after insert on points for each row execute function points_keep_balance()`,
    ],
  },
  {
    id: '008_suggest_secret',
    statements: [
      // "비밀글로 등록": existing suggestions were all stored as secret, so they stay secret.
      `alter table suggests add column is_secret boolean not null default true`,
    ],
  },
  {
    id: '009_private_media',
    statements: [
      // Demo data seeded before issue 11: one media path shared by preview and class videos, and a
      // notice that linked a paid handout. Each video gets its own path, the notice its own file.
      `update videos set path = 'media/lectures/' || contentsid || '/' || videoid || '.mp4' where path = 'sample/lesson.mp4'`,
      `update notices set attachment = 'notice-workshop.pdf' where attachment = 'pdf-101.pdf'`,
    ],
  },
  {
    id: '010_quiz_drafts_certificates',
    statements: [
      // A draft is the member's one open attempt (Scoring/0); a reload resumes it through GetTest.
      `alter table quiz_results add column is_draft boolean not null default false`,
      `alter table quiz_results add column started_at text`,
      `alter table quizzes add column required_progress int not null default 50`,
      `create unique index quiz_results_one_draft on quiz_results (quizid, useruid) where is_draft`,
      // One pass per member and quiz, even when two submits race.
      `create unique index quiz_results_one_pass on quiz_results (quizid, useruid) where passed`,
      // Random numbers, issued once per member and lecture: the public check must not be an enumeration.
      `create table certificates (certificateno text primary key, useruid text not null, contentsid int not null, issued_at text not null, unique (useruid, contentsid))`,
    ],
  },
  {
    id: '011_player_hls',
    statements: [
      // One demo lecture streams HLS (issue 13, as the seed now writes it): its videos are playlists of fragments cut from the sample clip.
      `update videos set path = 'media/lectures/102/' || videoid || '.m3u8' where contentsid = 102`,
    ],
  },
  {
    id: '012_catalog_scale',
    statements: [
      // Search matches title, teacher and tags (as the old query did, tags comma-joined in tag order) in one column
      // kept by triggers, through one trigram index: `ilike '%…%'` without reading every lecture (issue 16).
      `create extension if not exists pg_trgm`,
      `alter table lectures add column search_text text not null default ''`,
      `update lectures l set search_text = l.title || E'\n' || l.teacher || E'\n'
        || coalesce((select string_agg(t.tag, ',' order by t.tag) from tags t where t.contentsid = l.contentsid), '')`,
      `create index if not exists lectures_search_trgm on lectures using gin (search_text gin_trgm_ops)`,
      `create or replace function lectures_keep_search_text() returns trigger language plpgsql as $$
        begin
          new.search_text := new.title || E'\n' || new.teacher || E'\n'
            || coalesce((select string_agg(t.tag, ',' order by t.tag) from tags t where t.contentsid = new.contentsid), '');
          return new;
        end $$`,
      `create trigger lectures_keep_search_text before insert or update of title, teacher on lectures
        for each row execute function lectures_keep_search_text()`,
      `create or replace function tags_keep_search_text() returns trigger language plpgsql as $$
        declare ids int[];
        begin
          ids := case tg_op when 'INSERT' then array[new.contentsid] when 'DELETE' then array[old.contentsid]
            else array[old.contentsid, new.contentsid] end;
          update lectures l set search_text = l.title || E'\n' || l.teacher || E'\n'
            || coalesce((select string_agg(t.tag, ',' order by t.tag) from tags t where t.contentsid = l.contentsid), '')
          where l.contentsid = any(ids);
          return null;
        end $$`,
      `create trigger tags_keep_search_text after insert or update or delete on tags
        for each row execute function tags_keep_search_text()`,
      `create index if not exists tags_tag on tags (tag, contentsid)`,
      // One index per list order, each ending in the key that makes the order total (and a page stable).
      `create index if not exists lectures_recent on lectures (created_at desc, contentsid desc) include (categoryid)`,
      `create index if not exists lectures_category_recent on lectures (categoryid, created_at desc, contentsid desc)`,
      `create index if not exists lectures_popular on lectures (popularity desc, contentsid) include (categoryid)`,
      `create index if not exists lectures_price_low on lectures (saleprice, contentsid)`,
      `create index if not exists lectures_price_high on lectures (saleprice desc, contentsid)`,
      `create index if not exists lectures_teacher on lectures (teacher, contentsid)`,
      `create index if not exists lectures_main_type on lectures (main_type, contentsid)`,
      // The foreign-key side of every per-lecture aggregate and curriculum read.
      `create index if not exists videos_contentsid on videos (contentsid, sectionid, sort)`,
      `create index if not exists videos_section on videos (sectionid, sort)`,
      `create index if not exists sections_contentsid on sections (contentsid, sort)`,
      `create index if not exists enrollments_contentsid on enrollments (contentsid)`,
      `create index if not exists ratings_contentsid on ratings (contentsid, created_at desc, ratingid desc)`,
      `create index if not exists ratings_recent on ratings (created_at desc, ratingid desc)`,
      `create index if not exists ratings_high on ratings (ratescore desc, ratingid desc)`,
      `create index if not exists ratings_low on ratings (ratescore, ratingid desc)`,
      // The rating order needs the average as a column; a trigger keeps it (and the count) with every rating write.
      `alter table lectures add column ratingavg float8 not null default 0`,
      `alter table lectures add column ratingcnt int not null default 0`,
      `update lectures l set ratingcnt = r.n, ratingavg = r.avg
        from (select contentsid, count(*)::int as n, round(avg(ratescore)::numeric, 1)::float8 as avg from ratings group by contentsid) r
        where r.contentsid = l.contentsid`,
      `create index if not exists lectures_rating on lectures (ratingavg desc, contentsid) include (categoryid)`,
      // The reviews' total, one row: counting every rating per page read grows with the catalogue.
      `create table rating_total (id int primary key default 1 check (id = 1), n int not null)`,
      `insert into rating_total (n) select count(*)::int from ratings`,
      `create or replace function ratings_keep_lecture_summary() returns trigger language plpgsql as $$
        declare ids int[];
        begin
          ids := case tg_op when 'INSERT' then array[new.contentsid] when 'DELETE' then array[old.contentsid]
            else array[old.contentsid, new.contentsid] end;
          update lectures l set
            ratingcnt = (select count(*)::int from ratings r where r.contentsid = l.contentsid),
            ratingavg = (select coalesce(round(avg(r.ratescore)::numeric, 1), 0)::float8 from ratings r where r.contentsid = l.contentsid)
          where l.contentsid = any(ids);
          update rating_total set n = n + case tg_op when 'INSERT' then 1 when 'DELETE' then -1 else 0 end;
          return null;
        end $$`,
      `create trigger ratings_keep_lecture_summary after insert or update or delete on ratings
        for each row execute function ratings_keep_lecture_summary()`,
      // The tag cloud counts every tag of the catalogue: kept per tag instead of grouping all tag rows per read.
      `create table tag_counts (tag text primary key, n int not null)`,
      `insert into tag_counts (tag, n) select tag, count(*)::int from tags group by tag`,
      `create or replace function tags_keep_counts() returns trigger language plpgsql as $$
        begin
          if tg_op in ('DELETE', 'UPDATE') then update tag_counts set n = n - 1 where tag = old.tag; end if;
          if tg_op in ('INSERT', 'UPDATE') then
            insert into tag_counts (tag, n) values (new.tag, 1) on conflict (tag) do update set n = tag_counts.n + 1;
          end if;
          return null;
        end $$`,
      `create trigger tags_keep_counts after insert or update or delete on tags for each row execute function tags_keep_counts()`,
      // Lectures per category and kind: the total of a category (or of the whole catalogue) sums a few rows.
      `create table category_counts (categoryid int not null, is_ebook boolean not null, n int not null, primary key (categoryid, is_ebook))`,
      `insert into category_counts (categoryid, is_ebook, n) select categoryid, is_ebook, count(*)::int from lectures group by 1, 2`,
      `create or replace function lectures_keep_category_counts() returns trigger language plpgsql as $$
        begin
          if tg_op in ('DELETE', 'UPDATE') then
            update category_counts set n = n - 1 where categoryid = old.categoryid and is_ebook = old.is_ebook;
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            insert into category_counts (categoryid, is_ebook, n) values (new.categoryid, new.is_ebook, 1)
              on conflict (categoryid, is_ebook) do update set n = category_counts.n + 1;
          end if;
          return null;
        end $$`,
      `create trigger lectures_keep_category_counts after insert or delete or update of categoryid, is_ebook on lectures
        for each row execute function lectures_keep_category_counts()`,
      `analyze`,
    ],
  },
  {
    // 012 is the catalogue's (lecture, search and category indexes); this one is the member tables'.
    id: '013_member_indexes',
    statements: [
      // Each index matches one member query's where and order by (docs/decisions.md, issue 16), so a page
      // reads only that member's rows, in order, whatever the table's size.
      // GetMyLectures: a member's enrolments newest first; end and completion ride along for the status filters.
      `create index if not exists enrollments_member_start on enrollments (useruid, start_at desc, contentsid desc) include (end_at, completed_at)`,
      // GetMyClassInfo: classes still running and those ending this week are a range of end_at.
      `create index if not exists enrollments_member_end on enrollments (useruid, end_at)`,
      // Point/GetList: the running balance walks a member's ledger in time order.
      `create index if not exists points_member_time on points (useruid, created_at, pointid)`,
      // Payment/GetList: a member's orders, newest first.
      `create index if not exists payments_member_recent on payments (useruid, paymentid desc)`,
      // The cart in the order it was filled.
      `create index if not exists carts_member_time on carts (useruid, created_at, contentsid)`,
      // Quiz attempts of a member (retake check) and the best pass of a lecture.
      `create index if not exists quiz_results_member on quiz_results (useruid, quizid, isscoreid desc)`,
      `create index if not exists quiz_results_member_pass on quiz_results (useruid, contentsid, score desc) where passed`,
      // A lecture's questions to the teacher, newest first; a member's own suggestions.
      `create index if not exists qnas_lecture_recent on qnas (contentsid, qnaid desc)`,
      `create index if not exists suggests_member_recent on suggests (useruid, suggestid desc)`,
      // A member's page carries lecture records, whose counts look up videos, ratings and enrolments by lecture.
      // 012 (the catalogue's) may have indexed these already, under its own names: only a column without any
      // index whose first column it is gets one here.
      ...[
        ['videos', 'contentsid'],
        ['ratings', 'contentsid'],
        ['enrollments', 'contentsid'],
      ].map(
        ([table, column]) => `do $$ begin
          if not exists (select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
            where i.indrelid = '${table}'::regclass and a.attname = '${column}') then
            create index ${table}_by_${column} on ${table} (${column});
          end if;
        end $$`,
      ),
    ],
  },
  {
    // Issue 16, the catalogue's deep reads: searches and tag filters count every match (a fifth of the catalogue
    // for a common word), so they match once, in narrow rows, and cut their page from the same match.
    id: '014_catalog_deep_pages',
    statements: [
      // The columns lists filter and sort by, one narrow row per lecture (the lectures row carries descriptions).
      // search_text is lectures.search_text lowered: `lower(s) like lower(p)` is how PostgreSQL answers `s ilike p`
      // in a UTF-8 database, without lowering every match again per read. created_at is ISO text: ordered by bytes
      // (collate "C") it sorts as before, without the locale's comparison.
      `create table lecture_keys (contentsid int primary key, categoryid int not null, is_ebook boolean not null,
        created_at text collate "C" not null, popularity int not null, ratingavg float8 not null, saleprice int not null,
        search_text text not null)`,
      `insert into lecture_keys select contentsid, categoryid, is_ebook, created_at, popularity, ratingavg, saleprice,
        lower(search_text) from lectures`,
      `create index lecture_keys_search on lecture_keys using gin (search_text gin_trgm_ops)`,
      `create or replace function lectures_keep_keys() returns trigger language plpgsql as $$
        begin
          if tg_op in ('DELETE', 'UPDATE') then
            delete from lecture_keys where contentsid = old.contentsid and (tg_op = 'DELETE' or old.contentsid <> new.contentsid);
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            insert into lecture_keys values (new.contentsid, new.categoryid, new.is_ebook, new.created_at, new.popularity,
              new.ratingavg, new.saleprice, lower(new.search_text))
            on conflict (contentsid) do update set categoryid = excluded.categoryid, is_ebook = excluded.is_ebook,
              created_at = excluded.created_at, popularity = excluded.popularity, ratingavg = excluded.ratingavg,
              saleprice = excluded.saleprice, search_text = excluded.search_text;
          end if;
          return null;
        end $$`,
      // search_text and ratingavg are themselves kept by triggers (tags, ratings): their updates land here too. A
      // title or teacher change rewrites search_text in a before trigger, which \`update of\` does not see: named here.
      `create trigger lectures_keep_keys after insert or delete or update of contentsid, categoryid, is_ebook, created_at,
        popularity, ratingavg, saleprice, search_text, title, teacher on lectures for each row execute function lectures_keep_keys()`,
      `analyze lecture_keys`,
    ],
  },
  {
    // Issue 16, the last growth: a word found in a fifth of the catalogue, or a tag on a tenth of it, was matched,
    // counted and sorted whole on every read. A search now walks its list order and stops at SEARCH_MATCH_LIMIT
    // matches (rules/search.ts); a tag keeps its lectures in the list orders, and its total in tag_counts.
    id: '015_flat_search_and_tags',
    statements: [
      // Every list order over lecture_keys (see SORTS in handlers/catalog.ts), so a search reads its matches in
      // order and stops, instead of sorting all of them.
      `create index lecture_keys_recent on lecture_keys (created_at desc, contentsid desc)`,
      `create index lecture_keys_popular on lecture_keys (popularity desc, contentsid)`,
      `create index lecture_keys_rating on lecture_keys (ratingavg desc, contentsid)`,
      `create index lecture_keys_pricelow on lecture_keys (saleprice, contentsid)`,
      `create index lecture_keys_pricehigh on lecture_keys (saleprice desc, contentsid)`,
      // One row per tag of a lecture, carrying the lecture's list keys: a tag's page is a range of one index.
      `create table tag_keys (contentsid int not null, tag text not null, created_at text collate "C" not null,
        popularity int not null, ratingavg float8 not null, saleprice int not null, primary key (contentsid, tag))`,
      `insert into tag_keys select k.contentsid, t.tag, k.created_at, k.popularity, k.ratingavg, k.saleprice
        from tags t join lecture_keys k on k.contentsid = t.contentsid`,
      `create index tag_keys_recent on tag_keys (tag, created_at desc, contentsid desc)`,
      `create index tag_keys_popular on tag_keys (tag, popularity desc, contentsid)`,
      `create index tag_keys_rating on tag_keys (tag, ratingavg desc, contentsid)`,
      `create index tag_keys_pricelow on tag_keys (tag, saleprice, contentsid)`,
      `create index tag_keys_pricehigh on tag_keys (tag, saleprice desc, contentsid)`,
      `create or replace function tags_keep_tag_keys() returns trigger language plpgsql as $$
        begin
          if tg_op in ('DELETE', 'UPDATE') then
            delete from tag_keys where contentsid = old.contentsid and tag = old.tag;
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            insert into tag_keys select k.contentsid, new.tag, k.created_at, k.popularity, k.ratingavg, k.saleprice
              from lecture_keys k where k.contentsid = new.contentsid;
          end if;
          return null;
        end $$`,
      `create trigger tags_keep_tag_keys after insert or update or delete on tags
        for each row execute function tags_keep_tag_keys()`,
      // lecture_keys follows every lecture write (014); a tag's rows follow the keys of their lecture.
      `create or replace function lecture_keys_keep_tag_keys() returns trigger language plpgsql as $$
        begin
          update tag_keys set created_at = new.created_at, popularity = new.popularity, ratingavg = new.ratingavg,
            saleprice = new.saleprice
          where contentsid = new.contentsid;
          return null;
        end $$`,
      `create trigger lecture_keys_keep_tag_keys after update of created_at, popularity, ratingavg, saleprice on lecture_keys
        for each row execute function lecture_keys_keep_tag_keys()`,
      `analyze lecture_keys`,
      `analyze tag_keys`,
    ],
  },
  {
    // Issue 16: a word of one or two letters has no trigram, so a rare one (a typo, a letter no title has) read every
    // lecture's search text (12 ms at 100k, 43 ms p99 under load). Each search text keeps its letters and letter
    // pairs, indexed, so such a word is looked up like a longer one.
    id: '016_short_search_words',
    statements: [
      `create or replace function search_grams(t text) returns text[] language sql immutable parallel safe as $$
        select coalesce(array_agg(distinct substr(t, i, n)), '{}')
        from generate_series(1, 2) n, generate_series(1, length(t) - n + 1) i
      $$`,
      `alter table lecture_keys add column grams text[] not null default '{}'`,
      `update lecture_keys set grams = search_grams(search_text)`,
      `create index lecture_keys_grams on lecture_keys using gin (grams)`,
      `create or replace function lecture_keys_keep_grams() returns trigger language plpgsql as $$
        begin
          new.grams := search_grams(new.search_text);
          return new;
        end $$`,
      `create trigger lecture_keys_keep_grams before insert or update of search_text on lecture_keys
        for each row execute function lecture_keys_keep_grams()`,
      `analyze lecture_keys`,
    ],
  },
  {
    // Issue 23: watch progress was the browser's say-so. Each member's video keeps the spans actually watched and
    // the last accepted report (rules/watchCoverage.ts), both JSON text so PGlite and pg return the same thing.
    // Rows written before keep what they had (completion is never undone); their spans start empty.
    id: '017_watch_coverage',
    statements: [
      `alter table progress add column watched_spans text not null default '[]'`,
      `alter table progress add column watch_anchor text`,
      COVER_COMPLETED_VIDEOS,
    ],
  },
  {
    // Issue 27: state several instances share lives in the database. Lookup windows (server/openapi/throttle.ts):
    // one row per limit and client holding the times (ms) of its counted lookups, swept once they expire. Upload
    // bytes (server/domain/uploadStore.ts), apart from their record so lists of uploads never read them.
    id: '021_shared_state',
    statements: [
      `create table lookup_windows (rule text not null, client text not null, times bigint[] not null,
        expires_at bigint not null, primary key (rule, client))`,
      `create index lookup_windows_expiry on lookup_windows (expires_at)`,
      `create table upload_bytes (filename text primary key references uploads(filename) on delete cascade, bytes bytea not null)`,
      // A write made outside the app (an operator's SQL: a notice, a price) tells every instance which table it
      // touched, on the channel the instances' own writes use (server/db/writeBus.ts). The app's connections say who
      // they are (`storefront.app`, server/db/database.ts) and are skipped: their writes already name finer tags.
      `create or replace function notify_outside_write() returns trigger language plpgsql as $$
        begin
          if coalesce(current_setting('storefront.app', true), '') <> 'on' then
            perform pg_notify('storefront_writes', json_build_object('from', 'database', 'touched', json_build_array(tg_table_name))::text);
          end if;
          return null;
        end $$`,
      `do $$ declare t text; begin
        foreach t in array array['notices', 'faqs', 'suggest_types', 'categories', 'lectures', 'sections', 'videos', 'tags',
          'ratings', 'enrollments', 'banners', 'branches', 'stats'] loop
          execute format('create trigger %I after insert or update or delete or truncate on %I for each statement
            execute function notify_outside_write()', t || '_outside_write', t);
        end loop;
      end $$`,
    ],
  },
  {
    // Issue 25: a welcome coupon is used once per member, a handed-out code once in the store; codes match whatever
    // their case. Once-per-member uses are rows of coupon_uses (one per member); single-use codes keep coupons.used_by.
    // An open order holds a per-member coupon for its member only, so the store-wide hold moves to the coupon's row lock
    // (server/domain/coupons.ts) and the index keeps one open order per coupon and member.
    id: '020_member_coupons',
    statements: [
      `alter table coupons add column per_member boolean not null default false`,
      `alter table coupons add column owner text`,
      `create unique index coupons_code_any_case on coupons (upper(couponnumber))`,
      `create index coupons_owner on coupons (owner) where owner is not null`,
      `create table coupon_uses (
        couponnumber text not null references coupons(couponnumber), useruid text not null, paymentid int not null,
        used_at text not null, primary key (couponnumber, useruid))`,
      `drop index payments_coupon_reserved`,
      `create unique index payments_coupon_reserved on payments (couponnumber, useruid) where status = 'ready' and couponnumber is not null`,
      // The demo's welcome and issued coupons in a database seeded before this migration (the seed does the same).
      `update coupons set per_member = true where couponnumber in (${perMemberCoupons.map((c) => `'${c}'`).join(', ')})`,
      ...issuedCoupons.map((c) => `update coupons set owner = '${c.owner}' where couponnumber = '${c.couponnumber}'`),
      // The FAQ said another refund rule than the terms: both now show rules/refund.ts.
      `update faqs set answer = ${quoted(refundPolicyHtml)} where question = ${quoted(REFUND_QUESTION)}`,
      `update faqs set answer = ${quoted(couponAnswerHtml)} where question = ${quoted(COUPON_QUESTION)}`,
    ],
  },
  {
    // Issue 25: an order becomes paid only from the provider's own record (server/domain/paymentSync.ts).
    // provider_payment_id: the id the browser asks PortOne to pay under, chosen by the server so a webhook alone
    // finds its order. confirming_at: PortOne could not be asked; the order may have been charged, so it does not
    // expire. refund_due: the reason of a provider cancel the store owes (amount refused, order refused) until it
    // succeeds. portone_webhooks: each webhook-id is processed once.
    id: '018_portone_sync',
    statements: [
      `alter table payments add column provider_payment_id text not null default ('pay-' || replace(gen_random_uuid()::text, '-', ''))`,
      `create unique index payments_provider_payment_id on payments (provider_payment_id)`,
      `alter table payments add column confirming_at text`,
      `alter table payments add column refund_due text`,
      `alter table payments add column provider_cancelled_amount int not null default 0`,
      `alter table local_payments add column cancelled_amount int not null default 0`,
      `create table portone_webhooks (webhook_id text primary key, type text not null, payment_id text,
        received_at text not null, processed_at text)`,
    ],
  },
  {
    // Issue 25, refunds (server/domain/refunds.ts): each refund of an order, recorded once. A `pending` row claims
    // the order while the provider is asked (one per order: two refunds of it cannot both reach the provider); it
    // becomes `done` with the provider's answer, or is removed when the provider refused or could not be reached.
    id: '019_refunds',
    statements: [
      `create table refunds (
        refundid serial primary key, paymentid int not null references payments(paymentid), useruid text not null,
        status text not null, basis text not null, amount int not null, points_restored int not null,
        points_taken_back int not null, points_shortfall int not null, coupon_restored boolean not null,
        contentsids text not null, reason text not null, provider_status text, idempotency_key text,
        created_at text not null, done_at text)`,
      `create unique index refunds_one_pending on refunds (paymentid) where status = 'pending'`,
      `create unique index refunds_idempotency on refunds (useruid, idempotency_key) where idempotency_key is not null`,
      `alter table payments add column refunded_amount int not null default 0`,
    ],
  },
  {
    // Issue 25: why the store refused a charge, kept after the charge is cancelled (refund_due is cleared then), so a
    // browser's UpdatePaid arriving after PortOne's webhook settled the refusal hears the same reason.
    id: '022_refused_reason',
    statements: [
      `alter table payments add column refused_reason text`,
      // The method and installment the member chose, as PortOne records them: the demo's test card keeps them too.
      `alter table local_payments add column method text not null default 'card'`,
      `alter table local_payments add column installment_month int not null default 0`,
    ],
  },
  {
    // Issue 26: a member's timestamped notes (server/domain/notes.ts). The id is the client's (a UUID made before the
    // first try), unique per member, so a retried Save finds the note it made and another member's id is not theirs.
    id: '023_notes',
    statements: [
      `create table notes (
        useruid text not null, noteid text not null, contentsid int not null references lectures(contentsid),
        videoid int not null references videos(videoid), second int not null, body text not null,
        created_at text not null, updated_at text not null, primary key (useruid, noteid))`,
      `create index notes_of_class on notes (useruid, contentsid)`,
    ],
  },
  {
    // Issue 25: the provider's receipt (PortOne's receiptUrl) as it was when the order was paid, for 영수증 보기.
    id: '025_receipt_url',
    statements: [`alter table payments add column receipt_url text`],
  },
  {
    // Issue 25: a refund claim is settled from the provider's record when its request ended without knowing what the
    // provider did (an answer lost, PortOne unreachable) or the process died: the claim keeps what it expected.
    id: '026_refund_claims_settle',
    statements: [
      `alter table refunds add column whole boolean not null default false`,
      `alter table refunds add column cancellable_before int`,
      `alter table refunds add column unsettled_at text`,
    ],
  },
  {
    // Issue 26: a video's WebVTT caption tracks (server/media/captions.ts writes their cues). Existing demo databases
    // get the Korean tracks the seed now writes; a fresh one has no videos yet here, and the seed adds them.
    id: '024_captions',
    statements: [
      `create table captions (videoid int not null references videos(videoid), srclang text not null, label text not null,
        path text not null unique, primary key (videoid, srclang))`,
      `insert into captions (videoid, srclang, label, path)
        select videoid, 'ko', '한국어', 'media/captions/' || videoid || '.ko.vtt' from videos where contentsid in (101, 102, 121)
        on conflict do nothing`,
    ],
  },
  {
    // Issue 27: loading a catalogue through the triggers rewrote each lecture's derived rows about five times (a
    // rating or tag row updated its lecture, whose keys and tag rows were rewritten whether or not a value changed),
    // and the bloated tables drifted towards slow plans. Each derived row is now written once per change: the rating
    // summary, search text and counts once per statement (transition tables), the keys only when a value differs.
    // tag_keys carries its lecture's category and kind, so a tag within a category is a range of one index.
    id: '027_catalog_bounded_cost',
    statements: [
      `drop trigger ratings_keep_lecture_summary on ratings`,
      `create or replace function ratings_keep_lecture_summary_once() returns trigger language plpgsql as $$
        declare ids int[]; delta int;
        begin
          if tg_op = 'INSERT' then select array_agg(distinct contentsid), count(*) into ids, delta from new_rows;
          elsif tg_op = 'DELETE' then select array_agg(distinct contentsid), -count(*) into ids, delta from old_rows;
          else
            select array_agg(distinct contentsid), 0 into ids, delta
              from (select contentsid from old_rows union select contentsid from new_rows) x;
          end if;
          update lectures l set ratingcnt = s.n, ratingavg = s.avg
          from (select k.id, count(r.contentsid)::int as n, coalesce(round(avg(r.ratescore)::numeric, 1), 0)::float8 as avg
            from unnest(ids) k(id) left join ratings r on r.contentsid = k.id group by k.id) s
          where l.contentsid = s.id and (l.ratingcnt, l.ratingavg) is distinct from (s.n, s.avg);
          if delta <> 0 then update rating_total set n = n + delta; end if;
          return null;
        end $$`,
      `create trigger ratings_keep_lecture_summary_insert after insert on ratings referencing new table as new_rows
        for each statement execute function ratings_keep_lecture_summary_once()`,
      `create trigger ratings_keep_lecture_summary_update after update on ratings referencing old table as old_rows
        new table as new_rows for each statement execute function ratings_keep_lecture_summary_once()`,
      `create trigger ratings_keep_lecture_summary_delete after delete on ratings referencing old table as old_rows
        for each statement execute function ratings_keep_lecture_summary_once()`,
      `drop function ratings_keep_lecture_summary()`,
      `drop trigger tags_keep_search_text on tags`,
      `drop trigger tags_keep_counts on tags`,
      `create or replace function tags_keep_search_text_and_counts() returns trigger language plpgsql as $$
        declare ids int[];
        begin
          if tg_op = 'INSERT' then select array_agg(distinct contentsid) into ids from new_rows;
          elsif tg_op = 'DELETE' then select array_agg(distinct contentsid) into ids from old_rows;
          else select array_agg(distinct contentsid) into ids from (select contentsid from old_rows union select contentsid from new_rows) x;
          end if;
          update lectures l set search_text = l.title || E'\\n' || l.teacher || E'\\n' || s.tags
          from (select k.id, coalesce(string_agg(t.tag, ',' order by t.tag), '') as tags
            from unnest(ids) k(id) left join tags t on t.contentsid = k.id group by k.id) s
          where l.contentsid = s.id and l.search_text is distinct from l.title || E'\\n' || l.teacher || E'\\n' || s.tags;
          if tg_op in ('DELETE', 'UPDATE') then
            update tag_counts c set n = c.n - d.k from (select tag, count(*)::int as k from old_rows group by tag) d where c.tag = d.tag;
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            insert into tag_counts (tag, n) select tag, count(*)::int from new_rows group by tag
            on conflict (tag) do update set n = tag_counts.n + excluded.n;
          end if;
          return null;
        end $$`,
      `create trigger tags_keep_search_text_insert after insert on tags referencing new table as new_rows
        for each statement execute function tags_keep_search_text_and_counts()`,
      `create trigger tags_keep_search_text_update after update on tags referencing old table as old_rows
        new table as new_rows for each statement execute function tags_keep_search_text_and_counts()`,
      `create trigger tags_keep_search_text_delete after delete on tags referencing old table as old_rows
        for each statement execute function tags_keep_search_text_and_counts()`,
      `drop function tags_keep_search_text()`,
      `drop function tags_keep_counts()`,
      // Category counts: a statement adding or removing many lectures writes each count once; a moved lecture
      // (rare, one row) still moves its count per row, only when its category or kind changed.
      `drop trigger lectures_keep_category_counts on lectures`,
      `create or replace function lectures_keep_category_counts_once() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            update category_counts c set n = c.n - d.k
            from (select categoryid, is_ebook, count(*)::int as k from old_rows group by 1, 2) d
            where c.categoryid = d.categoryid and c.is_ebook = d.is_ebook;
          else
            insert into category_counts (categoryid, is_ebook, n) select categoryid, is_ebook, count(*)::int from new_rows group by 1, 2
            on conflict (categoryid, is_ebook) do update set n = category_counts.n + excluded.n;
          end if;
          return null;
        end $$`,
      `create trigger lectures_keep_category_counts_insert after insert on lectures referencing new table as new_rows
        for each statement execute function lectures_keep_category_counts_once()`,
      `create trigger lectures_keep_category_counts_delete after delete on lectures referencing old table as old_rows
        for each statement execute function lectures_keep_category_counts_once()`,
      `create trigger lectures_keep_category_counts_move after update of categoryid, is_ebook on lectures for each row
        when (old.categoryid is distinct from new.categoryid or old.is_ebook is distinct from new.is_ebook)
        execute function lectures_keep_category_counts()`,
      // tag_keys: the category and kind of its lecture, so a tag within a category is counted and cut in one index.
      `alter table tag_keys add column categoryid int not null default 0`,
      `alter table tag_keys add column is_ebook boolean not null default false`,
      `update tag_keys t set categoryid = k.categoryid, is_ebook = k.is_ebook from lecture_keys k where k.contentsid = t.contentsid`,
      `create index tag_keys_category on tag_keys (tag, categoryid, is_ebook) include (contentsid, created_at, popularity, ratingavg, saleprice)`,
      // A category's lectures (index only): a search within a small category reads its rows only.
      `create index lecture_keys_category on lecture_keys (categoryid, is_ebook) include (contentsid)`,
      `create or replace function lectures_keep_keys() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.contentsid <> new.contentsid) then
            delete from lecture_keys where contentsid = old.contentsid;
          end if;
          if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.contentsid <> new.contentsid) then
            insert into lecture_keys values (new.contentsid, new.categoryid, new.is_ebook, new.created_at, new.popularity,
              new.ratingavg, new.saleprice, lower(new.search_text))
            on conflict (contentsid) do update set categoryid = excluded.categoryid, is_ebook = excluded.is_ebook,
              created_at = excluded.created_at, popularity = excluded.popularity, ratingavg = excluded.ratingavg,
              saleprice = excluded.saleprice, search_text = excluded.search_text;
          elsif tg_op = 'UPDATE' then
            update lecture_keys k set categoryid = new.categoryid, is_ebook = new.is_ebook, created_at = new.created_at,
              popularity = new.popularity, ratingavg = new.ratingavg, saleprice = new.saleprice, search_text = lower(new.search_text)
            where k.contentsid = new.contentsid and (k.categoryid, k.is_ebook, k.created_at, k.popularity, k.ratingavg, k.saleprice,
              k.search_text) is distinct from (new.categoryid, new.is_ebook, new.created_at collate "C", new.popularity, new.ratingavg,
              new.saleprice, lower(new.search_text));
          end if;
          return null;
        end $$`,
      `create or replace function lecture_keys_keep_grams() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' or new.search_text is distinct from old.search_text then new.grams := search_grams(new.search_text); end if;
          return new;
        end $$`,
      `create or replace function tags_keep_tag_keys() returns trigger language plpgsql as $$
        begin
          if tg_op in ('DELETE', 'UPDATE') then
            delete from tag_keys where contentsid = old.contentsid and tag = old.tag;
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            insert into tag_keys (contentsid, tag, created_at, popularity, ratingavg, saleprice, categoryid, is_ebook)
              select k.contentsid, new.tag, k.created_at, k.popularity, k.ratingavg, k.saleprice, k.categoryid, k.is_ebook
              from lecture_keys k where k.contentsid = new.contentsid;
          end if;
          return null;
        end $$`,
      `drop trigger lecture_keys_keep_tag_keys on lecture_keys`,
      `create or replace function lecture_keys_keep_tag_keys() returns trigger language plpgsql as $$
        begin
          update tag_keys set created_at = new.created_at, popularity = new.popularity, ratingavg = new.ratingavg,
            saleprice = new.saleprice, categoryid = new.categoryid, is_ebook = new.is_ebook
          where contentsid = new.contentsid;
          return null;
        end $$`,
      `create trigger lecture_keys_keep_tag_keys after update on lecture_keys for each row
        when ((old.created_at, old.popularity, old.ratingavg, old.saleprice, old.categoryid, old.is_ebook)
          is distinct from (new.created_at, new.popularity, new.ratingavg, new.saleprice, new.categoryid, new.is_ebook))
        execute function lecture_keys_keep_tag_keys()`,
      `analyze lecture_keys`,
      `analyze tag_keys`,
    ],
  },
  {
    // Issue 27: a search walking a list order fetched each walked lecture's heap row for its search text and shelf,
    // and on tables as a live store has them (rewritten by ratings and tags, the row 600 bytes with its letters) that
    // walk cost 5-50 ms. Each list order now carries what a search or shelf filter tests, so the walk reads the
    // index alone (an index-only scan) and the planner weighs it against the word's trigram rows.
    id: '028_covering_list_orders',
    statements: [
      ...(
        [
          ['recent', 'created_at desc, contentsid desc'],
          ['popular', 'popularity desc, contentsid'],
          ['rating', 'ratingavg desc, contentsid'],
          ['pricelow', 'saleprice, contentsid'],
          ['pricehigh', 'saleprice desc, contentsid'],
        ] as const
      ).flatMap(([name, keys]) => [
        `drop index lecture_keys_${name}`,
        `create index lecture_keys_${name} on lecture_keys (${keys}) include (categoryid, is_ebook, search_text)`,
      ]),
      `analyze lecture_keys`,
    ],
  },
  {
    // Issue 38: the console. Staff are the backend's own rows keyed by the member account (never a claim the browser
    // or the auth provider can set); every staff write appends one audit entry, which nothing may change or remove.
    id: '029_staff_and_audit',
    statements: [
      `create table staff (
        useruid text primary key references members(useruid),
        role text not null check (role in ('owner', 'operator', 'instructor')),
        teachername text,
        granted_at text not null,
        granted_by text not null,
        constraint instructor_teaches check (role <> 'instructor' or teachername is not null))`,
      `create table audit_log (
        auditid serial primary key, at text not null, actor text not null, actor_role text not null,
        operation text not null, object_type text not null, object_id text not null,
        summary text not null default '{}', request_id text not null default '')`,
      `create index audit_log_actor on audit_log (actor, auditid)`,
      `create index audit_log_object on audit_log (object_type, object_id, auditid)`,
      // Append-only for every role, the table's owner included (a revoke alone binds only other roles).
      // `or replace`: db:reset drops the tables, not the functions, then migrates again.
      `create or replace function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'audit_log is append-only (% refused)', tg_op;
        end $$`,
      `create trigger audit_log_no_update before update or delete on audit_log for each row execute function audit_log_append_only()`,
      `create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()`,
      `revoke update, delete, truncate on audit_log from public`,
    ],
  },
  {
    // Issue 38, the console's class states (server/domain/classVisibility.ts): 초안 draft, 예약 scheduled (published by the
    // sweep at publish_at), 게시 published, 숨김 hidden. Existing classes stay published. The store's derived tables
    // (lecture_keys, tag_keys, tag_counts, category_counts) keep rows of published lectures only, so every list, search,
    // tag and count stays the same indexed read; a class entering or leaving the store moves its rows once.
    id: '030_class_states',
    statements: [
      `alter table lectures add column state text not null default 'published'
        constraint lectures_state check (state in ('draft', 'scheduled', 'published', 'hidden'))`,
      `alter table lectures add column publish_at text`,
      // A video removed from its class after a member watched it: out of every list, the member's records keep it.
      `alter table videos add column hidden_at text`,
      // The sweep reads only the classes waiting for their time; the console lists by title too.
      `create index lectures_scheduled on lectures (publish_at) where state = 'scheduled'`,
      `create index lectures_title on lectures (title, contentsid)`,
      // New ids: one sequence per table, above every id so far (rows written outside the app later, as the seed does
      // after the migrations of an empty database, are caught up under a lock: server/domain/classAuthoring.ts).
      ...(
        [
          ['lectures', 'contentsid'],
          ['sections', 'sectionid'],
          ['videos', 'videoid'],
        ] as const
      ).flatMap(([table, id]) => [
        // Owned by its column: dropped with its table (db:reset drops tables, then migrates again).
        `create sequence if not exists ${table}_${id}_seq owned by ${table}.${id}`,
        `select setval('${table}_${id}_seq', greatest(coalesce(max(${id}), 0), 1)) from ${table}`,
      ]),
      `create or replace function lectures_keep_keys() returns trigger language plpgsql as $$
        declare was boolean; visible boolean;
        begin
          was := tg_op <> 'INSERT' and old.state = 'published';
          visible := tg_op <> 'DELETE' and new.state = 'published';
          if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old.contentsid <> new.contentsid or (was and not visible))) then
            delete from lecture_keys where contentsid = old.contentsid;
          end if;
          if tg_op = 'UPDATE' and was and not visible then
            -- Leaving the store: its tags' rows and counts go (the tags stay with the lecture).
            delete from tag_keys where contentsid = old.contentsid;
            update tag_counts c set n = c.n - 1 from tags t where t.contentsid = old.contentsid and c.tag = t.tag;
          end if;
          if visible and (tg_op = 'INSERT' or old.contentsid <> new.contentsid or not was) then
            insert into lecture_keys values (new.contentsid, new.categoryid, new.is_ebook, new.created_at, new.popularity,
              new.ratingavg, new.saleprice, lower(new.search_text))
            on conflict (contentsid) do update set categoryid = excluded.categoryid, is_ebook = excluded.is_ebook,
              created_at = excluded.created_at, popularity = excluded.popularity, ratingavg = excluded.ratingavg,
              saleprice = excluded.saleprice, search_text = excluded.search_text;
            if tg_op = 'UPDATE' and not was then
              -- Entering the store: its tags' rows and counts come back.
              insert into tag_keys (contentsid, tag, created_at, popularity, ratingavg, saleprice, categoryid, is_ebook)
                select k.contentsid, t.tag, k.created_at, k.popularity, k.ratingavg, k.saleprice, k.categoryid, k.is_ebook
                from tags t join lecture_keys k on k.contentsid = t.contentsid where t.contentsid = new.contentsid
              on conflict do nothing;
              insert into tag_counts (tag, n) select tag, 1 from tags where contentsid = new.contentsid
              on conflict (tag) do update set n = tag_counts.n + 1;
            end if;
          elsif visible and tg_op = 'UPDATE' then
            update lecture_keys k set categoryid = new.categoryid, is_ebook = new.is_ebook, created_at = new.created_at,
              popularity = new.popularity, ratingavg = new.ratingavg, saleprice = new.saleprice, search_text = lower(new.search_text)
            where k.contentsid = new.contentsid and (k.categoryid, k.is_ebook, k.created_at, k.popularity, k.ratingavg, k.saleprice,
              k.search_text) is distinct from (new.categoryid, new.is_ebook, new.created_at collate "C", new.popularity, new.ratingavg,
              new.saleprice, lower(new.search_text));
          end if;
          return null;
        end $$`,
      `drop trigger lectures_keep_keys on lectures`,
      `create trigger lectures_keep_keys after insert or delete or update of contentsid, categoryid, is_ebook, created_at,
        popularity, ratingavg, saleprice, search_text, title, teacher, state on lectures for each row execute function lectures_keep_keys()`,
      // Tag counts: only the tags of published lectures count (a lecture entering or leaving the store moves its own).
      `create or replace function tags_keep_search_text_and_counts() returns trigger language plpgsql as $$
        declare ids int[];
        begin
          if tg_op = 'INSERT' then select array_agg(distinct contentsid) into ids from new_rows;
          elsif tg_op = 'DELETE' then select array_agg(distinct contentsid) into ids from old_rows;
          else select array_agg(distinct contentsid) into ids from (select contentsid from old_rows union select contentsid from new_rows) x;
          end if;
          update lectures l set search_text = l.title || E'\\n' || l.teacher || E'\\n' || s.tags
          from (select k.id, coalesce(string_agg(t.tag, ',' order by t.tag), '') as tags
            from unnest(ids) k(id) left join tags t on t.contentsid = k.id group by k.id) s
          where l.contentsid = s.id and l.search_text is distinct from l.title || E'\\n' || l.teacher || E'\\n' || s.tags;
          if tg_op in ('DELETE', 'UPDATE') then
            update tag_counts c set n = c.n - d.k from (select o.tag, count(*)::int as k from old_rows o
              join lectures l on l.contentsid = o.contentsid where l.state = 'published' group by o.tag) d where c.tag = d.tag;
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            insert into tag_counts (tag, n) select r.tag, count(*)::int from new_rows r
              join lectures l on l.contentsid = r.contentsid where l.state = 'published' group by r.tag
            on conflict (tag) do update set n = tag_counts.n + excluded.n;
          end if;
          return null;
        end $$`,
      // Category counts: published lectures only; a lecture moving category, kind or in or out of the store moves its count.
      `create or replace function lectures_keep_category_counts_once() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            update category_counts c set n = c.n - d.k
            from (select categoryid, is_ebook, count(*)::int as k from old_rows where state = 'published' group by 1, 2) d
            where c.categoryid = d.categoryid and c.is_ebook = d.is_ebook;
          else
            insert into category_counts (categoryid, is_ebook, n)
              select categoryid, is_ebook, count(*)::int from new_rows where state = 'published' group by 1, 2
            on conflict (categoryid, is_ebook) do update set n = category_counts.n + excluded.n;
          end if;
          return null;
        end $$`,
      `create or replace function lectures_move_category_counts() returns trigger language plpgsql as $$
        begin
          if old.state = 'published' then
            update category_counts set n = n - 1 where categoryid = old.categoryid and is_ebook = old.is_ebook;
          end if;
          if new.state = 'published' then
            insert into category_counts (categoryid, is_ebook, n) values (new.categoryid, new.is_ebook, 1)
              on conflict (categoryid, is_ebook) do update set n = category_counts.n + 1;
          end if;
          return null;
        end $$`,
      `drop trigger lectures_keep_category_counts_move on lectures`,
      `create trigger lectures_keep_category_counts_move after update of categoryid, is_ebook, state on lectures for each row
        when ((old.categoryid, old.is_ebook, old.state = 'published') is distinct from (new.categoryid, new.is_ebook, new.state = 'published'))
        execute function lectures_move_category_counts()`,
    ],
  },
  {
    // Issue 38: a lecture's video from the console, uploaded over tus and processed by a job (server/jobs/).
    id: '031_lecture_media',
    statements: [
      `create table lecture_media (
        videoid int primary key references videos(videoid) on delete cascade,
        upload_id text not null unique,
        upload_length bigint not null,
        state text not null constraint lecture_media_state check (state in ('uploading', 'processing', 'ready', 'failed')),
        progress int not null default 0,
        error text,
        renditions text not null default '[]',
        duration_sec int not null default 0,
        uploaded_by text not null,
        updated_at text not null)`,
    ],
  },
  {
    // Issue 38: a class's certificate rules, thumbnail and handouts from the console (server/domain/certificateRules.ts,
    // classThumbnails.ts, handouts.ts; docs/decisions.md "A class's certificate rules, thumbnail and handouts").
    id: '032_class_certificate_thumbnail_handouts',
    statements: [
      // The share of a class's videos its certificate needs, in percent: 100 (every video) was every class's rule.
      `alter table lectures add column certificate_progress int not null default 100
        constraint lectures_certificate_progress check (certificate_progress between 1 and 100)`,
      // A quiz members have started is never changed: a change makes a new quiz and retires this one, whose questions
      // and results stay as they were. One current quiz per class; the store answered the lowest quizid of a class, so
      // any other is retired now.
      `alter table quizzes add column retired_at text`,
      `update quizzes q set retired_at = to_char(now() at time zone 'Asia/Seoul', 'YYYY-MM-DD HH24:MI:SS')
        where exists (select 1 from quizzes o where o.contentsid = q.contentsid and o.quizid < q.quizid)`,
      `create unique index quizzes_one_current on quizzes (contentsid) where retired_at is null`,
      // A day's attempts are counted per class, across its quiz's versions.
      `create index quiz_results_member_class on quiz_results (useruid, contentsid, created_at)`,
      // A thumbnail uploaded in the console: its sizes as WebP, served at /media/thumbs/<contentsid>-<version>-<width>.webp
      // from here, so every instance on one database serves what any of them stored.
      `create table class_thumbnails (
        contentsid int not null references lectures(contentsid),
        version text not null,
        width int not null,
        height int not null,
        bytes bytea not null,
        created_at text not null,
        primary key (contentsid, version, width))`,
      // Handouts and e-book files uploaded in the console: their record where the demo's are (pdfs), their bytes beside
      // it. A row without bytes is a demo handout, generated when downloaded.
      `alter table pdfs add column title text`,
      `alter table pdfs add column size int`,
      `alter table pdfs add column content_type text`,
      `alter table pdfs add column created_at text`,
      `alter table pdfs add column uploaded_by text`,
      `create index pdfs_class on pdfs (contentsid, pdfid)`,
      `create index pdfs_filename on pdfs (filename)`,
      `create table pdf_bytes (pdfid int primary key references pdfs(pdfid) on delete cascade, bytes bytea not null)`,
      ...(
        [
          ['quizzes', 'quizid'],
          ['quiz_questions', 'questionid'],
          ['pdfs', 'pdfid'],
        ] as const
      ).flatMap(([table, id]) => [
        `create sequence if not exists ${table}_${id}_seq owned by ${table}.${id}`,
        `select setval('${table}_${id}_seq', greatest(coalesce(max(${id}), 0), 1)) from ${table}`,
      ]),
    ],
  },
  {
    // Issue 38: categories and /main's banners from the console. New ids come from sequences (as 030's do; rows the seed
    // writes after an empty database's migrations are caught up under a lock: server/domain/consoleIds.ts), so a deleted
    // category's id, which old links may still name, is never handed to another. A banner's uploaded pictures live in
    // the database, as members' uploads do (021), so every instance serves them; a banner may have a phone picture.
    id: '033_console_categories_banners',
    statements: [
      ...(
        [
          ['categories', 'categoryid'],
          ['banners', 'bannerid'],
        ] as const
      ).flatMap(([table, id]) => [
        `create sequence if not exists ${table}_${id}_seq owned by ${table}.${id}`,
        `select setval('${table}_${id}_seq', greatest(coalesce(max(${id}), 0), 1)) from ${table}`,
      ]),
      `alter table banners add column mobile_image text`,
      `create table banner_images (
        name text primary key,
        content_type text not null constraint banner_images_type check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
        width int not null,
        height int not null,
        size int not null,
        bytes bytea not null,
        uploaded_by text not null,
        created_at text not null)`,
      // Siblings are read in their order (the menu, the console's tree, a reorder's check).
      `create index if not exists categories_children on categories (pcategoryid, sort, categoryid)`,
    ],
  },
  {
    // Issue 38: each run of a queued job (server/jobs/queue.ts): which process ran it, how it ended and why. A running
    // try's process touches `beat_at`; a try whose process stopped touching it (killed, its machine gone) is counted
    // abandoned by another worker and the job retried, instead of waiting out pg-boss's expiry (hours). The failures
    // stay here with their reasons after pg-boss archives its jobs. Times are the database's clock, which every worker
    // shares.
    id: '035_job_attempts',
    statements: [
      `create table job_attempts (
        job_id uuid not null,
        attempt int not null,
        queue text not null,
        worker text not null,
        started_at timestamptz not null default now(),
        beat_at timestamptz not null default now(),
        ended_at timestamptz,
        outcome text constraint job_attempts_outcome check (outcome in ('completed', 'failed', 'abandoned', 'stopped')),
        error text,
        primary key (job_id, attempt))`,
      `create index job_attempts_running on job_attempts (job_id) where ended_at is null`,
    ],
  },
  {
    // Issue 40: the mail outbox. A row is written in the transaction of the change it tells of (a payment confirmed, a
    // refund finished, an answer saved); the mail job (server/jobs/mailJob.ts) sends it. `event_key` makes each event
    // one mail however often its change is replayed; `lease_until` keeps two workers from sending one row at once.
    id: '036_mail_outbox',
    statements: [
      `create table mail_outbox (
        mailid serial primary key,
        event_key text not null unique,
        kind text not null constraint mail_outbox_kind check (kind in
          ('payment-confirmed', 'refund-finished', 'qna-answered', 'suggest-replied', 'access-ending', 'certificate-issued')),
        useruid text not null,
        data text not null,
        state text not null default 'pending' constraint mail_outbox_state check (state in ('pending', 'sent', 'failed', 'skipped')),
        attempts int not null default 0,
        error text,
        queued_at text,
        lease_until text,
        created_at text not null,
        sent_at text,
        updated_at text not null)`,
      `create index mail_outbox_open on mail_outbox (mailid) where state = 'pending'`,
      `create index mail_outbox_member on mail_outbox (useruid, mailid)`,
      // 회원정보's switch for reminders (access ending); order and refund mails are always sent.
      `alter table members add column mail_reminders boolean not null default true`,
    ],
  },
  {
    // updated_at is KST text to the second, so two watch-time writes in one second tied and 이어보기 could resume the
    // earlier video (a clean-clone CI run on PostgreSQL saw it). Every write takes the next number; it breaks the tie.
    id: '037_progress_write_order',
    statements: [
      `create sequence progress_write_seq`,
      `alter table progress add column write_seq bigint not null default nextval('progress_write_seq')`,
      // Owned by its column: dropping the table (db:reset) drops it too.
      `alter sequence progress_write_seq owned by progress.write_seq`,
    ],
  },
  {
    // Issue 39: a revoked certificate stays where it was issued, so its number keeps answering the public check (as
    // revoked) and the one-per-member-and-class key keeps it from being issued again; its reason and who revoked it
    // stay beside it (the audit trail has them too).
    // Points added or taken from the console: who wrote the entry, and the console's key for a doubled request (one
    // per staff member, as refunds' keys are one per member).
    id: '038_certificate_revocation_console_points',
    statements: [
      `alter table certificates add column revoked_at text`,
      `alter table certificates add column revoke_reason text`,
      `alter table certificates add column revoked_by text`,
      `create index certificates_newest on certificates (issued_at desc, certificateno desc)`,
      `alter table points add column staff_useruid text`,
      `alter table points add column idempotency_key text`,
      `create unique index points_console_idempotency on points (staff_useruid, idempotency_key) where idempotency_key is not null`,
      `create index points_newest on points (created_at desc, pointid desc)`,
    ],
  },
  {
    // Issue 39, the console's orders: how each order was paid as the provider recorded it (the orders list filters by
    // it; live mode has no local ledger to join), set when the order is confirmed (server/domain/paymentSync.ts) and
    // filled here from the demo's ledger for orders paid before; and who issued a refund from the console.
    id: '040_order_method_store_refunds',
    statements: [
      `alter table payments add column paid_method text`,
      `alter table payments add column installment_month int not null default 0`,
      `update payments p set paid_method = l.method, installment_month = l.installment_month
        from local_payments l where l.txid = p.provider_txid and p.paid_at is not null`,
      `update payments set paid_method = 'card' where paid_method is null and paid_at is not null and pay_method = 'card'`,
      `alter table refunds add column issued_by text`,
      `create index payments_created on payments (created_at)`,
      `create index payment_items_class on payment_items (contentsid, paymentid)`,
    ],
  },
  {
    // Issue 39, the console's inbox: who last wrote a question's answer; a suggestion's status set by staff (접수 /
    // 답변완료, which a reply alone no longer decides: staff may reply and keep it open). The inbox lists unanswered
    // first, newest first within each, from these indexes.
    id: '039_inbox',
    statements: [
      `alter table qnas add column answered_by text`,
      `alter table suggests add column status text not null default 'waiting'
        constraint suggests_status check (status in ('waiting', 'answered'))`,
      `update suggests set status = 'answered' where answer is not null`,
      `create index if not exists qnas_inbox on qnas ((answer is not null), qnaid desc)`,
      `create index if not exists qnas_inbox_class on qnas (contentsid, (answer is not null), qnaid desc)`,
      `create index if not exists suggests_inbox on suggests (status, suggestid desc)`,
    ],
  },
  {
    // Issue 41, hole 3: what each uploader stored per Korean day (server/domain/uploadQuota.ts), and the age an
    // unattached upload is swept at (server/domain/uploadSweep.ts) read from an index instead of the whole table.
    id: '041_upload_days',
    statements: [
      `create table upload_days (uploader text not null, day text not null, files int not null, bytes bigint not null,
        primary key (uploader, day))`,
      `create index uploads_created on uploads (created_at)`,
    ],
  },
  {
    // Issue 41, hole 1: every fetch of a class video, playlist or fragment reads its lecture row by path (and, now, whether
    // the link's member still has the class). Without an index that read walked the whole table: 6.6 ms at the scale
    // bench's 40,000 videos, per fragment (npm run bench:links).
    id: '042_video_paths',
    statements: [`create index if not exists videos_path on videos (path)`],
  },
  {
    // Issue 42, finding 8: a search ranks where the word matched (title, then tags and summary, then teacher) and finds
    // 리포머 by its 초성 (ㄹㅍㅁ) and 매트 필라테스 without its space. lecture_keys.search_text becomes one line per field
    // (title, teacher, tags, summary), each its letters without spaces, lowered, a tab, then its 초성: the same trigram
    // and letter indexes answer every form, and the rank reads only the line that matched (docs/decisions.md).
    id: '043_search_relevance',
    statements: [
      `create or replace function search_initials(t text) returns text language sql immutable parallel safe as $$
        select coalesce(string_agg(case when ascii(c) between 44032 and 55203
          then substr('ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ', (ascii(c) - 44032) / 588 + 1, 1) else c end, '' order by i), '')
        from unnest(string_to_array(t, null)) with ordinality u(c, i)
      $$`,
      `create or replace function search_key(search_text text, subtitle text) returns text language sql immutable parallel safe as $$
        select string_agg(k || E'\\t' || search_initials(k), E'\\n' order by i)
        from unnest(string_to_array(lower(split_part(search_text, E'\\n', 1)) || E'\\n' || lower(split_part(search_text, E'\\n', 2))
          || E'\\n' || lower(split_part(search_text, E'\\n', 3)) || E'\\n' || lower(coalesce(subtitle, '')), E'\\n')) with ordinality u(f, i),
          lateral (select regexp_replace(f, '[[:space:]]+', '', 'g') as k) c
      $$`,
      `create or replace function lectures_keep_keys() returns trigger language plpgsql as $$
        declare was boolean; visible boolean;
        begin
          was := tg_op <> 'INSERT' and old.state = 'published';
          visible := tg_op <> 'DELETE' and new.state = 'published';
          if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old.contentsid <> new.contentsid or (was and not visible))) then
            delete from lecture_keys where contentsid = old.contentsid;
          end if;
          if tg_op = 'UPDATE' and was and not visible then
            -- Leaving the store: its tags' rows and counts go (the tags stay with the lecture).
            delete from tag_keys where contentsid = old.contentsid;
            update tag_counts c set n = c.n - 1 from tags t where t.contentsid = old.contentsid and c.tag = t.tag;
          end if;
          if visible and (tg_op = 'INSERT' or old.contentsid <> new.contentsid or not was) then
            insert into lecture_keys values (new.contentsid, new.categoryid, new.is_ebook, new.created_at, new.popularity,
              new.ratingavg, new.saleprice, search_key(new.search_text, new.subtitle))
            on conflict (contentsid) do update set categoryid = excluded.categoryid, is_ebook = excluded.is_ebook,
              created_at = excluded.created_at, popularity = excluded.popularity, ratingavg = excluded.ratingavg,
              saleprice = excluded.saleprice, search_text = excluded.search_text;
            if tg_op = 'UPDATE' and not was then
              -- Entering the store: its tags' rows and counts come back.
              insert into tag_keys (contentsid, tag, created_at, popularity, ratingavg, saleprice, categoryid, is_ebook)
                select k.contentsid, t.tag, k.created_at, k.popularity, k.ratingavg, k.saleprice, k.categoryid, k.is_ebook
                from tags t join lecture_keys k on k.contentsid = t.contentsid where t.contentsid = new.contentsid
              on conflict do nothing;
              insert into tag_counts (tag, n) select tag, 1 from tags where contentsid = new.contentsid
              on conflict (tag) do update set n = tag_counts.n + 1;
            end if;
          elsif visible and tg_op = 'UPDATE' then
            update lecture_keys k set categoryid = new.categoryid, is_ebook = new.is_ebook, created_at = new.created_at,
              popularity = new.popularity, ratingavg = new.ratingavg, saleprice = new.saleprice, search_text = search_key(new.search_text, new.subtitle)
            where k.contentsid = new.contentsid and (k.categoryid, k.is_ebook, k.created_at, k.popularity, k.ratingavg, k.saleprice,
              k.search_text) is distinct from (new.categoryid, new.is_ebook, new.created_at collate "C", new.popularity, new.ratingavg,
              new.saleprice, search_key(new.search_text, new.subtitle));
          end if;
          return null;
        end $$`,
      `drop trigger lectures_keep_keys on lectures`,
      `create trigger lectures_keep_keys after insert or delete or update of contentsid, categoryid, is_ebook, created_at,
        popularity, ratingavg, saleprice, search_text, title, teacher, subtitle, state on lectures for each row execute function lectures_keep_keys()`,
      `update lecture_keys k set search_text = search_key(l.search_text, l.subtitle) from lectures l where l.contentsid = k.contentsid`,
      `analyze lecture_keys`,
    ],
  },
  {
    // Issue 41, hole 2: a member's clock across all their videos (rules/watchCoverage.ts, MemberClock), so heartbeats of
    // several videos at once share one allowance. One row per member, locked by each heartbeat before its video's row.
    id: '044_watch_clocks',
    statements: [`create table watch_clocks (useruid text primary key, clock text)`],
  },
  {
    // Issue 39, the console's members: the personal-data access record (개인정보의 안전성 확보조치 기준 제8조), which
    // takes no UPDATE and no DELETE but of lines past their two years (server/domain/personalDataAccess.ts), and the
    // member search's indexes (server/domain/memberSearch.ts): newest first, an e-mail's or a name's start, a part of
    // the name or e-mail (trigrams), a phone number's last four digits, a part of its digits (trigrams).
    id: '045_member_console',
    statements: [
      `create table personal_data_access (
        accessid serial primary key, at text not null, actor text not null, actor_role text not null,
        kind text not null check (kind in ('open', 'export')), member text, query text, reason text not null,
        request_id text not null default '')`,
      `create index personal_data_access_member on personal_data_access (member, accessid)`,
      `create index personal_data_access_at on personal_data_access (at)`,
      `create or replace function personal_data_access_kept() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            if old.at < to_char((now() at time zone 'UTC') + interval '9 hours' - interval '2 years', 'YYYY-MM-DD HH24:MI:SS') then
              return old;
            end if;
          end if;
          raise exception 'personal_data_access keeps its lines two years (% refused)', tg_op;
        end $$`,
      `create trigger personal_data_access_no_update before update or delete on personal_data_access for each row execute function personal_data_access_kept()`,
      `create trigger personal_data_access_no_truncate before truncate on personal_data_access for each statement execute function personal_data_access_kept()`,
      `revoke update, truncate on personal_data_access from public`,
      `create index if not exists members_recent on members (created_at desc, useruid desc)`,
      `create index if not exists members_email_start on members (lower(email) text_pattern_ops)`,
      `create index if not exists members_name_start on members (name text_pattern_ops)`,
      `create index if not exists members_name_email_trgm on members using gin ((lower(name) || ' ' || lower(email)) gin_trgm_ops)`,
      `create index if not exists members_phone_trgm on members using gin ((regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) gin_trgm_ops)`,
      `create index if not exists members_phone_last4 on members (right(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), 4), created_at desc, useruid desc)`,
    ],
  },
  {
    // Issue 39, coupons: a campaign is the terms staff set once (amount, or percent with a cap; minimum order; valid
    // from and until in KST; the classes or categories it applies to, none for all) and how it reaches members (N codes
    // or straight into chosen members' wallets). Each issued coupon stays a row of coupons, with the campaign's terms
    // copied on it, so the wallet, GetCouponInfo and checkout read it as before; scope and the stop are read from the
    // campaign. One wallet coupon per campaign and member (coupon_campaign_members), so issuing the same list twice, or
    // two issues at once, issues once. The key of a create is kept so a doubled press creates one campaign.
    id: '046_coupon_campaigns',
    statements: [
      `create table coupon_campaigns (
        campaignid serial primary key, name text not null, kind text not null check (kind in ('codes', 'members')),
        discount_amount int not null default 0, discount_rate int not null default 0 check (discount_rate between 0 and 100),
        max_discount int check (max_discount > 0), min_amount int not null default 0,
        valid_from text not null, valid_until text not null,
        contentsids int[] not null default '{}', categoryids int[] not null default '{}',
        created_by text not null, created_at text not null, idempotency_key text,
        stopped_at text, stopped_by text,
        check ((discount_amount > 0) <> (discount_rate > 0)),
        unique (created_by, idempotency_key))`,
      `alter table coupons add column campaignid int references coupon_campaigns(campaignid)`,
      `alter table coupons add column max_discount int`,
      `alter table coupons add column valid_from text`,
      `create index coupons_campaign on coupons (campaignid) where campaignid is not null`,
      // Who a wallet campaign reached, once each: the key makes a second issue (the list again, or another request at
      // the same moment) wait for the first and then find the member issued.
      `create table coupon_campaign_members (
        campaignid int not null references coupon_campaigns(campaignid), useruid text not null, issued_at text not null,
        primary key (campaignid, useruid))`,
    ],
  },
  {
    // Issue 39, the console's sales: the orders list filtered to 할부 walks the newest orders paid in instalments. With
    // only the period's index, a year's page read the whole year (100k orders) to keep 50: p99 77 ms at the scale
    // bench's size (scripts/bench-sales.ts, docs/capacity.md); this small index holds the 할부 orders alone.
    id: '047_sales',
    statements: [`create index payments_installment_recent on payments (paymentid desc) where installment_month >= 2`],
  },
  {
    // Issue 42, refunds by the part taken: each paid video's first play by its member, under the order that enrolled
    // them (a class bought again after a refund starts afresh; 0 for an enrolment staff granted without an order). The
    // server records it when it issues the video's source (server/domain/usage.ts), as it records the class's first play.
    // Older plays are read back from progress: a paid video the member has progress on was played, at the class's first
    // play. A class-level mark with no progress behind it is not guessed into a video (the member is given the benefit).
    // `refunds.parts` keeps how many parts of each class a refund paid back (`101:3,102:1`); null before: whole classes.
    id: '048_video_plays',
    statements: [
      `create table video_plays (useruid text not null, videoid int not null, contentsid int not null, paymentid int not null,
        first_played_at text not null, primary key (useruid, paymentid, videoid))`,
      PLAYS_FROM_PROGRESS,
      `alter table refunds add column parts text`,
    ],
  },
  {
    // Issue 43, the server at scale: the derived catalogue tables are rewritten by every tag and rating of their
    // lecture, and none of those updates is HOT (every column is in an index), so each leaves a dead row and index
    // entries behind. PostgreSQL's defaults vacuum a table after a fifth of it is dead (20,000 rows at 100k lectures)
    // and sleep between pages; a store's bursts (an import, a batch of ratings) then grew lecture_keys to 3× its
    // compact size. These tables are vacuumed after 2 % of them changes (and after inserts, so new lectures' pages are
    // all-visible for the index-only walks), without the cost delay (they are small), and keep a fifth of each page
    // free, so a lecture's next version lands on its own page instead of extending the table.
    // A second index of each category carries the search text and every order's keys, so a search within a category
    // reads that category alone, index-only (server/domain/lectures.ts, SHELF_READ_WHOLE), not the list's order past
    // the others. The narrow one stays for bitmaps: a subtree's 44,000 entries took 13 ms to read from the wide one.
    id: '049_derived_tables_vacuum',
    statements: [
      ...['lecture_keys', 'tag_keys'].map(
        (table) => `alter table ${table} set (fillfactor = 80, autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 500,
          autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_cost_delay = 0)`,
      ),
      `create index lecture_keys_category_search on lecture_keys (categoryid, is_ebook)
        include (contentsid, created_at, popularity, ratingavg, saleprice, search_text)`,
    ],
  },
];
