import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { CertificateRow } from '../db/rows';
import { all, one } from '../db/query';
import type { components } from '../../src/api/schema.gen';
import { BUSINESS } from '../../rules/business';
import { CERTIFICATE_RULE } from '../../rules/certificate';
import { issueWithMail } from './mailEvents';

/** The issuer printed on certificates: the association's registered name (configuration in rules/business.ts). */
export const ISSUER = BUSINESS.company;

// Crockford base32 without look-alikes (no I, L, O, U): easy to read off paper and type back.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 10 random symbols = 50 bits: a public check cannot walk the numbers to find other members. */
function newNumber(): string {
  return `KPRA-${[...randomBytes(10)].map((b) => ALPHABET[b % 32]).join('')}`;
}

/** The certificate number of a completed lecture, issued on first need (a pass, or the first listing). */
export async function certificateNumber(db: Db, useruid: string, contentsid: number, completedAt: string): Promise<string> {
  await issueWithMail(sql`insert into certificates (certificateno, useruid, contentsid, issued_at)
    values (${newNumber()}, ${useruid}, ${contentsid}, ${completedAt}) on conflict (useruid, contentsid) do nothing`).execute(db);
  const row = await one(
    db,
    sql<
      Pick<CertificateRow, 'certificateno'>
    >`select certificateno from certificates where useruid = ${useruid} and contentsid = ${contentsid}`,
  );
  return row!.certificateno;
}

/** The numbers of several completed lectures of one member at once (a classroom page): one insert, one select. */
export async function certificateNumbers(
  db: Db,
  useruid: string,
  completed: { contentsid: number; completedAt: string }[],
): Promise<Map<number, string>> {
  if (completed.length === 0) return new Map();
  const ids = completed.map((c) => c.contentsid);
  await issueWithMail(sql`insert into certificates (certificateno, useruid, contentsid, issued_at)
    select n, ${useruid}, c, d from unnest(${completed.map(() => newNumber())}::text[], ${ids}::int[],
      ${completed.map((c) => c.completedAt)}::text[]) as t(n, c, d)
    on conflict (useruid, contentsid) do nothing`).execute(db);
  const rows = await all(
    db,
    sql<Pick<CertificateRow, 'certificateno' | 'contentsid'>>`select certificateno, contentsid from certificates
      where useruid = ${useruid} and contentsid = any(${ids}::int[])`,
  );
  return new Map(rows.map((r) => [r.contentsid, r.certificateno]));
}

/**
 * When member `me`'s class `contentsid` met the certificate rule (rules/certificate.ts), as stored KST text, or null
 * while it has not: a completion recorded at a pass (`completedAt`, also every completion from before this rule), or a
 * certificate issued (the rule was met then: a lecture added or a share raised later takes nothing back), else
 * a passed quiz (any version of the class's quiz) and the class's share of its videos (`certificate_progress`, 100:
 * every video that is not hidden) complete by the server's own `progress.completed` flags, dated by the later of the
 * first pass and the completion that reached the share (with 100, the last video's; the quiz may be passed from its
 * required progress on, the certificate waits for the share). `contentsid` and `completedAt` name columns of the
 * caller's query.
 */
export const certificateDueAtSql = (me: string, contentsid: RawBuilder<unknown>, completedAt: RawBuilder<unknown>) =>
  sql<string | null>`coalesce(${completedAt}, (select c.issued_at from certificates c where c.useruid = ${me} and c.contentsid = ${contentsid}), (
    select greatest(n.passed_at, (select p.updated_at from progress p join videos v on v.videoid = p.videoid and v.hidden_at is null
        where p.useruid = ${me} and p.contentsid = ${contentsid} and p.completed
        order by p.updated_at limit 1 offset greatest(n.need - 1, 0)))
    from (select
        (select min(r.created_at) from quiz_results r where r.useruid = ${me} and r.contentsid = ${contentsid} and r.passed) as passed_at,
        (select ceil(l.certificate_progress * (select count(*) from videos v where v.contentsid = ${contentsid} and v.hidden_at is null) / 100.0)::int
          from lectures l where l.contentsid = ${contentsid}) as need,
        (select count(*)::int from progress p join videos v on v.videoid = p.videoid and v.hidden_at is null
          where p.useruid = ${me} and p.contentsid = ${contentsid} and p.completed) as done) n
    where n.passed_at is not null and n.done >= n.need))`;

/** The moment the rule was met for one class of `me`, or null (see `certificateDueAtSql`). */
export async function certificateDueAt(db: Db, me: string, contentsid: number): Promise<string | null> {
  const row = await one(
    db,
    sql<{ at: string | null }>`select ${certificateDueAtSql(me, sql`e.contentsid`, sql`e.completed_at`)} as at
      from enrollments e where e.useruid = ${me} and e.contentsid = ${contentsid}`,
  );
  return row?.at ?? null;
}

/** A class's rule columns: its certificate share and, when it has a quiz, the current version's terms. */
interface TermsColumns {
  certificate_progress: number;
  pass_score: number | null;
  required_progress: number | null;
}

/** A class's certificate rule as the store states it, or null for a class without a quiz (no certificate). */
export function certificateTermsOf(r: TermsColumns): components['schemas']['CertificateTerms'] | null {
  if (r.pass_score === null || r.required_progress === null) return null;
  return {
    passscore: r.pass_score,
    requiredprogress: r.required_progress,
    certificateprogress: r.certificate_progress,
    attemptsperday: CERTIFICATE_RULE.attemptsPerDay,
  };
}

