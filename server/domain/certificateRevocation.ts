import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { CertificateRow } from '../db/rows';
import { all, one, containsPattern, likeText } from '../db/query';
import { fail } from '../lib/failure';
import { kst } from '../lib/time';
import { page as pageOfRequest } from './paging';

/**
 * Revoking an issued certificate (issue 39). The row stays: its number keeps answering the public check (as revoked,
 * since when), and the one-certificate-per-member-and-class key keeps the member's next listing or quiz pass from
 * issuing a new one (`certificateNumber` inserts `on conflict do nothing`). Issuing again is a decision, not a side
 * effect: docs/decisions.md.
 */

const NO_CERTIFICATE = '수료증을 찾을 수 없습니다.';
const REVOKE_REASON_NEEDED = '취소 사유를 적어주세요.';

/** A certificate as the console lists it: its class, its member (whole: the handler masks) and who revoked it. */
export interface CertificateListRow extends CertificateRow {
  title: string;
  name: string;
  email: string;
  revoked_by_name: string | null;
  total: number;
}

const LISTED = sql`select c.*, l.title, m.name, m.email, s.name as revoked_by_name, count(*) over ()::int as total
  from certificates c join lectures l on l.contentsid = c.contentsid join members m on m.useruid = c.useruid
  left join members s on s.useruid = c.revoked_by`;

/** '2026년 11월 28일' of stored KST text: how the public check and the member's list say the day. */
function koreanDay(text: string): string {
  const [y, m, d] = text.slice(0, 10).split('-');
  return `${y}년 ${Number(m)}월 ${Number(d)}일`;
}

/** What the public check says of a revoked certificate (its respMessage; the reason stays private). */
export const revokedMessage = (revokedAt: string) => `취소된 수료증입니다. (${koreanDay(revokedAt)} 취소)`;

/** One page of certificates, newest issue first; `q` is a number (or its start) or part of a member's name or email. */
export async function certificatePage(
  db: Db,
  body: { page: number; pageSize: number; q?: string; state?: 'all' | 'issued' | 'revoked' },
) {
  const p = pageOfRequest(body);
  const q = body.q?.trim() ?? '';
  const like = containsPattern(q);
  const found = q
    ? sql`(c.certificateno like ${`${likeText(q.toUpperCase())}%`} or m.name ilike ${like} or m.email ilike ${like})`
    : sql`true`;
  const state = body.state ?? 'all';
  const inState = sql`(${state} = 'all' or (${state} = 'issued' and c.revoked_at is null) or (${state} = 'revoked' and c.revoked_at is not null))`;
  const rows = await all(
    db,
    sql<CertificateListRow>`${LISTED} where ${found} and ${inState}
      order by c.issued_at desc, c.certificateno desc limit ${p.pageSize} offset ${p.offset}`,
  );
  const total =
    rows[0]?.total ??
    (p.offset > 0
      ? (await one(
          db,
          sql<{
            n: number;
          }>`select count(*)::int as n from certificates c join members m on m.useruid = c.useruid where ${found} and ${inState}`,
        ))!.n
      : 0);
  return { rows, total, p };
}

/** One certificate as the console lists it, or undefined. */
export async function certificateByNumber(db: Db, certificateno: string): Promise<CertificateListRow | undefined> {
  return one(db, sql<CertificateListRow>`${LISTED} where c.certificateno = ${certificateno}`);
}

/**
 * Revokes `certificateno` now, by `staff`, for `reason`; the row is locked, so two revokes at once revoke once.
 * Returns the certificate before and whether this call revoked it (false: it already was, and stays as it was).
 */
export async function revokeCertificate(tx: Db, certificateno: string, reason: string, staff: string) {
  const why = reason.trim();
  if (why.length < 2) fail(400, REVOKE_REASON_NEEDED);
  const before = await one(tx, sql<CertificateRow>`select * from certificates where certificateno = ${certificateno} for update`);
  if (!before) return fail(404, NO_CERTIFICATE);
  if (before.revoked_at) return { before, revoked: false };
  await sql`update certificates set revoked_at = ${kst()}, revoke_reason = ${why}, revoked_by = ${staff}
    where certificateno = ${certificateno}`.execute(tx);
  return { before, revoked: true };
}
