import { sql } from 'kysely';
import type { components } from '../../src/api/schema.gen';
import type { Db } from '../db/database';
import { all, one } from '../db/query';
import type { MemberRow } from '../db/rows';
import { fail } from '../lib/failure';
import { iso, isoOrNull, kst } from '../lib/time';
import { myCoupons } from './coupons';
import { LEFT_MEMBER } from './privacy';

type Record = components['schemas']['AdminMemberRecord'];
type Enrolment = components['schemas']['AdminMemberEnrolment'];

export const NO_MEMBER = '해당 회원이 없습니다.';

interface EnrolmentRow {
  contentsid: number;
  title: string;
  start_at: string;
  end_at: string;
  paymentid: number | null;
  completed_at: string | null;
  videos: number;
  done: number;
  certificateno: string | null;
  lastwatched: string | null;
}

/** One member's enrolments with their progress, newest first; `contentsid` keeps one class's. */
export async function enrolmentsOf(db: Db, useruid: string, contentsid: number | null = null): Promise<Enrolment[]> {
  const now = kst();
  const rows = await all(
    db,
    sql<EnrolmentRow>`select e.contentsid, l.title, e.start_at, e.end_at, e.paymentid, e.completed_at,
        (select count(*)::int from videos v where v.contentsid = e.contentsid) as videos,
        (select count(*)::int from progress w where w.useruid = e.useruid and w.contentsid = e.contentsid and w.completed) as done,
        (select c.certificateno from certificates c where c.useruid = e.useruid and c.contentsid = e.contentsid and c.revoked_at is null) as certificateno,
        (select max(w.updated_at) from progress w where w.useruid = e.useruid and w.contentsid = e.contentsid) as lastwatched
      from enrollments e join lectures l on l.contentsid = e.contentsid
      where e.useruid = ${useruid} and (${contentsid}::int is null or e.contentsid = ${contentsid}::int)
      order by e.start_at desc, e.contentsid desc`,
  );
  return rows.map((r) => ({
    contentsid: r.contentsid,
    title: r.title,
    startat: iso(r.start_at),
    endat: iso(r.end_at),
    current: r.end_at > now,
    paymentid: r.paymentid,
    progress: r.videos ? Math.min(100, Math.round((r.done / r.videos) * 100)) : 0,
    completedat: isoOrNull(r.completed_at),
    certificateno: r.certificateno,
    lastwatchedat: isoOrNull(r.lastwatched),
  }));
}

/**
 * A member's whole record as the console's detail shows it. A member who left keeps what the store must keep (orders,
 * enrolments, the points ledger) and nothing personal: no name, address, phone, birth date, suggestions or coupons.
 */
export async function memberRecord(db: Db, useruid: string): Promise<Record> {
  const m = await one(db, sql<MemberRow>`select * from members where useruid = ${useruid}`);
  if (!m) return fail(404, NO_MEMBER);
  const left = m.left_at !== null;
  const [enrolments, orders, balance, latest, certificates, suggestions, coupons] = await Promise.all([
    enrolmentsOf(db, useruid),
    all(
      db,
      sql<{ paymentid: number; title: string; paid: number; refunded_amount: number; status: string; created_at: string }>`
        select paymentid, title, amount as paid, refunded_amount, status, created_at from payments
        where useruid = ${useruid} order by paymentid desc limit 50`,
    ),
    one(db, sql<{ balance: number }>`select balance from point_balances where useruid = ${useruid}`),
    all(
      db,
      sql<{ amount: number; reason: string; created_at: string }>`select amount, reason, created_at from points
        where useruid = ${useruid} order by created_at desc, pointid desc limit 20`,
    ),
    all(
      db,
      sql<{ certificateno: string; contentsid: number; title: string; issued_at: string; revoked_at: string | null }>`
        select c.certificateno, c.contentsid, l.title, c.issued_at, c.revoked_at from certificates c
        join lectures l on l.contentsid = c.contentsid where c.useruid = ${useruid} order by c.issued_at desc`,
    ),
    left
      ? Promise.resolve([])
      : all(
          db,
          sql<{ suggestid: number; title: string; status: 'waiting' | 'answered'; created_at: string }>`
            select suggestid, title, status, created_at from suggests where useruid = ${useruid} order by suggestid desc limit 50`,
        ),
    left ? Promise.resolve({ list: [] }) : myCoupons(db, useruid, false, { pageSize: 50, offset: 0 }),
  ]);
  return {
    member: {
      useruid: m.useruid,
      name: left ? LEFT_MEMBER : m.name,
      email: left ? '' : m.email,
      phone: left ? null : m.phone,
      birth: left ? null : m.birth,
      snstype: m.sns_type,
      marketing: !left && m.marketing,
      joinedat: iso(m.created_at),
      left,
      leftat: isoOrNull(m.left_at),
    },
    enrolments,
    orders: orders.map((o) => ({
      paymentid: o.paymentid,
      title: o.title,
      paidamount: o.paid,
      refundedamount: o.refunded_amount,
      status: o.status as Record['orders'][number]['status'],
      regdate: iso(o.created_at),
    })),
    points: {
      balance: balance?.balance ?? 0,
      latest: latest.map((p) => ({ amount: p.amount, reason: p.reason, createdat: iso(p.created_at) })),
    },
    coupons: coupons.list.map((c) => ({ couponnumber: c.couponnumber, name: c.name, expiredate: c.expiredate, isused: c.isused })),
    certificates: certificates.map((c) => ({
      certificateno: c.certificateno,
      contentsid: c.contentsid,
      title: c.title,
      issuedat: iso(c.issued_at),
      revokedat: isoOrNull(c.revoked_at),
    })),
    suggestions: suggestions.map((g) => ({ suggestid: g.suggestid, title: g.title, status: g.status, regdate: iso(g.created_at) })),
  };
}
