import type { Db } from '../db/database';
import { leaseMail, markSent, markSkipped, markTryFailed, recipientOf, takeUnqueued } from '../domain/mailOutbox';
import { queueAccessEndingReminders, remindersOn } from '../domain/mailReminders';
import { MailRefused, type MailTransport } from '../mail/transport';
import { renderMail } from '../mail/templates';
import type { JobQueue } from './queue';

const QUEUE = 'mail-send';
/** How often the outbox is swept for mails not yet handed to the queue (a fresh one waits at most this long). */
const SWEEP_MS = 2_000;
/** How often the reminder rule looks for enrolments ending in 7 days (each is written once, by its key). */
const REMINDER_MS = 3_600_000;

export interface MailWork {
  transport: MailTransport;
  /** The store's public origin, for the mails' links. */
  storeUrl: string;
  /** The signed switch-off link of a member's reminders. */
  remindersOffUrl(useruid: string): string;
  /** How long one send holds its mail (MailSettings.leaseMs). */
  leaseMs: number;
}

export interface MailWorker {
  /** One sweep now (tests; a write that wants its mail at once). */
  sweep(): Promise<void>;
  /** The reminder rule now, as the hourly run does, at `now` (tests move the clock). */
  remind(now?: Date): Promise<number>;
  stop(): void;
}

/**
 * The mail job (issue 40): the outbox's pending mails are handed to the job queue (pg-boss: one worker takes each, a
 * failed try is retried with backoff, server/jobs/queue.ts), and each job sends its mail once: it leases the row, sends
 * with the mail's stable Message-ID, and records the outcome. A process that dies between sending and recording leaves
 * the lease to expire and the job to be retried: the mail goes at most once more, with the same id.
 */
export async function workMail(jobs: JobQueue, db: Db, work: MailWork): Promise<MailWorker> {
  await jobs.work<{ mailid: number }>(QUEUE, async (job) => {
    await deliver(db, work, job.data.mailid, job.retryCount >= job.retryLimit);
  });
  const sweep = async () => {
    for (const mailid of await takeUnqueued(db)) await jobs.send(QUEUE, { mailid });
  };
  const remind = async (now = new Date()) => {
    const n = await queueAccessEndingReminders(db, now);
    if (n) await sweep();
    return n;
  };
  const logged = (what: string) => (err: unknown) => console.error(`[mail] ${what} failed: ${(err as Error).message}`);
  const sweeping = setInterval(() => void sweep().catch(logged('outbox sweep')), SWEEP_MS);
  const reminding = setInterval(() => void remind().catch(logged('reminder run')), REMINDER_MS);
  void sweep().catch(logged('outbox sweep'));
  void remind().catch(logged('reminder run'));
  return {
    sweep,
    remind,
    stop() {
      clearInterval(sweeping);
      clearInterval(reminding);
    },
  };
}

async function deliver(db: Db, work: MailWork, mailid: number, lastTry: boolean): Promise<void> {
  const mail = await leaseMail(db, mailid, work.leaseMs);
  if (!mail) return; // sent, skipped or failed for good
  // Another try holds it: alive and sending, or killed mid-send with its lease still running. The queue tries again
  // with backoff, past the lease; returning would leave the mail to the 45-minute requeue.
  if (mail === 'held') throw new Error(`mail ${mailid} is held by another send`);
  const who = await recipientOf(db, mail.useruid);
  const skip = !who ? 'no such member' : who.left ? 'the member has left' : !who.email ? 'the member has no e-mail address' : null;
  if (skip || !who) {
    console.info(`[mail] ${mail.event_key} skipped: ${skip}`);
    return markSkipped(db, mailid, skip ?? 'no such member');
  }
  const reminder = mail.kind === 'access-ending';
  if (reminder && !(await remindersOn(db, mail.useruid))) return markSkipped(db, mailid, 'the member switched reminders off');
  const rendered = renderMail(mail.kind, JSON.parse(mail.data), {
    storeUrl: work.storeUrl,
    name: who.name,
    ...(reminder ? { remindersOffUrl: work.remindersOffUrl(mail.useruid) } : {}),
  });
  if (!rendered) return markTryFailed(db, mailid, `no template for ${mail.kind}`, true);
  try {
    await work.transport.send({
      ...rendered,
      to: who.email,
      toName: who.name,
      eventKey: mail.event_key,
      unsubscribeUrl: reminder ? work.remindersOffUrl(mail.useruid) : undefined,
    });
  } catch (err) {
    const refused = err instanceof MailRefused;
    console.warn(`[mail] ${mail.event_key} try ${mail.attempts} failed${refused || lastTry ? ' for good' : ''}: ${(err as Error).message}`);
    await markTryFailed(db, mailid, (err as Error).message, refused || lastTry);
    // A refusal is final (the address is wrong); anything else is retried by the queue with backoff.
    if (!refused) throw err;
    return;
  }
  await markSent(db, mailid);
}
