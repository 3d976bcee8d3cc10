import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Db } from './db/database';
import { createDispatcher, type Dispatcher } from './openapi/dispatch';
import { loadSpec, type Json } from './openapi/spec';
import type { Handler, Services } from './openapi/context';
import { cacheTags, handlers } from './handlers/index';
import { usersTableRoutes } from './local/users-table';
import { artwork } from './media/artwork';
import { storedThumbnail } from './media/storedThumbnails';
import { bannerPicture } from './media/bannerPictures';
import { heroPrerender } from './http/hero';
import type { BannerRecord } from './domain/banners';
import { classListFirstPaint, type OwnCall } from './http/classListFirstPaint';
import { classViewFirstPaint } from './http/classViewFirstPaint';
import { playerFirstPaint } from './http/playerFirstPaint';
import { searchFirstPaint } from './http/searchFirstPaint';
import { noticeFirstPaint } from './http/noticeFirstPaint';
import { noticeById } from './domain/board';
import { HOLD_SCRIPT, holdUntilFirstPaint } from './http/heldScripts';
import { routePreloads } from './http/routePreloads';
import { healthRoutes } from './http/health';
import { providerStatesRoutes, type ProviderStates } from './http/providerStates';
import { composeIndex, staticApp } from './http/static';
import type { LocalAuth } from './local/auth';
import type { SupabaseMembers } from './domain/member';
import type { PaymentGateway } from './domain/paymentGateway';
import { localGateway } from './domain/localGateway';
import { isLocalMode } from './lib/mode';
import { connectSources, inlineScriptHashes, portOneConfigured, securityHeaders } from './http/securityHeaders';
import { mediaSources } from './lib/mediaOrigin';
import { remindersOffRoutes } from './http/remindersOff';
import { mailViewer } from './local/mailViewer';
import type { MailCatcher } from './local/mailCatcher';
import { fileLectureStorage } from './media/lectureStorage';
import type { LectureStorage } from './domain/lectureMedia';

export interface AppOptions {
  db: Db;
  /** The local stand-in's tokens in local mode; the Supabase project's (server/domain/member.ts) otherwise. */
  auth: LocalAuth | SupabaseMembers;
  dataDir: string;
  /** Serve dist/ with SPA fallback (npm start); off under `npm run dev` and in most tests. */
  distDir?: string | undefined;
  /** Defaults to NODE_ENV !== 'production'. */
  validateResponses?: boolean | undefined;
  overrides?: Record<string, Handler> | undefined;
  spec?: Json | undefined;
  /** Mounts the `/local/*` stand-ins; defaults to the environment's mode (`server/lib/mode.ts`). */
  localMode?: boolean | undefined;
  /** Where the mode and the Content-Security-Policy's hosts are read from; defaults to process.env. */
  env?: Record<string, string | undefined> | undefined;
  /** True once the server has begun to stop: `/readyz` then answers 503 so a load balancer moves traffic away. */
  isDraining?: (() => boolean) | undefined;
  /** Class lists' and class views' first visit carries their data (server/http/class*FirstPaint.ts); default on. */
  firstPaintData?: boolean | undefined;
  /** Where orders are confirmed (server/domain/paymentGateway.ts); default the local test card over `db`. */
  gateway?: PaymentGateway | undefined;
  /** PortOne's webhook secret (PortOne mode only). */
  webhookSecret?: string | undefined;
  /** Lecture video processing (server/jobs/); absent without ffmpeg. */
  transcode?: Services['transcode'];
  /** Where lecture videos are kept; default the file store under `dataDir`. */
  lectureStorage?: LectureStorage | undefined;
  /** The demo's SMTP stand-in, whose mails /_mail shows (local mode only; server/local/mailViewer.ts). */
  mailCatcher?: MailCatcher | undefined;
  /** `POST /_pact/provider-states` (server/http/providerStates.ts): given only when PACT_STATES_SECRET is set. */
  providerStates?: Omit<ProviderStates, 'changed'> | undefined;
}

const API_PREFIXES = ['/api/', '/account/', '/local/', '/rest/', '/media/'];

export function createApp(options: AppOptions): Hono {
  return createStorefront(options).app;
}

/** The contract without its `/local/*` operations: outside local mode they are not routed at all (404). */
function withoutLocalStandIns(doc: Json): Json {
  return { ...doc, paths: Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([path]) => !path.startsWith('/local/'))) };
}

/**
 * The Hono app, its dispatcher (router, validators and catalogue cache, which the fast path shares) and the
 * security headers every response carries. The app does not write them: the server's node:http front does, once,
 * for every answer (server/start.ts, withSecurityHeaders).
 */
export function createStorefront(options: AppOptions): { app: Hono; dispatcher: Dispatcher; headers: Record<string, string> } {
  const env = options.env ?? process.env;
  const localMode = options.localMode ?? isLocalMode(env);
  const services: Services = {
    db: options.db,
    auth: options.auth,
    dataDir: options.dataDir,
    gateway: options.gateway ?? localGateway(options.db),
    webhookSecret: options.webhookSecret,
    transcode: options.transcode,
    lectureStorage: options.lectureStorage ?? fileLectureStorage(options.dataDir),
  };
  const spec = options.spec ?? loadSpec();
  const dispatch = createDispatcher(localMode ? spec : withoutLocalStandIns(spec), handlers, services, {
    validateResponses: options.validateResponses ?? process.env.NODE_ENV !== 'production',
    overrides: options.overrides,
    cacheTags,
  });
  const index = options.distDir && join(options.distDir, 'index.html');
  // The built index.html does not change while the server runs.
  const headers = securityHeaders({
    // The player's first paint adds one fixed script (its hold on the app's scripts), allowed by its hash.
    scriptHashes: index && existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8') + `<script>${HOLD_SCRIPT}</script>`) : [],
    connect: connectSources(env, localMode),
    portOne: portOneConfigured(env),
    media: mediaSources(),
  });
  const app = new Hono();

  app.route('/', healthRoutes(options.db, options.isDraining ?? (() => false)));
  // States write straight into the tables: the catalogue cache (and other instances') must forget what it held.
  if (options.providerStates)
    app.route('/', providerStatesRoutes({ ...options.providerStates, changed: () => dispatch.cache.invalidate('all') }));
  // The users table's stand-in answers local tokens only; in Supabase mode the table is the project's own.
  if (localMode && options.auth.kind === 'local') app.route('/', usersTableRoutes(options.db, options.auth));
  // A reminder's 수신 거부 link, for a member who is not signed in (issue 40).
  app.route('/', remindersOffRoutes(options.db));
  if (localMode && options.mailCatcher) app.route('/', mailViewer(options.mailCatcher));

  // Generated artwork for lectures and banners (no external image hosts in the demo), and banner pictures and class
  // thumbnails uploaded in the console.
  app.get(
    '/media/:kind/:file',
    async (c) =>
      (await artwork(options.db, c.req.param('kind'), c.req.param('file'))) ??
      (await bannerPicture(options.db, c.req.param('kind'), c.req.param('file'))) ??
      (await storedThumbnail(options.db, c.req.param('kind'), c.req.param('file'))) ??
      c.notFound(),
  );

  // Calls the first paint writes into a page, answered by the operations themselves (validation and cache apply).
  const ownCall: OwnCall = async (method, path, body, token) => {
    const res = await app.request(path, {
      method,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'X-Storefront-Client': 'web/1.0',
        'X-Application-Id': 'storefront-web',
        'X-Application-Key': 'first-paint',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = res.ok ? ((await res.json()) as { success?: boolean; datas?: unknown }) : undefined;
    return json?.success ? json.datas : undefined;
  };
  const serveStatic = options.distDir
    ? staticApp(options.distDir, {
        transformIndex: composeIndex(
          heroPrerender(async () => (await ownCall('POST', '/api/Banner/GetList?isonlybranch=true')) as BannerRecord[] | undefined),
          ...(options.firstPaintData === false ? [] : [
                classListFirstPaint(ownCall),
                classViewFirstPaint(ownCall),
                searchFirstPaint(ownCall),
                noticeFirstPaint((id) => noticeById(options.db, id)),
              ]),
          routePreloads(options.distDir),
          // Last: they hold back the app's scripts, the screen's preloads among them.
          ...(options.firstPaintData === false ? [] : [playerFirstPaint(ownCall)]),
          holdUntilFirstPaint(),
        ),
      })
    : undefined;
  app.all('*', async (c) => {
    const response = await dispatch(c);
    if (response) return response;
    const path = new URL(c.req.url).pathname;
    if (!API_PREFIXES.some((p) => path.startsWith(p)) && serveStatic) {
      const file = await serveStatic(c);
      if (file) return file;
    }
    return c.json({ success: false, respMessage: '요청하신 주소를 찾을 수 없습니다.' }, 404);
  });
  app.onError((err, c) => {
    console.error('[server] unhandled error:', err);
    return c.json({ success: false, respMessage: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.' }, 500);
  });
  return { app, dispatcher: dispatch, headers };
}
