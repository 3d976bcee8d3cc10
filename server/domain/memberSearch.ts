import { sql } from 'kysely';
import type { Db } from '../db/database';
import { all, likeText } from '../db/query';
import type { MemberRow } from '../db/rows';
import { fail } from '../lib/failure';
import { iso, isoOrNull } from '../lib/time';
import { BAD_CURSOR } from './classAuthoring';
import { LEFT_MEMBER, maskEmail, maskName, maskPhone } from './privacy';


/**
 * What a search asks for, each answered from its own index (migration 045): an e-mail's start (with @), a phone
 * number's last four digits (four digits), a part of its digits (five or more), a part of the name or e-mail (3 letters or more, trigrams), or
 * a name's or e-mail's start (1-2 letters, where trigrams cannot help). Members who left are never found by what
 * they were: their personal data is not searched.
 */
function matching(q: string | undefined) {
  const text = q?.trim() ?? '';
  if (!text) return sql`true`;
  const lower = likeText(text.toLowerCase());
  if (text.includes('@')) return sql`m.left_at is null and lower(m.email) like ${`${lower}%`}`;
  const digits = text.replace(/[-\s]/g, '');
  // Four digits are a phone number's last four (뒷자리, how a caller is found): each four matches one member in ten
  // thousand, read in join order from their own index. More digits are a part of the number (trigrams).
  if (/^\d{4}$/.test(digits)) return sql`m.left_at is null and right(regexp_replace(coalesce(m.phone, ''), '[^0-9]', '', 'g'), 4) = ${digits}`;
  if (/^\d{5,}$/.test(digits))
    return sql`m.left_at is null and regexp_replace(coalesce(m.phone, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`;
  if ([...text].length >= 3) return sql`m.left_at is null and (lower(m.name) || ' ' || lower(m.email)) like ${`%${lower}%`}`;
  return sql`m.left_at is null and (m.name like ${`${likeText(text)}%`} or lower(m.email) like ${`${lower}%`})`;
}

/** The keyset of a page: the last member's join time and id, as one opaque text. */
const encode = (m: Pick<MemberRow, 'created_at' | 'useruid'>) => Buffer.from(`${m.created_at}|${m.useruid}`).toString('base64url');
function decode(text: string | null | undefined): { at: string; useruid: string } | null {
  if (!text) return null;
  const m = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\|([\w-]{1,100})$/.exec(Buffer.from(text, 'base64url').toString());
  return m ? { at: m[1]!, useruid: m[2]! } : fail(400, BAD_CURSOR);
}

/** A member as a console list shows them: masked, or 탈퇴 회원 with nothing personal. */
export const listedMember = (m: MemberRow) => {
  const left = m.left_at !== null;
  return {
    useruid: m.useruid,
    name: left ? LEFT_MEMBER : maskName(m.name),
    email: left ? '' : maskEmail(m.email),
    phone: left || !m.phone ? null : maskPhone(m.phone),
    snstype: m.sns_type,
    joinedat: iso(m.created_at),
    left,
    leftat: isoOrNull(m.left_at),
  };
};

/** One page of members, newest first (keyset: a deep page costs what the first does). */
export async function memberPage(db: Db, q: { limit: number; q?: string; before?: string | null }) {
  const after = decode(q.before);
  const rows = await all(
    db,
    sql<MemberRow>`select m.* from members m
      where ${matching(q.q)}
        and (${after?.at ?? null}::text is null or (m.created_at, m.useruid) < (${after?.at ?? null}::text, ${after?.useruid ?? null}::text))
      order by m.created_at desc, m.useruid desc limit ${q.limit + 1}`,
  );
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  return { list: page.map(listedMember), next: more ? encode(page[page.length - 1]!) : null };
}
