import { join } from 'node:path';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { jobQueueSettings, openJobQueue } from './jobs/queue';
import { workTranscodes } from './jobs/transcodeJob';
import { ffmpegAvailable } from './media/transcode';
import { ROOT } from './start';
import { openWriteBus } from './db/writeBus';
import { workMail } from './jobs/mailJob';
import { workUploadSweep } from './jobs/uploadSweepJob';
import { mailSettings } from './mail/settings';
import { smtpTransport } from './mail/transport';
import { remindersOffLink } from './domain/mailReminders';
import { lectureStoreSettings, openLectureStorage } from './media/lectureStorage';

/**
 * `npm run worker`: a process that only works the job queue (lecture video processing, mail) on DATABASE_URL, beside
 * instances started with JOBS=off that only answer members. Any number of workers may run: pg-boss hands each job to
 * one of them. Its lecture store must be the instances' too: the same bucket (MEDIA_STORE=s3), or with the file store
 * the same folder (DATA_DIR, default ./.data, a shared volume). With S3 it keeps only its work files in DATA_DIR.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('[worker] DATABASE_URL is required: the embedded PGlite has one process, which works its own queue (npm start)');
  process.exit(1);
}
const ffmpeg = await ffmpegAvailable();
const mail = mailSettings(process.env);
if (!ffmpeg) console.warn('[worker] ffmpeg not found: lecture videos are not processed here (Debian: apt-get install ffmpeg; macOS: brew install ffmpeg)');
if (!mail.smtpUrl) console.warn('[worker] SMTP_URL is not set: mails are not sent here (docs/deploy.md, "Mail")');
if (!ffmpeg && !mail.smtpUrl) {
  console.error('[worker] nothing to work: neither ffmpeg nor SMTP_URL');
  process.exit(1);
}
const storage = openLectureStorage(lectureStoreSettings(process.env), process.env.DATA_DIR || join(ROOT, '.data'));
const database = await openDatabase({ url: databaseUrl });
await migrate(database.db);
const jobs = await openJobQueue(database.db, jobQueueSettings(process.env));
// A lecture made ready changes what the instances' caches hold: they hear it on the write bus (server/db/writeBus.ts).
const bus = await openWriteBus(databaseUrl, database.db, { written: () => undefined, gap: () => undefined });
if (ffmpeg) await workTranscodes(jobs, database.db, storage, (touched) => void bus.publish(touched).catch(() => undefined));
// The store's mail (issue 40): the outbox swept and sent from here, by as many workers as run (each mail once).
const transport = mail.smtpUrl ? await smtpTransport(mail.smtpUrl, mail.from) : undefined;
const mailWorker = transport
  ? await workMail(jobs, database.db, { transport, storeUrl: mail.storeUrl, leaseMs: mail.leaseMs, remindersOffUrl: (useruid) => remindersOffLink(mail.storeUrl, useruid) })
  : undefined;
// Uploads nobody attached within a day, removed hourly (issue 41): one run per hour across every worker and instance.
const uploadSweeper = await workUploadSweep(jobs, database.db, process.env.DATA_DIR || join(ROOT, '.data'));
console.log(`[worker] working the job queue (pid ${process.pid}):${ffmpeg ? ' lecture video' : ''}${transport ? ' mail' : ''}`);
const stop = async () => {
  mailWorker?.stop();
  uploadSweeper.stop();
  await jobs.stop();
  transport?.close();
  await bus.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
