import { sql } from 'kysely';
import type { Db } from './database';
import * as d from './seed-data';
import { COVER_COMPLETED_VIDEOS, PLAYS_FROM_PROGRESS } from './migrations';
import { daysFromNow, kst } from '../lib/time';
import { BUSINESS } from '../../rules/business';
import { CERTIFICATE_RULE } from '../../rules/certificate';
import { ENROLMENT_DAYS, earnedPoints } from '../../rules/orderTerms';
import { createHash } from 'node:crypto';

const DAY_MS = 86_400_000;
/** Stored KST text of the moment `days` before now. */
const ago = (days: number) => kst(new Date(Date.now() - days * DAY_MS));
/**
 * A demo order's approval number, shaped as the demo card ledger issues them (server/handlers/local.ts: LPT-, the day,
 * eight hex digits), so a receipt never shows a test id (issue 42, finding 13).
 */
const approvalNumber = (paymentid: number, paidAt: string) =>
  `LPT-${paidAt.slice(0, 10).replace(/-/g, '')}-${createHash('sha256').update(`demo-order-${paymentid}`).digest('hex').slice(0, 8)}`;

/** True when the database holds no catalogue yet (first start, or after db:reset). */
export async function isEmpty(db: Db): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from categories`.execute(db);
  return (r.rows[0]?.n ?? 0) === 0;
}

/** Inserts the whole demo data set in one transaction. */
export async function seed(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const depth = (id: number) => (id < 10 ? 1 : id < 100 ? 2 : 3);
    await tx.insertInto('categories').values(d.categories.map(([categoryid, pcategoryid, ctgrname, ctgrengname], i) => ({ categoryid, pcategoryid, ctgrname, ctgrengname, depth: depth(categoryid), sort: i }))).execute();

    await tx.insertInto('lectures').values(d.lectures.map((l) => ({
      ...l,
      subtitle: `${l.teacher}와 함께하는 ${l.level} 과정`,
      description: `<h3>${l.title}</h3><p>${l.teacher}가 직접 진행하는 온라인 클래스입니다. 집에서도 안전하게 따라할 수 있도록 동작마다 자세히 설명합니다.</p><ul><li>수강 기간 ${ENROLMENT_DAYS}일</li><li>PC·모바일 수강</li></ul>`,
      thumbnail: `/media/thumbs/${l.contentsid}.svg`,
      publisher: l.is_ebook ? `${BUSINESS.company} 출판부` : BUSINESS.company,
    }))).execute();
    await tx.insertInto('tags').values(d.lectures.flatMap((l) => d.tagsFor(l).map((tag) => ({ contentsid: l.contentsid, tag })))).execute();

    const sections = d.lectures.flatMap((l) => d.sectionTitles.map((title, s) => ({ sectionid: l.contentsid * 10 + s + 1, contentsid: l.contentsid, title: `${s + 1}. ${title}`, sort: s + 1 })));
    await tx.insertInto('sections').values(sections).execute();
    await tx.insertInto('videos').values(sections.flatMap((s, si) => d.videoTitles[(s.sort - 1) % 2]!.map((title, v) => ({
      videoid: s.sectionid * 10 + v + 1, sectionid: s.sectionid, contentsid: s.contentsid, title,
      duration_sec: 60 * d.videoMinutes(s.contentsid, si, v), path: `media/lectures/${s.contentsid}/${s.sectionid * 10 + v + 1}.${s.contentsid === 102 ? 'm3u8' : 'mp4'}`, sort: v + 1, is_preview: s.sort === 1 && v === 0,
    })))).execute();
    // Issue 26: Korean captions on the demo member's three classes (cues written by server/media/captions.ts). The
    // migration tests seed a database created at an older migration, without the table: migration 024 fills it there.
    const captions = await sql<{ t: string | null }>`select to_regclass('captions')::text as t`.execute(tx);
    if (captions.rows[0]?.t)
      await sql`insert into captions (videoid, srclang, label, path)
        select videoid, 'ko', '한국어', 'media/captions/' || videoid || '.ko.vtt' from videos where contentsid in (101, 102, 121)`.execute(tx);
    await tx.insertInto('pdfs').values(d.lectures.map((l) => ({ pdfid: l.contentsid, contentsid: l.contentsid, filename: `pdf-${l.contentsid}.pdf`, original_filename: `${l.title} 교안.pdf`, pages: l.is_ebook ? 3 : 1 }))).execute();

    await tx.insertInto('banners').values(d.banners.map((b, i) => ({ ...b, image: `/media/banners/${b.bannerid}.svg`, sort: i }))).execute();
    await tx.insertInto('branches').values({ branchid: 1, region: '서울', name: '서울 강남 본원', address: BUSINESS.address, phone: BUSINESS.phone, hours: BUSINESS.hours }).execute();
    await tx.insertInto('stats').values({ statid: 1, members: 12840, lectures: d.lectures.length, teachers: 4, certificates: 3120, satisfaction: 97 }).execute();

    await tx.insertInto('notices').values(d.notices.map((n, i) => ({ noticeid: i + 1, isnotice: n.isnotice, title: n.title, content: n.content, istop: n.istop, viewcnt: 10 * (i + 3), attachment: n.attachment ?? null, created_at: ago(n.daysAgo) }))).execute();
    await tx.insertInto('faqs').values(d.faqs.map(([category, question, answer], i) => ({ faqid: i + 1, category, question, answer, sort: i }))).execute();
    await tx.insertInto('suggest_types').values(d.suggestTypes.map(([code, name], i) => ({ code, name, sort: i }))).execute();

    const joined = ago(d.JOINED_DAYS_AGO);
    await tx.insertInto('members').values([d.DEMO_MEMBER, d.NEW_MEMBER, d.NO_PHONE_MEMBER].map((m, i) => ({
      useruid: m.useruid, userid: m.email.split('@')[0], email: m.email, name: m.name, phone: m.phone, sns_type: i === 0 ? 'kakao' : 'naver', created_at: joined,
    }))).execute();
    await tx.insertInto('members').values(d.DEMO_STAFF.map((m) => ({
      useruid: m.useruid, userid: m.email.split('@')[0], email: m.email, name: m.name, phone: m.phone, sns_type: 'kakao', created_at: joined,
    }))).execute();
    // A database seeded before migration 029 (the migration tests replay older schemas) has no staff table yet.
    if ((await sql<{ t: string | null }>`select to_regclass('staff')::text as t`.execute(tx)).rows[0]?.t)
      await tx.insertInto('staff').values(d.DEMO_STAFF.map((m) => ({
        useruid: m.useruid, role: m.role, teachername: m.teachername, granted_at: joined, granted_by: 'seed',
      }))).execute();
    await tx.insertInto('suggests').values({ suggestid: 1, useruid: d.DEMO_MEMBER.useruid, suggesttype: '1', title: '수강 기간 연장이 가능한가요?', content: '<p>출장 때문에 수강을 못했어요. 연장 가능할까요?</p>', answer: '<p>고객센터로 연락 주시면 1회 연장해 드립니다.</p>', created_at: ago(60), answered_at: ago(59) }).execute();
    // Answered, so 답변완료 (migration 039's status); a database seeded before 039 gets it from 039 itself.
    if ((await sql`select 1 from information_schema.columns where table_name = 'suggests' and column_name = 'status'`.execute(tx)).rows.length)
      await sql`update suggests set status = 'answered' where answer is not null`.execute(tx);

    await tx.insertInto('coupons').values(d.coupons.map((c) => ({ used_by: null, used_at: null, ...c }))).execute();
    const me = d.DEMO_MEMBER.useruid;
    // The demo member's orders, written as the store writes a paid order (server/domain/orders.ts fulfil): the
    // enrolment from the payment for ENROLMENT_DAYS, the ledger rows of the points used and earned, at the paid time.
    const ledger: { useruid: string; amount: number; reason: string; created_at: string; paymentid?: number; kind?: string }[] = [
      { useruid: me, amount: 3000, reason: '회원가입 축하 포인트', created_at: joined },
    ];
    for (const o of d.demoOrders) {
      const lecture = d.lectures.find((l) => l.contentsid === o.contentsid)!;
      const coupon = d.coupons.find((c) => c.couponnumber === o.couponnumber);
      // Paid at 10:01 (Korean time) that day, placed a minute before: a demo receipt reads as a daytime purchase.
      const paidMs = Date.parse(`${ago(o.paidDaysAgo).slice(0, 10)}T10:01:00+09:00`);
      const paid_at = kst(new Date(paidMs));
      const amount = lecture.saleprice - (coupon?.discount_amount ?? 0) - o.pointUsed;
      await tx.insertInto('payments').values({
        paymentid: o.paymentid, useruid: me, title: lecture.title, contentsids: String(o.contentsid), amount, price_total: lecture.saleprice,
        coupon_discount: coupon?.discount_amount ?? 0, point_used: o.pointUsed, couponnumber: o.couponnumber, status: 'paid',
        provider_txid: approvalNumber(o.paymentid, paid_at), created_at: kst(new Date(paidMs - 60_000)), paid_at,
      }).execute();
      await tx.insertInto('payment_items').values({ paymentid: o.paymentid, contentsid: o.contentsid, price: lecture.saleprice }).execute();
      // first_play_at follows the progress below (a class never played has none).
      await tx.insertInto('enrollments').values({
        useruid: me, contentsid: o.contentsid, paymentid: o.paymentid, start_at: paid_at, end_at: kst(new Date(paidMs + ENROLMENT_DAYS * DAY_MS)),
        first_play_at: null, completed_at: o.contentsid === 102 ? ago(2) : null,
      }).execute();
      if (coupon) await tx.updateTable('coupons').set({ used_by: me, used_at: paid_at }).where('couponnumber', '=', coupon.couponnumber).execute();
      if (o.pointUsed) ledger.push({ useruid: me, amount: -o.pointUsed, reason: '결제 시 사용', created_at: paid_at, paymentid: o.paymentid, kind: 'use' });
      ledger.push({ useruid: me, amount: earnedPoints(amount), reason: '결제 적립', created_at: paid_at, paymentid: o.paymentid, kind: 'earn' });
    }
    ledger.push({ useruid: me, amount: 1000, reason: '후기 작성 이벤트', created_at: ago(5) });
    await sql`select setval(pg_get_serial_sequence('payments', 'paymentid'), 100)`.execute(tx);
    // Paid by card (migration 040's method, which the console's orders list filters by); an older schema has no column.
    if ((await sql`select 1 from information_schema.columns where table_name = 'payments' and column_name = 'paid_method'`.execute(tx)).rows.length)
      await sql`update payments set paid_method = 'card' where paid_at is not null and pay_method = 'card'`.execute(tx);
    // The demo card ledger's approvals of those orders: the console shows them as the provider's record and refunds through it.
    await sql`insert into local_payments (txid, merchant_uid, amount, status, created_at, consumed_at)
      select provider_txid, paymentid::text, amount, 'approved', created_at, paid_at from payments where useruid = ${me}`.execute(tx);
    // Progress: 101 half watched, 102 fully watched.
    const videosOf = (c: number) => [11, 12, 21, 22].map((n) => c * 100 + n);
    await tx.insertInto('progress').values([
      ...videosOf(101).slice(0, 2).map((videoid) => ({ useruid: me, contentsid: 101, videoid, watched_sec: 300, last_position: 300, completed: true, updated_at: daysFromNow(-1) })),
      ...videosOf(102).map((videoid) => ({ useruid: me, contentsid: 102, videoid, watched_sec: 300, last_position: 300, completed: true, updated_at: daysFromNow(-3) })),
    ]).execute();
    // A complete video was watched through (issue 23: completion is coverage): its whole length is covered. A database
    // seeded before migration 017 (the migration tests build one) gets the same from 017 itself.
    const coverage = await sql`select 1 from information_schema.columns where table_name = 'progress' and column_name = 'watched_spans'`.execute(tx);
    if (coverage.rows.length) await sql.raw(COVER_COMPLETED_VIDEOS).execute(tx);
    // A class counts as played from the member's first progress on one of its class videos; a preview is anyone's.
    await sql`update enrollments e set first_play_at = (select min(p.updated_at) from progress p join videos v on v.videoid = p.videoid
      where p.useruid = e.useruid and p.contentsid = e.contentsid and not v.is_preview) where e.useruid = ${me}`.execute(tx);
    // Each paid video the member has progress on was played, under the order that enrolled them (issue 42: refunds count
    // the part taken per video). A database seeded before migration 048 gets the same from 048 itself.
    if ((await sql<{ t: string | null }>`select to_regclass('video_plays')::text as t`.execute(tx)).rows[0]?.t)
      await sql.raw(PLAYS_FROM_PROGRESS).execute(tx);
    await tx.insertInto('carts').values({ useruid: me, contentsid: 104, itemtype: 'online', optionvalue: '', created_at: daysFromNow(-1) }).execute();
    await tx.insertInto('bookmarks').values({ useruid: me, contentsid: 101, videoid: 10111, created_at: daysFromNow(-2) }).execute();
    await tx.insertInto('points').values(ledger.sort((x, y) => x.created_at.localeCompare(y.created_at))).execute();
    // Once-per-member and issued coupons (migration 020); a database seeded before 020 gets them from 020 itself.
    const memberCoupons = await sql`select 1 from information_schema.columns where table_name = 'coupons' and column_name = 'per_member'`.execute(tx);
    if (memberCoupons.rows.length) {
      await sql`update coupons set per_member = true where couponnumber in (${sql.join(d.perMemberCoupons)})`.execute(tx);
      for (const c of d.issuedCoupons) await sql`update coupons set owner = ${c.owner} where couponnumber = ${c.couponnumber}`.execute(tx);
    }

    // Every demo quiz has the standard terms the FAQ and the terms state (rules/certificate.ts).
    await tx.insertInto('quizzes').values(d.quizLectures.map((c) => ({ quizid: c, contentsid: c, title: `${d.lectures.find((l) => l.contentsid === c)!.title} 수료 퀴즈`, pass_score: CERTIFICATE_RULE.passScore, required_progress: CERTIFICATE_RULE.quizOpensAt }))).execute();
    await tx.insertInto('quiz_questions').values(d.quizLectures.flatMap((quizid) => d.quizQuestions.map(([question, options, answer], i) => ({ questionid: quizid * 10 + i + 1, quizid, question, options: JSON.stringify(options), answer, score: 20, sort: i + 1 })))).execute();
    // The certificate of 102: a passed quiz on a completed lecture.
    await tx.insertInto('quiz_results').values({ isscoreid: 1, quizid: 102, useruid: me, contentsid: 102, score: 80, passed: true, answers: '[0,2,2,1,1]', created_at: daysFromNow(-2) }).execute();
    await sql`select setval(pg_get_serial_sequence('quiz_results', 'isscoreid'), 100)`.execute(tx);

    let ratingid = 1;
    const ratings = d.lectures.flatMap((l) => d.reviewers.slice(0, 2 + (l.contentsid % 3)).map((username, i) => ({
      ratingid: ratingid++, contentsid: l.contentsid, useruid: `u-review-${i}`, username, ratescore: 3 + ((l.contentsid + i) % 3),
      content: d.reviewTexts[(l.contentsid + i) % d.reviewTexts.length]!, created_at: ago(3 + 2 * ((l.contentsid + i) % 28)),
    })));
    await tx.insertInto('ratings').values(ratings).execute();
    await tx.insertInto('qnas').values([
      { qnaid: 1, contentsid: 101, useruid: me, username: d.DEMO_MEMBER.name, title: '호흡이 어려워요', content: '<p>동작 중 호흡 타이밍을 모르겠어요.</p>', is_private: false, answer: '<p>내쉬는 호흡에 힘을 쓰시면 됩니다.</p>', created_at: ago(8), answered_at: ago(7) },
      { qnaid: 2, contentsid: 101, useruid: 'u-review-1', username: '박지훈', title: '비공개 질문', content: '<p>개인적인 질문입니다.</p>', is_private: true, answer: null, created_at: ago(6), answered_at: null },
    ]).execute();
    for (const t of ['notices', 'faqs', 'suggests', 'ratings', 'qnas', 'points']) {
      const col = { notices: 'noticeid', faqs: 'faqid', suggests: 'suggestid', ratings: 'ratingid', qnas: 'qnaid', points: 'pointid' }[t]!;
      await sql.raw(`select setval(pg_get_serial_sequence('${t}', '${col}'), (select coalesce(max(${col}), 0) + 1 from ${t}), false)`).execute(tx);
    }
    await tx.insertInto('users').values({ id: me, last_login: kst(), active_session_token: null }).execute();
  });
}
