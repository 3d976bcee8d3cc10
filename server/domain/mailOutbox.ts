import { sql } from 'kysely';
import type { Db } from '../db/database';
import { all, one } from '../db/query';
import { kst } from '../lib/time';

/**
 * The mail outbox (issue 40): the store tells a member of a change by writing a row here in the transaction of that
 * change, so the mail exists exactly when the change does. The mail job (server/jobs/mailJob.ts) sends it later, with
 * retries; `event_key` names the event, so however often the change is replayed (a webhook and the member's return
 * both confirming one payment) it is one mail.
 */

export type MailKind =
  | 'payment-confirmed'
  | 'refund-finished'
  | 'qna-answered'
  | 'suggest-replied'
  | 'access-ending'
  | 'certificate-issued';

export type MailState = 'pending' | 'sent' | 'failed' | 'skipped';

export interface MailRow {
  mailid: number;
  event_key: string;
  kind: MailKind;
  useruid: string;
  /** The event's facts as they were when it happened (JSON), what the mail says. */
  data: string;
  state: MailState;
  attempts: number;
  error: string | null;
  queued_at: string | null;
  lease_until: string | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
}

/** Writes the event's mail in the caller's transaction; a second write of the same event is nothing. */
export async function queueMail(tx: Db, mail: { kind: MailKind; key: string; useruid: string; data: object }): Promise<void> {
  const now = kst();
  await sql`insert into mail_outbox (event_key, kind, useruid, data, created_at, updated_at)
    values (${`${mail.kind}:${mail.key}`}, ${mail.kind}, ${mail.useruid}, ${JSON.stringify(mail.data)}, ${now}, ${now})
    on conflict (event_key) do nothing`.execute(tx);
}

/** A mail handed to the queue still pending this long after (beyond all its retries) is handed again: its job was lost. */
const REQUEUE_MS = 45 * 60_000;

const later = (ms: number) => kst(new Date(Date.now() + ms));

/**
 * The pending mails to hand to the job queue: never handed, or handed long enough ago that their job must have been
 * lost. Marked handed in the same statement, so two sweeping processes do not both take one.
 */
export async function takeUnqueued(db: Db, limit = 50): Promise<number[]> {
  const rows = await all(
    db,
    sql<{ mailid: number }>`update mail_outbox set queued_at = ${kst()}
      where mailid in (select mailid from mail_outbox where state = 'pending'
        and (queued_at is null or queued_at < ${kst(new Date(Date.now() - REQUEUE_MS))})
        order by mailid limit ${limit} for update skip locked)
      returning mailid`,
  );
  return rows.map((r) => r.mailid).sort((a, b) => a - b);
}

/**
 * Takes the mail for one send, for `leaseMs` (a process that dies mid-send holds it that long): the row, 'held' while
 * another sender's lease runs, null when it is no longer pending.
 */
export async function leaseMail(db: Db, mailid: number, leaseMs: number): Promise<MailRow | 'held' | null> {
  const now = kst();
  const row = await one(
    db,
    sql<MailRow>`update mail_outbox set lease_until = ${later(leaseMs)}, attempts = attempts + 1, updated_at = ${now}
      where mailid = ${mailid} and state = 'pending' and (lease_until is null or lease_until < ${now})
      returning *`,
  );
  if (row) return row;
  const still = await one(db, sql<{ mailid: number }>`select mailid from mail_outbox where mailid = ${mailid} and state = 'pending'`);
  return still ? 'held' : null;
}

export async function markSent(db: Db, mailid: number): Promise<void> {
  const now = kst();
  await sql`update mail_outbox set state = 'sent', sent_at = ${now}, error = null, lease_until = null, updated_at = ${now}
    where mailid = ${mailid}`.execute(db);
}

/** A try that failed: kept pending for the next try, or `failed` with its reason when no try is left. */
export async function markTryFailed(db: Db, mailid: number, reason: string, final: boolean): Promise<void> {
  await sql`update mail_outbox set state = ${final ? 'failed' : 'pending'}, error = ${reason.slice(0, 500)},
    lease_until = null, updated_at = ${kst()} where mailid = ${mailid}`.execute(db);
}

/** Never sent, for a reason no retry changes (no address). */
export async function markSkipped(db: Db, mailid: number, reason: string): Promise<void> {
  await sql`update mail_outbox set state = 'skipped', error = ${reason}, lease_until = null, updated_at = ${kst()}
    where mailid = ${mailid}`.execute(db);
}

/** 다시 보내기: a failed mail pending again, handed to the queue by the next sweep. False when it was not failed. */
export async function resendMail(tx: Db, mailid: number): Promise<MailRow | null> {
  const row = await one(
    tx,
    sql<MailRow>`update mail_outbox set state = 'pending', queued_at = null, lease_until = null, updated_at = ${kst()}
      where mailid = ${mailid} and state = 'failed' returning *`,
  );
  return row ?? null;
}

/** Who the mail goes to now: the member's current address and name (empty when they have none). */
export async function recipientOf(db: Db, useruid: string): Promise<{ email: string; name: string; left: boolean } | null> {
  const m = await one(
    db,
    sql<{ email: string; name: string; left_at: string | null }>`select email, name, left_at from members where useruid = ${useruid}`,
  );
  return m ? { email: m.email, name: m.name, left: m.left_at !== null } : null;
}

export interface MailListRow extends MailRow {
  email: string | null;
}

/** One page of the outbox for the console, newest first, cut on the mail id (keyset). */
export async function mailPage(
  db: Db,
  f: { limit: number; before?: number | null | undefined; state?: MailState | undefined; kind?: MailKind | undefined },
): Promise<{ rows: MailListRow[]; nextBefore: number | null }> {
  const rows = await all(
    db,
    sql<MailListRow>`select o.*, m.email from mail_outbox o left join members m on m.useruid = o.useruid
      where (${f.before ?? null}::int is null or o.mailid < ${f.before ?? null}::int)
        and (${f.state ?? null}::text is null or o.state = ${f.state ?? null}::text)
        and (${f.kind ?? null}::text is null or o.kind = ${f.kind ?? null}::text)
      order by o.mailid desc limit ${f.limit + 1}`,
  );
  const more = rows.length > f.limit;
  const page = rows.slice(0, f.limit);
  return { rows: page, nextBefore: more ? page[page.length - 1]!.mailid : null };
}

export async function mailById(db: Db, mailid: number): Promise<MailListRow | null> {
  const row = await one(
    db,
    sql<MailListRow>`select o.*, m.email from mail_outbox o left join members m on m.useruid = o.useruid where o.mailid = ${mailid}`,
  );
  return row ?? null;
}
