/**
 * The store in its live configuration, on this machine only: the app built with the Supabase and PortOne variables,
 * served by the reference backend in Supabase mode with PortOne confirming payments, the fake Supabase (Auth,
 * PostgREST on the shipped SQL, the Naver function, Kakao's and Naver's consent pages) where the app and the backend
 * expect the project, and the fake PortOne (REST API, signed webhooks, the hosted checkout the browser SDK loads).
 * Nothing leaves the machine: every address below is 127.0.0.1. The browser SDK loads its script from
 * https://cdn.portone.io; a browser test routes that host and PortOne's checkout host to the fake
 * (fakes/portone/hostedCheckout.ts).
 *
 * The fake listens on a fixed port (54321, the Supabase CLI's local API port) because the app carries the project
 * URL in its build: a build and a run must agree on it (LIVE_SUPABASE_PORT for both).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { appEnvironment } from '../server/lib/mode';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ROOT, startServer, type RunningServer } from '../server/start';
import { startMailCatcher, type MailCatcher } from '../server/local/mailCatcher';
import { mailViewer } from '../server/local/mailViewer';
import { startFakeSupabaseAuth, type FakeSupabaseAuth } from './supabase-auth/index.ts';
import { startFakePortOne, type FakePortOne } from './portone/index.ts';
import { hostedCheckout } from './portone/hostedCheckout.ts';

/** The Supabase CLI's local API port. */
const DEFAULT_SUPABASE_PORT = 54321;
/** Next to Vite's dev port (5173), so `npm run dev` and this can run side by side. */
const DEFAULT_APP_PORT = 5174;
const DEFAULT_SMTP_PORT = 2526;
const DEFAULT_MAIL_PORT = 5175;
/** The project's public anon key, baked into the build as a real project's would be. Not a secret. */
const LIVE_ANON_KEY = 'live-local-anon-key';
/** PortOne's public identifiers as a deployer sets them (fake values: only the fake PortOne knows them). */
const LIVE_PORTONE = {
  VITE_PORTONE_STORE_ID: 'store-live-local',
  VITE_PORTONE_CHANNEL_KEY: 'channel-key-live-card',
  VITE_PORTONE_CHANNEL_KEY_KAKAOPAY: 'channel-key-live-kakaopay',
  VITE_PORTONE_CHANNEL_KEY_NAVERPAY: 'channel-key-live-naverpay',
  VITE_PORTONE_CHANNEL_KEY_TOSSPAY: 'channel-key-live-tosspay',
};
/** The backend's PortOne secrets, shared with the fake only (a fixed whsec_ in PortOne's format). */
const LIVE_PORTONE_API_SECRET = 'live-local-portone-api-secret';
const LIVE_PORTONE_WEBHOOK_SECRET = `whsec_${Buffer.from('live-local-portone-webhook-secret-32b').toString('base64')}`;

function portFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (!value) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`[live-local] ${name} is not a port: ${value}`);
  return port;
}

/** The variables that put the app in the live configuration: the fake Supabase on `supabasePort`, and PortOne. */
function liveVariables(supabasePort: number): Record<string, string> {
  const supabaseUrl = `http://127.0.0.1:${supabasePort}`;
  return {
    VITE_SUPABASE_URL: supabaseUrl,
    VITE_SUPABASE_ANON_KEY: LIVE_ANON_KEY,
    VITE_NAVER_LOGIN_FUNCTION_URL: `${supabaseUrl}/functions/v1/naver-login`,
    ...LIVE_PORTONE,
  };
}

/**
 * Builds the app in the live configuration into `outDir` (relative to the repository), as a deployer's CI would:
 * a production build with the Supabase variables in its environment, so the local sign-in stand-ins are left out.
 * Returns the absolute directory.
 */
export function buildLiveApp(outDir = 'dist-live', supabasePort = portFromEnv('LIVE_SUPABASE_PORT', DEFAULT_SUPABASE_PORT)): string {
  const dir = resolve(ROOT, outDir);
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ...liveVariables(supabasePort) },
  });
  return dir;
}

/** Newest modification time under `path`. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * The one live build the live browser tests share (sign-in and payment journeys): rebuilt when anything it is made
 * from (the app, or the variables here) is newer than it, reused otherwise. Returns the absolute directory.
 */
export function ensureLiveBuild(outDir = 'dist-live'): string {
  const dir = resolve(ROOT, outDir);
  const index = join(dir, 'index.html');
  const sources = ['src', 'machines', 'rules', 'index.html', 'vite.config.ts', 'package.json', 'fakes/live-local.ts'].map((p) => join(ROOT, p));
  const current = existsSync(index) && statSync(index).mtimeMs > Math.max(...sources.filter(existsSync).map(newest));
  return current ? dir : buildLiveApp(outDir);
}

export interface LiveLocalOptions {
  /** The live build (buildLiveApp); default dist-live. */
  distDir?: string;
  /** Default LIVE_SUPABASE_PORT or 54321; must be the port the build was made for. */
  supabasePort?: number;
  /** Default LIVE_APP_PORT or 5174; 0 picks a free one. */
  appPort?: number;
  /** The SMTP stand-in's port (LIVE_SMTP_PORT, default 2526; 0 picks a free one) and its mailbox page's (LIVE_MAIL_PORT, 5175). */
  smtpPort?: number;
  mailPort?: number;
  quiet?: boolean;
}

export interface LiveLocal {
  /** The storefront, e.g. http://127.0.0.1:5174. */
  appUrl: string;
  supabase: FakeSupabaseAuth;
  /** The fake PortOne: its store, webhook sender and the hosted checkout (`portone.url`). */
  portone: FakePortOne;
  server: RunningServer;
  /** The SMTP stand-in the store mails to, and its mailbox page (`mailUrl`, the demo's /_mail on a port of its own). */
  mail: MailCatcher;
  mailUrl: string;
  close(): Promise<void>;
}

export async function startLiveLocal(options: LiveLocalOptions = {}): Promise<LiveLocal> {
  const supabasePort = options.supabasePort ?? portFromEnv('LIVE_SUPABASE_PORT', DEFAULT_SUPABASE_PORT);
  const appPort = options.appPort ?? portFromEnv('LIVE_APP_PORT', DEFAULT_APP_PORT);
  const live = liveVariables(supabasePort);
  // The backend reads the app's variables as the build did (.env files, then these), and decides its mode from
  // them: Supabase mode, verifying the fake's tokens against its JWKS, with the fake in its connect-src.
  // PortOne first: the backend confirms payments against it (PORTONE_API_BASE); its webhooks target the backend once
  // that listens.
  const portone = await startFakePortOne({
    storeId: LIVE_PORTONE.VITE_PORTONE_STORE_ID,
    apiSecret: LIVE_PORTONE_API_SECRET,
    webhookSecret: LIVE_PORTONE_WEBHOOK_SECRET,
  });
  portone.mount(hostedCheckout({ store: portone.store, txIdOf: (id) => portone.store.find(id)?.transactionId }));
  const env = {
    ...appEnvironment(ROOT, 'production'),
    ...live,
    PORTONE_API_SECRET: LIVE_PORTONE_API_SECRET,
    PORTONE_API_BASE: portone.url,
    PORTONE_STORE_ID: LIVE_PORTONE.VITE_PORTONE_STORE_ID,
    PORTONE_WEBHOOK_SECRET: LIVE_PORTONE_WEBHOOK_SECRET,
  };
  // The store's mail goes to the SMTP stand-in over the real wire; its mailbox page has a port of its own (the backend
  // runs in Supabase mode, which serves no /_mail).
  const mail = await startMailCatcher({ port: options.smtpPort ?? portFromEnv('LIVE_SMTP_PORT', DEFAULT_SMTP_PORT) });
  const mailbox = serve({ fetch: mailViewer(mail).fetch, port: options.mailPort ?? portFromEnv('LIVE_MAIL_PORT', DEFAULT_MAIL_PORT), hostname: '127.0.0.1' });
  await new Promise<void>((ok, fail) => mailbox.once('listening', () => ok()).once('error', fail));
  const mailUrl = `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}/_mail`;
  const closeMail = async () => {
    await new Promise<void>((ok) => mailbox.close(() => ok()));
    await mail.stop();
  };
  // The backend first: the fake must know the app's origin (Site URL, redirect allow-list, the Naver function's
  // APP_ORIGINS), and the backend reaches the fake only when a member's token arrives.
  const server = await startServer({
    port: appPort,
    serveApp: true,
    distDir: resolve(ROOT, options.distDir ?? 'dist-live'),
    memory: true,
    quiet: options.quiet,
    env,
    // The job queue sends the mails (and would process lecture video uploads, ffmpeg permitting).
    jobs: true,
    mail: { smtpUrl: mail.url, storeUrl: `http://127.0.0.1:${appPort || DEFAULT_APP_PORT}` },
  }).catch(async (error: unknown) => {
    await Promise.all([portone.close(), closeMail()]);
    throw error;
  });
  const appUrl = server.url;
  portone.webhooks.target(`${appUrl}/api/Payment/PortOneWebhook`);
  const appOrigins = [appUrl, appUrl.replace('127.0.0.1', 'localhost')];
  let supabase: FakeSupabaseAuth;
  try {
    supabase = await startFakeSupabaseAuth({
      port: supabasePort,
      anonKey: LIVE_ANON_KEY,
      siteUrl: appUrl,
      redirectAllowList: appOrigins.map((origin) => `${origin}/**`),
      naverAppOrigins: appOrigins,
      restDatabaseAtStart: true,
      functionLog: options.quiet ? undefined : (message, fields) => console.log(JSON.stringify({ fn: 'naver-login', message, ...fields })),
    });
  } catch (error) {
    await Promise.all([server.close(), portone.close(), closeMail()]);
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    throw inUse ? new Error(`[live-local] port ${supabasePort} is already in use (a Supabase CLI stack, or another live-local?)`) : error;
  }
  return {
    appUrl,
    supabase,
    portone,
    server,
    mail,
    mailUrl,
    async close() {
      await Promise.all([server.close(), supabase.close(), portone.close(), closeMail()]);
    },
  };
}
