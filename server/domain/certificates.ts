import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { CertificateRow } from '../db/rows';
import { all, one } from '../db/query';
import { BUSINESS } from '../../rules/business';

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
  await sql`insert into certificates (certificateno, useruid, contentsid, issued_at)
    values (${newNumber()}, ${useruid}, ${contentsid}, ${completedAt}) on conflict (useruid, contentsid) do nothing`.execute(db);
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
  await sql`insert into certificates (certificateno, useruid, contentsid, issued_at)
    select n, ${useruid}, c, d from unnest(${completed.map(() => newNumber())}::text[], ${ids}::int[],
      ${completed.map((c) => c.completedAt)}::text[]) as t(n, c, d)
    on conflict (useruid, contentsid) do nothing`.execute(db);
  const rows = await all(
    db,
    sql<Pick<CertificateRow, 'certificateno' | 'contentsid'>>`select certificateno, contentsid from certificates
      where useruid = ${useruid} and contentsid = any(${ids}::int[])`,
  );
  return new Map(rows.map((r) => [r.contentsid, r.certificateno]));
}
