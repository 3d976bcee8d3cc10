import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing';
import { ENROLMENT_DAYS, earnedPoints } from '../../rules/orderTerms';

/**
 * The demo data holds together (issue 42, finding 9): a fresh seed is recomputed with the store's own rules. Every
 * figure a newcomer reads (durations, dates, points, banners, approval numbers) must be one the store could have
 * written, today.
 */
let server: TestServer;
beforeAll(async () => {
  server = await testServer();
}, 60_000);
afterAll(() => server.close());

/** Stored KST text ('YYYY-MM-DD HH:MM:SS') → epoch ms. */
const at = (text: string) => Date.parse(`${text.replace(' ', 'T')}+09:00`);
const DAY = 86_400_000;
const rows = async <T,>(q: ReturnType<typeof sql<T>>) => (await q.execute(server.db)).rows;

describe('demo seed consistency', () => {
  it('durations sum: videos → sections → class, in whole minutes, and a title naming minutes lasts that long', async () => {
    const lectures = await rows(sql<{ contentsid: number; title: string }>`select contentsid, title from lectures order by contentsid`);
    for (const { contentsid, title } of lectures) {
      const r = await server.call('POST', '/api/Contents/CurriculumList/', { auth: false, body: { contentsid } });
      const sections = r.json.datas as { title: string; totalduration: number; videos: { duration: number }[] }[];
      let classSeconds = 0;
      let shownMinutes = 0;
      for (const s of sections) {
        expect(s.totalduration, `${contentsid} ${s.title}`).toBe(s.videos.reduce((a, v) => a + v.duration, 0));
        // Whole minutes: the section's "N분" is then exactly the sum of its videos' lengths, and the class's of its sections.
        for (const v of s.videos) expect(v.duration % 60, `${contentsid} ${s.title}`).toBe(0);
        classSeconds += s.totalduration;
        shownMinutes += Math.round(s.totalduration / 60);
      }
      const detail = await server.call('GET', `/api/Contents/GetOnlineDetail/${contentsid}/0`, { auth: false });
      expect(detail.json.datas.totalduration, title).toBe(classSeconds);
      expect(Math.round(classSeconds / 60), title).toBe(shownMinutes);
      const named = /(\d+)분/.exec(title);
      if (named) expect(classSeconds, title).toBe(Number(named[1]) * 60);
    }
  });

  it("an enrolment starts when its order was paid and ends the store's access days later; first play only after real progress", async () => {
    const enrolments = await rows(sql<{
      contentsid: number; start_at: string; end_at: string; first_play_at: string | null; completed_at: string | null;
      paid_at: string | null; played: boolean;
    }>`select e.contentsid, e.start_at, e.end_at, e.first_play_at, e.completed_at, p.paid_at,
        exists (select 1 from progress g join videos v on v.videoid = g.videoid
          where g.useruid = e.useruid and g.contentsid = e.contentsid and not v.is_preview) as played
      from enrollments e join payments p on p.paymentid = e.paymentid`);
    expect(enrolments.length).toBeGreaterThanOrEqual(4);
    for (const e of enrolments) {
      expect(e.start_at, `${e.contentsid}: start = paid`).toBe(e.paid_at);
      expect(at(e.end_at) - at(e.start_at), `${e.contentsid}: end = start + ${ENROLMENT_DAYS} days`).toBe(ENROLMENT_DAYS * DAY);
      if (e.played) expect(e.first_play_at, `${e.contentsid} has progress`).not.toBeNull();
      else expect(e.first_play_at, `${e.contentsid} has no progress on a class video`).toBeNull();
      for (const later of [e.first_play_at, e.completed_at]) if (later) expect(at(later)).toBeGreaterThanOrEqual(at(e.start_at));
    }
  });

  it("every 결제 적립 is the store's point rule applied to its order, and every 결제 시 사용 is an order's points", async () => {
    const payments = await rows(sql<{ paymentid: number; amount: number; point_used: number; paid_at: string }>`
      select paymentid, amount, point_used, paid_at from payments where status = 'paid'`);
    const points = await rows(sql<{ useruid: string; amount: number; reason: string; created_at: string; paymentid: number | null }>`
      select useruid, amount, reason, created_at, paymentid from points order by created_at, pointid`);
    for (const p of payments) {
      const earn = points.filter((r) => r.reason === '결제 적립' && r.paymentid === p.paymentid);
      expect(earn.map((r) => [r.amount, r.created_at]), `order ${p.paymentid}`).toEqual([[earnedPoints(p.amount), p.paid_at]]);
      const used = points.filter((r) => r.reason === '결제 시 사용' && r.paymentid === p.paymentid);
      expect(used.map((r) => [r.amount, r.created_at]), `order ${p.paymentid}`).toEqual(p.point_used ? [[-p.point_used, p.paid_at]] : []);
    }
    // No ledger row of an order that is not one.
    for (const r of points.filter((x) => x.reason === '결제 적립' || x.reason === '결제 시 사용'))
      expect(payments.some((p) => p.paymentid === r.paymentid), `${r.reason} ${r.amount} at ${r.created_at}`).toBe(true);
    // Points are spent only from a balance that held them.
    const running = new Map<string, number>();
    for (const r of points) {
      running.set(r.useruid, (running.get(r.useruid) ?? 0) + r.amount);
      expect(running.get(r.useruid), `balance after ${r.reason} at ${r.created_at}`).toBeGreaterThanOrEqual(0);
    }
  });

  it('a used coupon was used by an order of its member, when it was paid', async () => {
    const used = await rows(sql<{ couponnumber: string; used_by: string; used_at: string; paid: string | null }>`
      select c.couponnumber, c.used_by, c.used_at,
        (select p.paid_at from payments p where p.couponnumber = c.couponnumber and p.useruid = c.used_by and p.status = 'paid') as paid
      from coupons c where c.used_by is not null`);
    for (const c of used) expect(c.used_at, c.couponnumber).toBe(c.paid);
  });

  it('every date is in the past, in the order the store writes them', async () => {
    const now = Date.now();
    const dated = await rows(sql<{ what: string; t: string }>`
      select 'member ' || useruid as what, created_at as t from members
      union all select 'order ' || paymentid, created_at from payments
      union all select 'paid ' || paymentid, paid_at from payments where paid_at is not null
      union all select 'enrolment ' || contentsid, start_at from enrollments
      union all select 'first play ' || contentsid, first_play_at from enrollments where first_play_at is not null
      union all select 'completed ' || contentsid, completed_at from enrollments where completed_at is not null
      union all select 'points ' || reason, created_at from points
      union all select 'progress ' || videoid, updated_at from progress
      union all select 'coupon ' || couponnumber, used_at from coupons where used_at is not null
      union all select 'notice ' || noticeid, created_at from notices
      union all select 'quiz ' || isscoreid, created_at from quiz_results
      union all select 'suggest ' || suggestid, created_at from suggests
      union all select 'qna ' || qnaid, created_at from qnas
      union all select 'rating ' || ratingid, created_at from ratings`);
    for (const d of dated) expect(at(d.t), `${d.what} ${d.t}`).toBeLessThanOrEqual(now);
    const orders = await rows(sql<{ paymentid: number; created_at: string; paid_at: string; joined: string; completed: string | null }>`
      select p.paymentid, p.created_at, p.paid_at, m.created_at as joined,
        (select max(e.completed_at) from enrollments e where e.paymentid = p.paymentid) as completed
      from payments p join members m on m.useruid = p.useruid where p.paid_at is not null`);
    for (const o of orders) {
      expect(at(o.joined), `order ${o.paymentid} after joining`).toBeLessThanOrEqual(at(o.created_at));
      expect(at(o.created_at), `order ${o.paymentid} paid after it was placed`).toBeLessThanOrEqual(at(o.paid_at));
    }
    // The member's latest notice is recent news, not a year-old one.
    const [latest] = await rows(sql<{ t: string }>`select max(created_at) as t from notices`);
    expect(now - at(latest!.t)).toBeLessThan(60 * DAY);
  });

  it("a banner's promise is kept where it leads: the discount it names is the list's, in no other month or season", async () => {
    const banners = await server.call('POST', '/api/Banner/GetList?isonlybranch=true', { auth: false });
    const month = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Seoul', month: 'numeric' }).format(new Date()));
    const season = ['겨울', '겨울', '봄', '봄', '봄', '여름', '여름', '여름', '가을', '가을', '가을', '겨울'][month - 1]!;
    // The banner's picture prints its title and subtitle; `alt` carries both.
    for (const b of banners.json.datas as { alt: string; linkurl: string }[]) {
      for (const m of b.alt.matchAll(/(\d+)월/g)) expect(Number(m[1]), `${b.alt}: another month`).toBe(month);
      for (const m of b.alt.matchAll(/(봄|여름|가을|겨울)/g)) expect(m[1], `${b.alt}: another season`).toBe(season);
      const sale = /(최대 )?(\d+)% 할인/.exec(b.alt);
      if (!sale) continue;
      const [, categoryid, pcategoryid] = /^\/classList\/(\d+)\/(\d+)$/.exec(b.linkurl)!.map(Number);
      const list = await server.call('POST', '/api/Contents/GetOnlineLectures/', {
        auth: false,
        body: { page: 1, pageSize: 50, isonlybranch: true, categoryid, pcategoryid },
      });
      const off = (list.json.datas.list as { price: number; saleprice: number }[])
        .filter((l) => l.price > 0)
        .map((l) => Math.round((1 - l.saleprice / l.price) * 100));
      // "최대 20%": the best price there is 20% off; a plain "20% 할인" promises it on every paid class there.
      if (sale[1]) expect(Math.max(...off), `${b.alt} → ${b.linkurl}`).toBe(Number(sale[2]));
      else expect(new Set(off), `${b.alt} → ${b.linkurl}`).toEqual(new Set([Number(sale[2])]));
    }
  });

  it('a demo receipt shows an approval number as the store issues them, not a test id', async () => {
    const payments = await rows(sql<{ provider_txid: string; paid_at: string }>`select provider_txid, paid_at from payments where paid_at is not null`);
    for (const p of payments) expect(p.provider_txid).toBe(`LPT-${p.paid_at.slice(0, 10).replace(/-/g, '')}-${p.provider_txid.slice(-8)}`);
    for (const p of payments) expect(p.provider_txid).toMatch(/^LPT-\d{8}-[0-9a-f]{8}$/);
  });
});
