import { createHash } from 'node:crypto';
import type { RequestListener } from 'node:http';

/** sha256 sources (`'sha256-…'`) of the inline scripts of an HTML page, so CSP allows exactly those. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

const originOf = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url.origin : undefined;
  } catch {
    return undefined; // relative (same origin) or not a URL: nothing to add
  }
};

/**
 * Hosts the app calls besides its own origin. Local mode: none (API, users table and sign-in are all the
 * reference backend). Otherwise the API base and the Supabase project (REST and auth over https, realtime
 * over wss), read from the same variables the app is built with. Kakao and Naver sign-in are navigations,
 * not calls; PortOne's hosts join through `portOneSources` when the app is built with PortOne.
 */
export function connectSources(env: Record<string, string | undefined>, localMode: boolean): string[] {
  if (localMode) return [];
  const supabase = originOf(env.VITE_SUPABASE_URL);
  return [...new Set([originOf(env.VITE_API_BASE), supabase, supabase?.replace(/^http/, 'ws')].filter((s): s is string => !!s))];
}

/**
 * PortOne's browser checkout: the SDK script from its CDN, the checkout service it calls and frames (its own
 * window, which then frames or redirects to the PG and easy-pay pages under its own policy), and the bridge it
 * posts forms to. Gathered from PortOne's SDK and integrators' working policies (2026-11); none of them is added
 * unless the app is built with PortOne, so the demo's policy stays 'self'.
 */
const PORTONE_SOURCES = {
  script: ['https://cdn.portone.io'],
  connect: [
    'https://checkout-service.prod.iamport.co',
    'https://tx-gateway-service.prod.iamport.co',
    'https://coretelemetry.prod.iamport.co',
  ],
  frame: [
    'https://checkout-service.prod.iamport.co',
    'https://payment-bridge.prod.iamport.co',
    'https://service.iamport.kr',
    'https://cdn.portone.io',
  ],
  form: ['https://checkout-service.prod.iamport.co', 'https://service.iamport.kr'],
} as const;

/** The app is built with PortOne: a store id and at least one channel key (src/features/checkout/provider/provider.ts). */
export function portOneConfigured(env: Record<string, string | undefined>): boolean {
  return !!env.VITE_PORTONE_STORE_ID && Object.keys(env).some((name) => name.startsWith('VITE_PORTONE_CHANNEL_KEY') && !!env[name]);
}

export interface PolicyInputs {
  /** `'sha256-…'` sources of the built index.html's inline scripts (none today). */
  scriptHashes: string[];
  connect: string[];
  /** PortOne's hosts join script-src, connect-src, frame-src and form-action (PORTONE_SOURCES). */
  portOne?: boolean;
  /** The media origin (MEDIA_ORIGIN, server/lib/mediaOrigin.ts) joins media-src and connect-src (HLS fragments). */
  media?: string[];
}

/**
 * No inline script but the hashed ones and no eval. Styles allow 'unsafe-inline': the first-paint shell is an
 * inline <style>, the pre-rendered hero and React set style attributes, and sweetalert2 injects its sheet;
 * inline style cannot run code. Images and media also from data:/blob: (generated art, player buffers).
 */
export function contentSecurityPolicy({ scriptHashes, connect, portOne = false, media = [] }: PolicyInputs): string {
  const p = portOne ? PORTONE_SOURCES : { script: [], connect: [], frame: [], form: [] };
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes, ...p.script].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ['media-src', "'self'", 'blob:', ...media].join(' '),
    "worker-src 'self' blob:",
    ['connect-src', "'self'", ...connect, ...media, ...p.connect].join(' '),
    ...(portOne ? [['frame-src', "'self'", ...p.frame].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    ['form-action', "'self'", ...p.form].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every response of the reference backend carries (app, API, static files, media, errors). */
export function securityHeaders(inputs: PolicyInputs): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(inputs),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
}

/**
 * The one place the security headers are written: on the node:http response before anything answers it, so every
 * answer carries them once — Hono's (API, first-paint pages, static files, media, errors), the fast path's, and the
 * Node adapter's own 400 for a request it cannot read. A page of the server's own that states its own policy (the
 * mailbox, 수신 거부) sets that header in its answer, which replaces this one (node merges writeHead over setHeader).
 */
export function withSecurityHeaders(headers: Record<string, string>, next: RequestListener): RequestListener {
  const entries = Object.entries(headers);
  return (req, res) => {
    for (const [name, value] of entries) res.setHeader(name, value);
    return next(req, res);
  };
}
