import { mkdtempSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import { serve } from '@hono/node-server';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { openWriteBus } from './db/writeBus';
import { isEmpty, seed } from './db/seed';
import { TEMPLATE_VARIABLE } from './db/template';
import { createStorefront } from './app';
import { createFastPath, type FastPathStats } from './http/fastpath';
import { withSecurityHeaders } from './http/securityHeaders';
import { withRequestLog, type OperationOf, type RequestLogLine } from './http/requestLog';
import type { HotCache } from './openapi/cache';
import { createLocalAuth } from './local/auth';
import { appEnvironment, isLocalMode, supabaseSettings } from './lib/mode';
import { createSupabaseTokenVerifier } from './lib/supabaseTokens';
import { supabaseMembers } from './domain/member';
import type { Handler } from './openapi/context';
import { portoneGateway, portoneSettings } from './domain/portoneGateway';
import { MIN_STATES_SECRET, type ProviderStates } from './http/providerStates';
import { startPublicationSweep } from './domain/classVisibility';
import { ffmpegAvailable } from './media/transcode';
import type { JobQueueOptions } from './jobs/queue';
import { mailSettings, type MailSettings } from './mail/settings';
import { smtpTransport } from './mail/transport';
import { remindersOffLink } from './domain/mailReminders';
import type { MailWorker } from './jobs/mailJob';
import type { MailCatcher } from './local/mailCatcher';
import { lectureStoreSettings, openLectureStorage, type LectureStoreSettings } from './media/lectureStorage';

export interface StartOptions {
  port?: number;
  host?: string;
  /** PGlite data dir (default ./.data); ignored when DATABASE_URL / databaseUrl is set. */
  dbDir?: string;
  memory?: boolean;
  databaseUrl?: string | undefined;
  serveApp?: boolean;
  /** The built app `serveApp` serves (default ./dist); tests pass a miniature one. */
  distDir?: string;
  validateResponses?: boolean;
  overrides?: Record<string, Handler>;
  quiet?: boolean;
  /** Mounts `/local/*`; defaults to the mode of the app's environment (`server/lib/mode.ts`). */
  localMode?: boolean;
  /**
   * The variables the server reads: the app's `VITE_*` (mode, Content-Security-Policy) and the server's own
   * (`SUPABASE_URL`, `SUPABASE_JWT_SECRET`). Default: the app's .env files and the process environment.
   */
  env?: Record<string, string | undefined>;
  /** The node:http fast path for cached catalogue reads in front of Hono (default on). */
  fastPath?: boolean;
  /** How long `close()` lets requests in flight finish before it cuts their connections (default 10 s). */
  drainMs?: number;
  /**
   * Writes the classes' lectures into a first visit of a class list (default on). The fault matrix turns it off, so
   * every screen fetches what it shows and each call can be failed.
   */
  firstPaintData?: boolean;
  /** Wraps the node listener outermost: a test seam (the fault matrix fails one operation at the wire). */
  wrapListener?: (listener: RequestListener) => RequestListener;
  /** Where each request's log line goes (`npm start`: JSON lines on stdout); none by default. */
  requestLog?: (line: RequestLogLine) => void;
  /**
   * The job queue and its lecture-video worker (server/jobs/, needs ffmpeg). Default on, except for in-memory servers
   * (tests), which ask for it; off, uploads are refused (503) and nothing polls the database. 'enqueue' (`JOBS=off npm
   * start` on PostgreSQL): uploads are queued here and worked by `npm run worker` processes; this process runs no job.
   */
  jobs?: boolean | 'enqueue';
  /** The queue's timings (server/jobs/queue.ts); default JOB_RETRY_DELAY_SECONDS, JOB_ABANDONED_AFTER_SECONDS or 10 s and 60 s. */
  jobQueue?: JobQueueOptions;
  /**
   * Mail (issue 40): the SMTP relay, sender and the store's public origin; default SMTP_URL, MAIL_FROM, STORE_URL
   * (server/mail/settings.ts). Sent by the job queue's mail worker (`jobs`); `catcher` is the demo's SMTP stand-in,
   * shown at /_mail.
   */
  mail?: Partial<MailSettings> & { catcher?: MailCatcher };
  /** Where lecture videos are kept; default from MEDIA_STORE and S3_* (server/media/lectureStorage.ts), the file store. */
  lectureStore?: LectureStoreSettings;
}

export interface RunningServer {
  url: string;
  /** The Kysely handle, for provider states and tests. */
  db: import('./db/database').Db;
  /** Where uploads and other runtime files live (.data, or a temporary folder in memory mode). */
  dataDir: string;
  port: number;
  /** Counters of the fast path (undefined when it is off). */
  fastPath: FastPathStats | undefined;
  /** The catalogue cache both paths share, for tests that need it cold or look at what it holds. */
  cache: HotCache;
  /** The mail worker, when the job queue runs and SMTP is set: a sweep or a reminder run on demand (tests). */
  mail: MailWorker | undefined;
  /** Publishes the scheduled classes whose time has come, as the periodic sweep does (server/domain/classVisibility.ts). */
  publishDueClasses(): Promise<number[]>;
  close(): Promise<void>;
}

export const ROOT = resolve(import.meta.dirname, '..');

/** Opens the database, migrates, seeds when empty, and listens. Used by main.ts, dev, tests and e2e. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // The same .env files the build read (`vite build` is production mode, `npm run dev` development).
  const appEnv = options.env ?? appEnvironment(ROOT, options.serveApp ? 'production' : 'development');
  const localMode = options.localMode ?? isLocalMode(appEnv);
  // Supabase mode: the project's access tokens name members; no local token is ever accepted (server/lib/mode.ts).
  const supabase = localMode ? undefined : supabaseSettings(options.env ?? { ...process.env, ...appEnv });
  if (!localMode && !supabase)
    throw new Error('[server] Supabase mode needs SUPABASE_URL (or VITE_SUPABASE_URL): the project whose access tokens it verifies');
  // PortOne mode: orders are confirmed from PortOne's own records (server/domain/paymentSync.ts).
  const portone = portoneSettings(options.env ?? { ...process.env, ...appEnv });
  if (portone && !portone.storeId)
    throw new Error('[server] PortOne mode (PORTONE_API_SECRET) needs PORTONE_STORE_ID (or VITE_PORTONE_STORE_ID): payments of another store are never accepted');
  const statesSecret = (options.env ?? process.env).PACT_STATES_SECRET || undefined;
  if (statesSecret && statesSecret.length < MIN_STATES_SECRET)
    throw new Error(`[server] PACT_STATES_SECRET must be at least ${MIN_STATES_SECRET} characters: its endpoint rewrites members' data`);
  const lectureStore = options.lectureStore ?? lectureStoreSettings(options.env ?? { ...process.env, ...appEnv });
  const databaseUrl = options.databaseUrl ?? (options.memory || options.dbDir ? undefined : process.env.DATABASE_URL || undefined);
  const dataDir = options.dbDir ?? (options.memory ? mkdtempSync(join(tmpdir(), 'storefront-mem-')) : join(ROOT, '.data'));
  const database = await openDatabase({
    url: databaseUrl,
    dir: join(dataDir, 'pgdata'),
    memory: options.memory,
    // Set by the test runners only (server/db/template.ts): the demo, migrated and seeded once per run.
    template: options.memory ? process.env[TEMPLATE_VARIABLE] : undefined,
  });
  const applied = await migrate(database.db, async (db) => {
    if (!(await isEmpty(db))) return;
    await seed(db);
    if (!options.quiet) console.log('[server] seeded demo data');
  });
  if (applied.length && !options.quiet) console.log(`[server] migrations applied: ${applied.join(', ')}`);
  const providerStates = statesSecret ? await pactProviderStates(statesSecret, database.db, options.quiet) : undefined;
  // Lecture video: pg-boss on this database, ffmpeg as its own low-priority process (docs/decisions.md, "Lecture video").
  const wantJobs = (options.jobs ?? !options.memory) !== false;
  // Only a process that works the queue runs ffmpeg; one that only queues needs none.
  const working = wantJobs && options.jobs !== 'enqueue';
  const ffmpeg = working && (await ffmpegAvailable());
  if (working && !ffmpeg && !options.quiet)
    console.log('[server] ffmpeg not found: lecture video upload and processing are off (Debian: apt-get install ffmpeg; macOS: brew install ffmpeg)');
  // Loaded only where the queue runs: pg-boss and its workers stay out of every test server's start-up.
  const jobModules = wantJobs
    ? await Promise.all([import('./jobs/queue'), import('./jobs/transcodeJob'), import('./jobs/mailJob'), import('./jobs/uploadSweepJob')])
    : undefined;
  // The embedded PGlite has one process: what it finds running at its start, a killed run left.
  const queueSettings = jobModules?.[0].jobQueueSettings(options.env ?? { ...process.env, ...appEnv });
  const jobs = jobModules
    ? await jobModules[0].openJobQueue(database.db, { ...queueSettings, sole: !databaseUrl, ...options.jobQueue, role: working ? 'work' : 'enqueue' })
    : undefined;
  const mail = mailSettings(options.env ?? { ...process.env, ...appEnv }, options.mail);
  if (jobs && !mail.smtpUrl && !options.quiet) console.log('[server] SMTP_URL is not set: mails wait in the outbox until it is');
  const lectureStorage = openLectureStorage(lectureStore, dataDir);
  if (lectureStore.kind === 's3' && !options.quiet)
    console.log(`[server] lecture videos in the bucket ${lectureStore.bucket}${lectureStore.endpoint ? ` at ${lectureStore.endpoint}` : ''}`);
  let draining = false;
  const { app, dispatcher, headers } = createStorefront({
    db: database.db,
    auth: supabase ? supabaseMembers(database.db, createSupabaseTokenVerifier(supabase)) : createLocalAuth(dataDir),
    dataDir,
    distDir: options.serveApp ? (options.distDir ?? join(ROOT, 'dist')) : undefined,
    validateResponses: options.validateResponses,
    overrides: options.overrides,
    localMode,
    env: appEnv,
    isDraining: () => draining,
    firstPaintData: options.firstPaintData,
    providerStates,
    gateway: portone ? portoneGateway(portone) : undefined,
    webhookSecret: portone?.webhookSecret,
    transcode: jobs && (ffmpeg || !working) ? jobModules?.[1].transcodeQueue(jobs) : undefined,
    mailCatcher: options.mail?.catcher,
    lectureStorage,
  });
  // Several instances on one PostgreSQL: each tells the others what its writes touched (server/db/writeBus.ts).
  const cache = dispatcher.cache;
  const bus = databaseUrl
    ? await openWriteBus(databaseUrl, database.db, { written: (touched) => cache.forget(touched), gap: () => cache.clear() })
    : undefined;
  if (bus) cache.onWrite = (touched) => bus.publish(touched);
  // 예약 classes enter the store within one sweep (every 15 s) plus the cache's bound; a sweep's publication is a write.
  const sweep = startPublicationSweep(database.db, (touched) => cache.invalidate(touched));
  if (ffmpeg && jobs && jobModules) await jobModules[1].workTranscodes(jobs, database.db, lectureStorage, (touched) => void cache.invalidate(touched)?.catch(() => undefined));
  const transport = working && jobs && mail.smtpUrl ? await smtpTransport(mail.smtpUrl, mail.from) : undefined;
  const mailWorker =
    jobs && jobModules && transport
      ? await jobModules[2].workMail(jobs, database.db, {
          transport,
          storeUrl: mail.storeUrl,
          leaseMs: mail.leaseMs,
          remindersOffUrl: (useruid) => remindersOffLink(mail.storeUrl, useruid),
        })
      : undefined;
  // Uploads nobody attached within a day are removed hourly (issue 41), wherever the queue is worked.
  const uploadSweeper = working && jobs && jobModules ? await jobModules[3].workUploadSweep(jobs, database.db, dataDir) : undefined;
  const operationOf: OperationOf = (method, pathname) => {
    const op = dispatcher.router.match(method, pathname)?.op;
    return op && { operationId: op.operationId, path: op.path };
  };
  const host = options.host ?? '127.0.0.1';
  // host '::' (npm start) listens on every interface, so both localhost spellings reach it.
  const fast = options.fastPath === false ? undefined : createFastPath(dispatcher);
  // Handlers still running: a caller that hung up closes its connection, not the handler's work, which must finish
  // before the pool closes (else a write dies half-way on a destroyed pool).
  let running = 0;
  let settled: (() => void) | undefined;
  const counted = async (req: Request, ...rest: unknown[]) => {
    running++;
    try {
      return await (app.fetch as (r: Request, ...x: unknown[]) => Response | Promise<Response>)(req, ...rest);
    } finally {
      if (--running === 0) settled?.();
    }
  };
  const server = serve({
    fetch: counted,
    port: options.port ?? 0,
    hostname: host,
    // Hono's own listener, behind the fast path for cached catalogue reads.
    createServer: ((opts: ServerOptions, listener: RequestListener) => {
      const front = withSecurityHeaders(headers, fast ? fast.front(listener) : listener);
      const logged = options.requestLog ? withRequestLog(front, operationOf, options.requestLog) : front;
      return createServer(opts, options.wrapListener ? options.wrapListener(logged) : logged);
    }) as typeof createServer,
  });
  // Node closes an idle keep-alive connection after 5 s by default, while a load balancer (60 s on most) or a client
  // (undici: the advertised timeout less 1 s, on a coarse 1 s timer) may send its next request on it in the same
  // instant: the caller gets ECONNRESET (seen in a loaded test run). The server must be the side that waits longer.
  Object.assign(server as Server, { keepAliveTimeout: 65_000, headersTimeout: 66_000 });
  await new Promise<void>((ok, fail) => {
    server.once('listening', () => ok());
    server.once('error', (err: NodeJS.ErrnoException) => {
      void sweep.stop();
      mailWorker?.stop();
      uploadSweeper?.stop();
      transport?.close();
      void jobs?.stop();
      void database.close();
      fail(err.code === 'EADDRINUSE' ? new Error(`[server] port ${options.port} on ${host} is already in use (set PORT / API_PORT)`) : err);
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: host === '127.0.0.1' ? `http://127.0.0.1:${port}` : `http://localhost:${port}`,
    port,
    db: database.db,
    dataDir,
    fastPath: fast?.stats,
    cache: dispatcher.cache,
    mail: mailWorker,
    publishDueClasses: () => sweep.runOnce(),
    // Idempotent: `npm run dev` closes on SIGTERM and again when Vite exits. A drain: no new connection is accepted,
    // idle keep-alive ones close at once, requests in flight finish (up to `drainMs`), then the database closes.
    close() {
      closing ??= (async () => {
        draining = true;
        const http = server as Server;
        const closed = new Promise<void>((ok) => http.close(() => ok()));
        // A keep-alive socket turns idle when its last answer is written: close idle ones as they appear, so a stop
        // ends with its last answer instead of waiting out the bound (no per-request bookkeeping on the hot path).
        http.closeIdleConnections();
        const idle = setInterval(() => http.closeIdleConnections(), 100);
        const bound = options.drainMs ?? 10_000;
        const cut = setTimeout(() => http.closeAllConnections(), bound);
        await closed;
        clearInterval(idle);
        clearTimeout(cut);
        if (running > 0) {
          const done = new Promise<void>((ok) => (settled = ok));
          await Promise.race([done, delay(bound)]);
        }
        await sweep.stop();
        mailWorker?.stop();
        uploadSweeper?.stop();
        await jobs?.stop();
        transport?.close();
        await bus?.close();
        await database.close();
      })();
      return closing;
    },
  };
}

/**
 * The pact's provider states (contracts/provider/states.ts) behind `POST /_pact/provider-states`, for verifying this
 * instance from another process. Loaded only when PACT_STATES_SECRET is set, so a live instance never holds them.
 */
async function pactProviderStates(secret: string, db: RunningServer['db'], quiet?: boolean): Promise<Omit<ProviderStates, 'changed'>> {
  const { freshStateHandlers } = await import('../contracts/provider/states');
  if (!quiet) console.warn('[server] PACT_STATES_SECRET is set: POST /_pact/provider-states rewrites data for pact verification (never on a live instance)');
  return { secret, handlers: freshStateHandlers(db) };
}
