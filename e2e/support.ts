import { resolve } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type RunningServer, type StartOptions } from '../server/start';
import { mailsOnTheirWay } from '../server/testing';
import type { Db } from '../server/db/database';

/** Shared browser-test helpers: build, real reference backend on a random port, headless Chromium. */

export const ROOT = resolve(import.meta.dirname, '..');
/**
 * The browser tests drive Chromium's headless shell (Debian's chromium-headless-shell; Playwright's own default for
 * headless runs): the same Blink without the full browser's UI and display compositor. The whole browser step used
 * about a third of the full browser's CPU with it (docs/decisions.md, "CI time, session 45"). Lighthouse and the
 * budgets keep the full browser (scripts/budget.ts), whose paint they measure. Elsewhere any Chromium serves.
 */
export const CHROMIUM = process.env.CHROMIUM_HEADLESS_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

import { buildApp } from './build';

export { buildApp };

/** The real server (app + API) on a random port with a throw-away in-memory database. */
export function startApp(options: StartOptions = {}): Promise<RunningServer> {
  return startServer({ port: 0, memory: true, serveApp: true, quiet: true, ...options });
}

/**
 * One server (a fresh database) and a browser for a test file: started before its tests, closed after them. The
 * browser is the worker's shared one (fileBrowser) unless the file asks for flags of its own.
 */
export function appUnderTest(
  options: { server?: StartOptions; browserArgs?: string[] } = {},
): { server: RunningServer; browser: Browser } {
  const app = {} as { server: RunningServer; browser: Browser };
  const own = Boolean(options.browserArgs?.length);
  beforeAll(async () => {
    // Side by side: Chromium starts while the server loads its database. Both are settled before a failure is
    // thrown, so afterAll closes whichever did start.
    const started = await Promise.allSettled([
      startApp(options.server).then((server) => (app.server = server)),
      (own ? launchBrowser(options.browserArgs) : fileBrowser()).then((browser) => (app.browser = browser)),
    ]);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
  });
  afterAll(async () => {
    if (app.browser) await (own ? app.browser.close() : releaseBrowser(app.browser));
    if (app.server) forgetSignIns(app.server.url);
    await app.server?.close();
  });
  return app;
}

let shared: Promise<Browser> | undefined;

/**
 * The browser of this test worker, launched at its first file and kept for the next (the e2e project runs its files
 * one after another in one worker, `isolate: false`): a launch cost ~0.65 s of CPU and several seconds under load, for
 * each of ~25 files. Files share nothing through it: each opens its own contexts (cookies, storage, cache) and
 * releaseBrowser closes them after the file. A browser that died is launched again. Playwright kills it when the
 * worker exits.
 */
export async function fileBrowser(): Promise<Browser> {
  const browser = await shared?.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  const launching = launchBrowser();
  shared = launching;
  void launching.catch(() => {
    if (shared === launching) shared = undefined;
  });
  return launching;
}

/** Ends a file's use of the shared browser: every context it opened is closed, as closing the browser did. */
export async function releaseBrowser(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}

/** For scripts (screenshots): build, start the server and a browser, run `work`, always close both. */
export async function withAppAndBrowser(work: (server: RunningServer, browser: Browser) => Promise<void>): Promise<void> {
  buildApp();
  const server = await startApp();
  const browser = await launchBrowser();
  try {
    await work(server, browser);
  } finally {
    await browser.close();
    await server.close();
  }
}

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(contextOptions(baseURL, viewport));
  const page = await context.newPage();
  return { context, page };
}

const contextOptions = (baseURL: string, viewport: { width: number; height: number }) =>
  ({ baseURL, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' }) as const;

/**
 * Presses the player's play button unless its video already plays. Looked at and pressed in one step in the page: the
 * stage's own start (autoplay once the metadata is in, where the browser allows it) could begin between a check made
 * from the test and a click, and the button, a toggle, would then pause the video.
 */
export async function pressPlayUnlessPlaying(page: Page): Promise<void> {
  const button = page.locator('.player-stage__bar media-play-button');
  await button.waitFor();
  await button.evaluate((b: HTMLElement) => {
    if (document.querySelector<HTMLVideoElement>('.player-stage video')?.paused) b.click();
  });
}

/** Text of the dark popup (sweetalert2) once it is shown. */
export async function popupText(page: Page, timeout = 10_000): Promise<string> {
  const box = page.locator('.swal2-popup .swal2-html-container');
  await box.waitFor({ state: 'visible', timeout });
  return (await box.textContent())?.trim() ?? '';
}

/** Presses the popup's 확인 button and waits for it to close. */
export async function confirmPopup(page: Page): Promise<void> {
  await page.locator('.swal2-confirm', { hasText: '확인' }).click();
  await page.locator('.swal2-container').waitFor({ state: 'detached' });
}

/** Buys a class with the demo's test card as the signed-in member, as they would; returns the paid order's id. */
export async function buyWithTestCard(page: Page, contentsid: number): Promise<number> {
  await page.goto(`/payment/${contentsid}`);
  await page.locator('.checkout__pay:not([disabled])').waitFor();
  await page.locator('.checkout-agree input').check();
  await page.locator('.checkout__pay').click();
  const card = page.locator('dialog.card-window');
  await card.getByText('테스트 결제창').waitFor();
  await card.getByRole('button', { name: '승인' }).click();
  await page.waitForURL(/\/paymentResult\?paymentid=\d+/);
  return Number(new URL(page.url()).searchParams.get('paymentid'));
}

/** Local-mode sign-in as a demo member from the login page; resolves on /main with the header updated. */
export async function signInLocal(page: Page, email: string, { remember = false } = {}): Promise<void> {
  await page.goto('/login');
  // A sign-in starts the member's one session (spec §5), which ends any stored one (signedInPage).
  signedIn.delete(signedInKey(page.url(), email));
  if (remember) await page.locator('.login .auto-login input').check();
  await page.locator(`.member-btn[data-email="${email}"]`).click();
  await page.waitForURL('**/main');
  await page.locator('.header-actions[data-state="member"]').first().waitFor();
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** A demo member's cookies and storage after one sign-in through the login page, per server (origin and e-mail). */
const signedIn = new Map<string, StorageState>();
const signedInKey = (url: string, email: string) => `${new URL(url).origin} ${email}`;
/** A closed server's sign-ins: a later file's server may get its port, and its database knows none of them. */
function forgetSignIns(url: string): void {
  const origin = new URL(url).origin;
  for (const key of signedIn.keys()) if (key.startsWith(`${origin} `)) signedIn.delete(key);
}

/**
 * A page of a new context signed in as `email`, for tests whose subject is not the sign-in: the first call on a server
 * signs in through the login page (and leaves the page on /main); later ones start from the cookies and storage that
 * sign-in left, as the member's next visit in the same browser does, on a blank page: the test opens its first address
 * (a login page's load and its /main for every test were most of a short journey's time). The stored session ends
 * with the next sign-in of that member through signInLocal, which then signs in again here.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  email: string,
  { viewport = { width: 1280, height: 900 }, userAgent }: { viewport?: { width: number; height: number }; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const state = signedIn.get(signedInKey(baseURL, email));
  const context = await browser.newContext({ ...contextOptions(baseURL, viewport), userAgent, storageState: state });
  const page = await context.newPage();
  if (!state) {
    await signInLocal(page, email);
    signedIn.set(signedInKey(baseURL, email), await context.storageState());
  }
  return { context, page };
}

/** Every cookie and storage key of this product (prefix pilates_). */
export async function productKeys(page: Page): Promise<string[]> {
  const cookies = (await page.context().cookies()).map((c) => c.name).filter((n) => n.startsWith('pilates_'));
  const storage = await page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((k) => k.startsWith('pilates_')),
  );
  return [...cookies, ...storage];
}

export const DEMO = {
  member: { email: 'member@demo.kr', name: '김필라', useruid: 'u-demo-1' },
  newMember: { email: 'new@demo.kr', name: '이새봄', useruid: 'u-demo-2' },
  noPhone: { email: 'nophone@demo.kr', name: '박무폰', useruid: 'u-demo-3' },
} as const;

/**
 * Resolves once the store has no mail left to send: no outbox row pending and no mail job waiting, retrying or
 * running (server/jobs/mailJob.ts). A test that counts mails after it knows that none is still on its way, however
 * slow the machine, where a fixed wait only hoped so.
 */
export async function mailSettled(db: Db, timeout = 20_000): Promise<void> {
  await expect.poll(() => mailsOnTheirWay(db), { timeout }).toBe(0);
}
