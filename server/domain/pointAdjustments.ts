import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PointRow } from '../db/rows';
import { all, one, containsPattern } from '../db/query';
import { fail } from '../lib/failure';
import { kst } from '../lib/time';
import { usablePoints } from './orders';
import { page as pageOfRequest } from './paging';
import { NO_SUCH_MEMBER } from './viewAs';

/**
 * Points added or taken from the console (issue 39): one ledger entry with its reason, never a balance overwritten.
 * The balance follows the entry by the ledger's own trigger (migration 007), in the same transaction; its check
 * (balance >= 0) stands behind the test below.
 */

const AMOUNT_ZERO = '0이 아닌 포인트를 적어주세요.';
const POINT_REASON_NEEDED = '사유를 적어주세요.';
const KEY_REUSED = '같은 요청 키로 다른 포인트 변경이 이미 저장되었습니다. 화면을 새로 고친 뒤 다시 해주세요.';
/** A balance stays well inside the column's int (2,147,483,647), so no sum of adjustments can overflow it. */
const MAX_BALANCE = 1_000_000_000;
const BALANCE_TOO_LARGE = `적립 후 잔액이 ${MAX_BALANCE.toLocaleString('ko-KR')}P를 넘을 수 없습니다.`;
const tooMuchTaken = (usable: number) =>
  `차감할 포인트가 회원의 사용 가능 포인트(${usable.toLocaleString('ko-KR')}P)보다 많습니다.`;

/** A ledger entry as the console lists it: its member (whole: the handler masks), the balance now, who wrote it. */
export interface PointListRow extends PointRow {
  name: string;
  email: string;
  balance: number;
  staff_name: string | null;
  total: number;
}

const LISTED = sql`select p.*, m.name, m.email, coalesce(b.balance, 0) as balance, s.name as staff_name, count(*) over ()::int as total
  from points p join members m on m.useruid = p.useruid left join point_balances b on b.useruid = p.useruid
  left join members s on s.useruid = p.staff_useruid`;

/** One page of the ledger, newest first; `q` is part of a member's name or email, `console` only staff's entries. */
export async function pointPage(db: Db, body: { page: number; pageSize: number; q?: string; console?: boolean }) {
  const p = pageOfRequest(body);
  const q = body.q?.trim() ?? '';
  const like = containsPattern(q);
  const where = sql`(${!q} or m.name ilike ${like} or m.email ilike ${like}) and (${!body.console} or p.staff_useruid is not null)`;
  const rows = await all(
    db,
    sql<PointListRow>`${LISTED} where ${where} order by p.created_at desc, p.pointid desc limit ${p.pageSize} offset ${p.offset}`,
  );
  const total =
    rows[0]?.total ??
    (p.offset > 0
      ? (await one(
          db,
          sql<{ n: number }>`select count(*)::int as n from points p join members m on m.useruid = p.useruid where ${where}`,
        ))!.n
      : 0);
  return { rows, total, p };
}

export async function pointEntry(db: Db, pointid: number): Promise<PointListRow> {
  return (await one(db, sql<PointListRow>`${LISTED} where p.pointid = ${pointid}`))!;
}

interface Adjustment {
  email: string;
  amount: number;
  reason: string;
  staff: string;
  idempotencyKey: string | null;
}

/**
 * Writes one console entry for the member with `email`, in `tx`. The member's balance row is created if need be and
 * locked first, so two adjustments of one member (or one request sent twice) run one after the other: a take is
 * measured against what the member can spend now, and a doubled key finds the first entry. Returns the entry, the
 * balance before, and whether this call wrote it.
 */
export async function adjustPoints(tx: Db, a: Adjustment): Promise<{ pointid: number; before: number; written: boolean }> {
  const reason = a.reason.trim();
  if (a.amount === 0) fail(400, AMOUNT_ZERO);
  if (!reason) fail(400, POINT_REASON_NEEDED);
  const member = await one(
    tx,
    sql<{ useruid: string }>`select useruid from members where lower(email) = lower(${a.email.trim()}) and left_at is null`,
  );
  if (!member) return fail(404, NO_SUCH_MEMBER);
  await sql`insert into point_balances (useruid, balance) values (${member.useruid}, 0) on conflict (useruid) do nothing`.execute(
    tx,
  );
  const { balance } = (await one(
    tx,
    sql<{ balance: number }>`select balance from point_balances where useruid = ${member.useruid} for update`,
  ))!;
  if (a.idempotencyKey) {
    const first = await one(
      tx,
      sql<PointRow>`select * from points where staff_useruid = ${a.staff} and idempotency_key = ${a.idempotencyKey}`,
    );
    if (first) {
      if (first.useruid !== member.useruid || first.amount !== a.amount || first.reason !== reason) return fail(409, KEY_REUSED);
      return { pointid: first.pointid, before: balance - first.amount, written: false };
    }
  }
  if (a.amount < 0) {
    // Points an open order holds are the order's until it is paid or lapses: only the rest can be taken.
    const usable = await usablePoints(tx, member.useruid);
    if (-a.amount > usable) return fail(409, tooMuchTaken(usable));
  } else if (balance + a.amount > MAX_BALANCE) return fail(409, BALANCE_TOO_LARGE);
  try {
    const row = await one(
      tx,
      sql<{ pointid: number }>`insert into points (useruid, amount, reason, created_at, kind, staff_useruid, idempotency_key)
        values (${member.useruid}, ${a.amount}, ${reason}, ${kst()}, 'console', ${a.staff}, ${a.idempotencyKey}) returning pointid`,
    );
    return { pointid: row!.pointid, before: balance, written: true };
  } catch (e) {
    // The same key, sent by this staff member for another member at the same moment (that member's lock is another).
    if ((e as { code?: string } | null)?.code === '23505') return fail(409, KEY_REUSED);
    throw e;
  }
}
