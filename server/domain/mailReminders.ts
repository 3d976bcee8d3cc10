import { sql } from 'kysely';
import type { Db } from '../db/database';
import { one } from '../db/query';
import { kst } from '../lib/time';
import { sign, verifySignature } from '../lib/signedUrl';

/** How long before an enrolment ends its reminder is written. */
export const REMIND_DAYS = 7;

/**
 * Writes one 수강 기간 종료 안내 per enrolment that ends within REMIND_DAYS of `now` (KST, as every stored time), for
 * members who have not switched reminders off. The event key names the enrolment and its end, so running this every
 * hour, in every worker process, writes each reminder once; an access extended later ends anew and is reminded anew.
 * Enrolments no longer than REMIND_DAYS get none (their first day would already be a reminder). Returns how many.
 */
export async function queueAccessEndingReminders(db: Db, now: Date): Promise<number> {
  const at = kst(now);
  const r = await sql`insert into mail_outbox (event_key, kind, useruid, data, created_at, updated_at)
    select 'access-ending:' || e.useruid || ':' || e.contentsid || ':' || e.end_at, 'access-ending', e.useruid,
      json_build_object('contentsid', e.contentsid, 'title', l.title, 'endAt', e.end_at)::text, ${at}, ${at}
    from enrollments e
    join lectures l on l.contentsid = e.contentsid
    join members m on m.useruid = e.useruid
    where e.end_at > ${at} and e.end_at <= ${kst(new Date(now.getTime() + REMIND_DAYS * 86_400_000))}
      and e.end_at::timestamp - e.start_at::timestamp > interval '${sql.raw(String(REMIND_DAYS))} days'
      and m.mail_reminders and m.left_at is null and m.email <> ''
    on conflict (event_key) do nothing
    returning mailid`.execute(db);
  return r.rows.length;
}

export async function remindersOn(db: Db, useruid: string): Promise<boolean> {
  const m = await one(db, sql<{ mail_reminders: boolean }>`select mail_reminders from members where useruid = ${useruid}`);
  return m?.mail_reminders ?? false;
}

/** Switches a member's reminders on or off; false when there is no such member. */
export async function setReminders(db: Db, useruid: string, on: boolean): Promise<boolean> {
  const r = await sql`update members set mail_reminders = ${on} where useruid = ${useruid} returning useruid`.execute(db);
  return r.rows.length > 0;
}

/** The switch-off link's purpose: its signature opens nothing else (a media or download signature is not this). */
const PURPOSE = 'reminders-off';
/** A reminder's link works this long: past the enrolment's end, for a member who reads their mail late. */
const LINK_TTL_SECONDS = 60 * 86_400;
export const REMINDERS_OFF_PATH = '/mail/reminders-off';

/** The signed link in every reminder that switches the member's reminders off without signing in. */
export function remindersOffLink(storeUrl: string, useruid: string, now = Date.now()): string {
  const { expires, signature } = sign(`${PURPOSE}:${useruid}`, LINK_TTL_SECONDS, now);
  return `${storeUrl.replace(/\/$/, '')}${REMINDERS_OFF_PATH}?u=${encodeURIComponent(useruid)}&expires=${expires}&signature=${signature}`;
}

/** The member a switch-off link names, or null when it was not signed for that purpose by this store or has expired. */
export function remindersOffMember(query: { u?: string | undefined; expires?: string | undefined; signature?: string | undefined }): string | null {
  if (!query.u) return null;
  return verifySignature(`${PURPOSE}:${query.u}`, query.expires, query.signature) ? query.u : null;
}
