import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestListener } from 'node:http';
import { cacheTags } from '../server/handlers/index';
import { OperationRouter } from '../server/openapi/router';
import { listOperations, loadSpec } from '../server/openapi/spec';
import { ROOT } from './support';

/**
 * The fault matrix is generated, not listed by hand: screens come from the route tree
 * (src/routeTree.gen.ts), operations from the yaml, and which screen calls which operation from a
 * recorded visit of each screen (e2e/faults.e2e.test.ts). This module holds the pieces that need no
 * browser: the screens, the request → operation matcher, the failure modes and the cases.
 */

export interface Screen {
  /** The route's full path as the route tree names it, e.g. `/classView/$contentsid`. */
  route: string;
  /** What the browser opens: the path with sample parameters. */
  url: string;
  /** Behind the `_auth` guard: visited signed in only. */
  memberOnly: boolean;
  /** Bare and print layouts, and the staff's console (its own side navigation), carry no store header or footer. */
  shell: boolean;
}

/**
 * Values for route parameters, drawn from the seed: a class with lectures in category 111/1, a class the
 * demo member is enrolled in (101), one it does not own (104), the first notice. A route with a parameter
 * missing here fails the matrix, so a new route is never silently left out.
 */
const ROUTE_SAMPLES: Record<string, string> = {
  categoryid: '111',
  pcategoryid: '1',
  contentsid: '101',
  contentsids: '104',
  noticeid: '1',
  certificateno: 'KPRA-0000000000',
};
/** `/` only redirects to /main, which is visited itself. */
const NOT_SCREENS = new Set(['/']);

export function screensFromRouteTree(): Screen[] {
  const tree = readFileSync(join(ROOT, 'src', 'routeTree.gen.ts'), 'utf8');
  const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
  const screens: Screen[] = [];
  for (const m of block.matchAll(/'([^']+)': typeof (\w+)/g)) {
    const [, route, name] = m as unknown as [string, string, string];
    if (NOT_SCREENS.has(route)) continue;
    const url = route.replace(/\$(\w+)/g, (_, p: string) => {
      const v = ROUTE_SAMPLES[p];
      if (v === undefined)
        throw new Error(`fault matrix: no sample value for route parameter ${p} (${route}); add one to ROUTE_SAMPLES`);
      return v;
    });
    // Route constants are named after their layouts: `BAuthMyclassRoute` sits in _b/_auth, `BarePaymentFailRoute` in _bare.
    screens.push({ route, url, memberOnly: /Auth[A-Z]/.test(name), shell: !/^(?:Bare|Print|Admin)/.test(name) });
  }
  return screens;
}

const operations = listOperations(loadSpec());
const router = new OperationRouter(operations);

/** The yaml operation a browser request is, or undefined for anything else (assets, media, the users table). */
export function operationOf(method: string, url: string): string | undefined {
  const { pathname } = new URL(url);
  return router.match(method, pathname)?.op.operationId;
}

/** Reads: their data is shown, so a failure needs a message. Writes made on the way (view counts, watch time) need none. */
export function isRead(operationId: string): boolean {
  const touched = cacheTags.touchedBy(operationId, {});
  return touched !== 'all' && touched.length === 0;
}

export const MODES = ['500', 'malformed JSON', 'success:false', 'hang', 'network error'] as const;
export type Mode = (typeof MODES)[number];
/**
 * Failures of the wire that the client turns into one path to the screen (src/components/section/
 * transportFailures.test.tsx proves it): a screen's call meets one of them, in turn over the screens that make it.
 */
const TRANSPORT_FAILURES: readonly Mode[] = ['500', 'malformed JSON', 'network error'];
const isTransportFailure = (mode: Mode) => TRANSPORT_FAILURES.includes(mode);

/** The message a `success:false` answer carries; the screen must show it as it came. */
export const REFUSAL_MESSAGE = '시험용 안내: 요청을 처리하지 못했습니다.';

/**
 * The request header that names a case's fault: `<operationId> <mode>`. The browser sends it with every request of the
 * case's page (page.setExtraHTTPHeaders); the server fails only the request that is that operation. Failing at the
 * wire, not by Playwright's interception, leaves the page's HTTP cache on (routing turns it off, so every case
 * downloaded and compiled the whole app again) and every other request untouched.
 */
export const FAULT_HEADER = 'x-e2e-fault';

export function faultHeader(operation: string, mode: Mode): Record<string, string> {
  return { [FAULT_HEADER]: `${operation} ${mode}` };
}

/** Wraps the server's listener (`startServer({ wrapListener })`): the request a fault header names fails its way. */
export function failingNamedOperation(listener: RequestListener): RequestListener {
  return (req, res) => {
    const named = req.headers[FAULT_HEADER];
    const [operation, ...rest] = typeof named === 'string' ? named.split(' ') : [];
    const mode = rest.join(' ') as Mode;
    if (!operation || !MODES.includes(mode) || operationOf(req.method ?? 'GET', `http://x${req.url}`) !== operation)
      return listener(req, res);
    const answer = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    // The request body is not read: drain it so the connection stays usable.
    req.resume();
    switch (mode) {
      case '500':
        return answer(500, 'text/html', '<h1>Internal Server Error</h1>');
      case 'malformed JSON':
        return answer(200, 'application/json; charset=utf-8', '{"success":true,"datas":{"list":[');
      case 'success:false':
        return answer(200, 'application/json; charset=utf-8', JSON.stringify({ success: false, respMessage: REFUSAL_MESSAGE }));
      case 'network error':
        // The connection drops before any answer: the browser's fetch rejects as it does offline.
        return req.socket.destroy();
      case 'hang':
        // Never answered: the client's time-out aborts it, which closes the connection.
        return;
    }
  };
}

export interface Visit {
  screen: Screen;
  signedIn: boolean;
  /** Operations the screen called on its own (those of the shell are tested once per member state). */
  operations: string[];
}

export interface Case {
  screen: Screen;
  signedIn: boolean;
  operation: string;
  mode: Mode;
  /** Run on the server that writes first-paint data (FIRST_PAINT_ROUTES). */
  firstPaint?: boolean;
}

/** What a screen's first visit called, in a member state. */
export interface Recorded {
  screen: Screen;
  signedIn: boolean;
  operations: string[];
}

/**
 * Operations most screens of a member state call (the signed-in member's phone check) belong to the shell:
 * failing them on every screen tests the same component again and again, so they are failed on /main only.
 * Everything else is failed on each screen that calls it: a refusal (`success:false`) and a hang on each, and one of
 * the three failures of the wire in turn, so each screen meets every kind of failure it can show and every operation
 * meets all five (the cases of 2026-11-28: 401 where all five on every screen were 495; docs/decisions.md).
 */
export function casesOf(recorded: Recorded[]): {
  visits: Visit[];
  cases: Case[];
  /** `<signedIn> <operation>` of the shell's calls, failed on /main only. */
  shared: Set<string>;
} {
  const visits: Visit[] = [];
  const sharedOfStates = new Set<string>();
  for (const signedIn of [false, true]) {
    const ofState = recorded.filter((r) => r.signedIn === signedIn);
    const shells = ofState.filter((r) => r.screen.shell);
    const calls = new Map<string, number>();
    for (const r of shells) for (const op of r.operations) calls.set(op, (calls.get(op) ?? 0) + 1);
    const shared = new Set([...calls].filter(([, n]) => shells.length > 2 && n > shells.length / 2).map(([op]) => op));
    for (const op of shared) sharedOfStates.add(`${signedIn} ${op}`);
    const home = shells.find((r) => r.screen.route === '/main') ?? shells[0];
    for (const r of ofState) visits.push({ ...r, operations: r.operations.filter((op) => !shared.has(op) || r === home) });
  }
  // The k-th screen (route order) calling an operation, in a member state, meets the transport failure k mod 3; the
  // first also meets those no other screen of that state took, so every operation still meets all five failures.
  const screensSoFar = new Map<string, number>();
  const callers = new Map<string, number>();
  for (const v of visits) for (const op of v.operations) callers.set(`${v.signedIn} ${op}`, (callers.get(`${v.signedIn} ${op}`) ?? 0) + 1);
  const cases = visits.flatMap((v) =>
    v.operations.flatMap((operation) => {
      const key = `${v.signedIn} ${operation}`;
      const k = screensSoFar.get(key) ?? 0;
      screensSoFar.set(key, k + 1);
      const n = callers.get(key)!;
      const transport = TRANSPORT_FAILURES.filter((_, i) => i === k % TRANSPORT_FAILURES.length || (k === 0 && i >= n));
      return MODES.filter((mode) => !isTransportFailure(mode) || transport.includes(mode)).map((mode) => ({
        screen: v.screen,
        signedIn: v.signedIn,
        operation,
        mode,
      }));
    }),
  );
  return { visits, cases, shared: sharedOfStates };
}

/**
 * Screens whose document load the server writes their first data into (server/http/playerFirstPaint.ts,
 * classViewFirstPaint.ts): the matrix, run on a server without first-paint data, never sees that path, so their
 * cases run a second time on a server with it, arriving by a document load (issue 43).
 */
export const FIRST_PAINT_ROUTES: ReadonlySet<string> = new Set(['/player/$contentsid', '/classView/$contentsid']);

/**
 * Calls a video makes only while it plays (the watch-time beat, the progress and tab writes): whether the written
 * video was already playing when a first-paint visit was recorded depends on the machine's pace (seen: one run with
 * them, the next without), so they get no first-paint case, which would then come and go. Their failures are the plain
 * player's cases here, and on the first-paint path e2e/player-document-faults breaks each of them in turn.
 */
const PLAYING_CALLS: ReadonlySet<string> = new Set(['checkTabId', 'updateWatchTime', 'updateContentProgress', 'getProgressTabRecord']);

/**
 * The cases of a first-paint visit: the same (operation, failure) pairs the screen meets without first-paint data.
 * An operation the document carries is not called by the browser, so it has no case here (its failure is the plain
 * page's, tested already); one that only the first-paint load makes meets all five. The shell's calls stay on /main.
 */
export function firstPaintCasesOf(matrix: ReturnType<typeof casesOf>, painted: Recorded[]): Case[] {
  return painted.flatMap((r) =>
    r.operations
      .filter((op) => !matrix.shared.has(`${r.signedIn} ${op}`) && !PLAYING_CALLS.has(op))
      .flatMap((operation) => {
        const same = matrix.cases.filter((c) => c.signedIn === r.signedIn && c.screen.route === r.screen.route && c.operation === operation);
        const modes = same.length ? same.map((c) => c.mode) : MODES;
        return modes.map((mode) => ({ screen: r.screen, signedIn: r.signedIn, operation, mode, firstPaint: true }));
      }),
  );
}
