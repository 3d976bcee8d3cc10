import { Hono } from 'hono';
import type { Db } from './db/database';
import { createDispatcher, type Dispatcher } from './openapi/dispatch';
import { loadSpec, type Json } from './openapi/spec';
import type { Handler, Services } from './handlers/context';
import { handlers } from './handlers/index';
import { usersTableRoutes } from './local/users-table';
import { artwork } from './artwork';
import { heroPrerender } from './hero';
import { routePreloads } from './routePreloads';
import { composeIndex, staticApp } from './static';
import type { LocalAuth } from './local/auth';

export interface AppOptions {
  db: Db;
  auth: LocalAuth;
  dataDir: string;
  /** Serve dist/ with SPA fallback (npm start); off under `npm run dev` and in most tests. */
  distDir?: string | undefined;
  /** Defaults to NODE_ENV !== 'production'. */
  validateResponses?: boolean | undefined;
  overrides?: Record<string, Handler> | undefined;
  spec?: Json | undefined;
}

const API_PREFIXES = ['/api/', '/account/', '/local/', '/rest/', '/media/'];

export function createApp(options: AppOptions): Hono {
  return createStorefront(options).app;
}

/** The Hono app and its dispatcher (router, validators and catalogue cache, which the fast path shares). */
export function createStorefront(options: AppOptions): { app: Hono; dispatcher: Dispatcher } {
  const services: Services = { db: options.db, auth: options.auth, dataDir: options.dataDir };
  const dispatch = createDispatcher(options.spec ?? loadSpec(), handlers, services, {
    validateResponses: options.validateResponses ?? process.env.NODE_ENV !== 'production',
    overrides: options.overrides,
  });
  const app = new Hono();

  app.route('/', usersTableRoutes(options.db, options.auth));

  // Generated artwork for lectures and banners (no external image hosts in the demo).
  app.get('/media/:kind/:file', async (c) => (await artwork(options.db, c.req.param('kind'), c.req.param('file'))) ?? c.notFound());

  const serveStatic = options.distDir
    ? staticApp(options.distDir, { transformIndex: composeIndex(heroPrerender(options.db), routePreloads(options.distDir)) })
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
  return { app, dispatcher: dispatch };
}
