import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { DEMO, ROOT, appUnderTest, buyWithTestCard, newPage, signedInPage } from './support';
import { screensFromRouteTree, type Screen } from './faultMatrix';
import { sidewaysFindings } from './sideways';

/**
 * No page wider than the phone (issue 42): every screen of the route tree (the fault matrix's list, so a new route is
 * walked without editing this file, and a route parameter without a sample fails), logged out and as the demo member,
 * and every console screen as staff, at 390 then 320 px; then the popups no route visit opens (the order detail's
 * refund dialog, the mobile menu, the search box). What counts as a finding: e2e/sideways.ts.
 */
const app = appUnderTest();

/**
 * Text with no place to break, as members and staff write it: a long Korean run, address and e-mail in the first notice
 * (its list and its page), a review and a question of class 101, and the demo member's 1:1 suggestion. A line of it
 * must wrap, not widen the page.
 */
const UNBROKEN_URL = 'https://www.pilates-rehab.example/board/notice/attachments/2026-11-schedule-and-refund-policy-final.pdf';
const UNBROKEN_MAIL = 'pilates.rehabilitation.customer.support.team@pilates-rehab.example';
const UNBROKEN_KOREAN = '필라테스재활협회온라인클래스수강기간연장및환불정책변경안내문입니다';
beforeAll(async () => {
  await sql`update notices set title = ${`${UNBROKEN_KOREAN} ${UNBROKEN_MAIL}`},
    content = content || ${`<p>${UNBROKEN_URL}</p><p>${UNBROKEN_MAIL}</p>`} where noticeid = 1`.execute(app.server.db);
  // The class view's reviews and Q&A (class 101): its first of each.
  await sql`update ratings set content = ${`${UNBROKEN_KOREAN} ${UNBROKEN_URL}`} where ratingid = (select min(ratingid) from ratings where contentsid = 101)`.execute(app.server.db);
  await sql`update qnas set title = ${UNBROKEN_KOREAN}, content = ${`<p>${UNBROKEN_MAIL}</p>`} where qnaid = 1`.execute(app.server.db);
  await sql`update suggests set title = ${UNBROKEN_KOREAN}, content = ${`${UNBROKEN_URL}\n${UNBROKEN_MAIL}`} where suggestid = 1`.execute(app.server.db);
});
const PHONES = [390, 320] as const;
const STAFF = 'staff@demo.kr';

/** The console's addresses, read from its table (src/features/admin/shell/adminPaths.ts) so a new screen is walked too. */
function consoleScreens(): string[] {
  const source = readFileSync(join(ROOT, 'src/features/admin/shell/adminPaths.ts'), 'utf8');
  const table = /const SCREENS[^{]*\{([\s\S]*?)\n\};/.exec(source)?.[1] ?? '';
  const paths = [...table.matchAll(/^\s*'?([\w/-]*)'?:\s*'\w+',?$/gm)].map((m) => m[1]!);
  return [...paths.map((p) => `/admin/${p}`.replace(/\/$/, '')), '/admin/classes/101'];
}

/** Requests the page has open (images and media aside: a playing video streams for ever). */
function trackRequests(page: Page): () => number {
  let open = 0;
  page.on('request', (r) => {
    if (!['image', 'media', 'font'].includes(r.resourceType())) open += 1;
  });
  const done = (r: { resourceType(): string }) => {
    if (!['image', 'media', 'font'].includes(r.resourceType())) open = Math.max(0, open - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open;
}

/** No request open for two looks 50 ms apart (a screen's next call starts as its previous one ends), at most 3 s. */
async function quiet(page: Page, openRequests: () => number): Promise<void> {
  for (let calm = 0, waited = 0; calm < 2 && waited < 3_000; waited += 50) {
    calm = openRequests() === 0 ? calm + 1 : 0;
    await page.waitForTimeout(50);
  }
}

/**
 * Opens a screen as the app's own links do, without loading the document again: a history entry and the popstate the
 * router listens to (a full load of the app for each of ~90 screens was most of the walk's time). The lane's first
 * screen is loaded whole.
 */
async function openScreen(page: Page, url: string): Promise<void> {
  if (page.url() === 'about:blank') {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    return;
  }
  await page.evaluate((to) => {
    const state = (history.state ?? {}) as Record<string, unknown>;
    const index = typeof state.__TSR_index === 'number' ? state.__TSR_index : 0;
    history.pushState({ ...state, key: crypto.randomUUID().slice(0, 8), __TSR_key: crypto.randomUUID(), __TSR_index: index + 1 }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url);
}

const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * The page as a member reads it to its end: requests done, skeletons gone, the blocks below the fold rendered, then a
 * short scroll back up, which shows the floating ↑ button and the fixed header (their place at the page's end).
 */
async function readToTheEnd(page: Page, openRequests: () => number): Promise<void> {
  await quiet(page, openRequests);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await quiet(page, openRequests);
  await page.waitForFunction(() => !document.querySelector('.skeleton, [aria-busy="true"]'), null, { timeout: 5_000 }).catch(() => {});
  await backUpALittle(page);
}

/** At the page's end, a short scroll back up: the ↑ button and the fixed header show (a resize keeps the page as read). */
async function backUpALittle(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await frames(page);
  await page.evaluate(() => window.scrollBy(0, -40));
  await frames(page);
  // The ↑ button starts its fade-in (0.2 s): its opacity is above 0, and it takes taps, from the first frames.
  await page.waitForTimeout(80);
}

/** Findings at each phone width, the page already loaded at the first; labelled with where they were. */
async function judgeAtPhoneWidths(page: Page, where: string, again?: () => Promise<void>): Promise<string[]> {
  const out: string[] = [];
  for (const width of PHONES) {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize({ width, height: 844 });
      await frames(page);
      await again?.();
    }
    for (const f of await sidewaysFindings(page))
      out.push(`${width}px ${where}: ${f.what}${f.right ? ` [${f.left}…${f.right}]` : ''}${f.text ? ` “${f.text}”` : ''}`);
  }
  return out;
}

type State = 'visitor' | 'member' | 'staff';
/**
 * What each state visits, as the fault matrix does: a visitor the screens open to all, and one guarded screen (the
 * login page with its notice popup, which every guarded screen shows a visitor); the member every store screen; staff
 * every console screen.
 */
function visitsOf(state: State, screens: Screen[]): string[] {
  const store = screens.filter((s) => !s.route.startsWith('/admin'));
  if (state === 'staff') return consoleScreens();
  if (state === 'member') return store.map((s) => s.url);
  return [...store.filter((s) => !s.memberOnly), store.find((s) => s.memberOnly)!].map((s) => s.url);
}
/** Tabs side by side: one waits on its network while another measures. The member's screens, the most, take two. */
const LANES = [
  { state: 'visitor', part: 0, of: 1 },
  { state: 'member', part: 0, of: 2 },
  { state: 'member', part: 1, of: 2 },
  { state: 'staff', part: 0, of: 1 },
] as const;
const STATES: State[] = ['visitor', 'member', 'staff'];

/**
 * A signed-in page; the first of a member's is signed in before the next starts from its cookies (signing in twice
 * at once would end the first session: one session a member, spec §5).
 */
const signIns = new Map<string, Promise<unknown>>();
async function pageAs(email: string, viewport: { width: number; height: number }) {
  const first = signIns.get(email);
  if (first) {
    await first;
    return signedInPage(app.browser, app.server.url, email, { viewport });
  }
  const opening = signedInPage(app.browser, app.server.url, email, { viewport });
  signIns.set(email, opening.catch(() => undefined));
  return opening;
}

describe('no page wider than the phone (issue 42)', () => {
  it('the walk covers every route of the route tree and every console screen', () => {
    const walked = new Set(STATES.flatMap((s) => visitsOf(s, screensFromRouteTree())));
    for (const screen of screensFromRouteTree())
      expect(screen.route.startsWith('/admin') ? [...walked].some((u) => u.startsWith('/admin')) : walked.has(screen.url)).toBe(true);
    expect(consoleScreens().length).toBeGreaterThan(15);
    expect(consoleScreens()).toContain('/admin');
    expect(consoleScreens()).toContain('/admin/orders');
  });

  it.concurrent.each(LANES)(
    '$state ($part of $of): every screen at 390 and 320 px',
    async ({ state, part, of }) => {
      const screens = screensFromRouteTree();
      const viewport = { width: PHONES[0], height: 844 };
      const { context, page } =
        state === 'visitor'
          ? await newPage(app.browser, app.server.url, viewport)
          : await pageAs(state === 'staff' ? STAFF : DEMO.member.email, viewport);
      // Skeletons stand still (src/components/ui/ui.css): their shimmer repainted every frame of every waiting section.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const openRequests = trackRequests(page);
      const findings: string[] = [];
      const started = Date.now();
      const urls = visitsOf(state, screens).filter((_, i) => i % of === part);
      for (const url of urls) {
        await page.setViewportSize(viewport);
        await openScreen(page, url);
        await readToTheEnd(page, openRequests);
        findings.push(...(await judgeAtPhoneWidths(page, `${state} ${url}`, () => backUpALittle(page))));
      }
      await context.close();
      console.log(`[no-sideways] ${state} (${part + 1} of ${of}): ${urls.length} screens in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      expect(findings, findings.join('\n')).toEqual([]);
    },
    120_000,
  );

  // Beside the walk's tabs: a fifth tab, another member's order (new@demo.kr), nothing the walk reads.
  it.concurrent('the popups and tabs: the order detail and its refund dialogs, the mobile menu, the search box, the 1:1 suggestion, the player’s tabs, the payment page’s ↑ button', async () => {
    const { context, page } = await pageAs(DEMO.member.email, { width: 390, height: 844 });
    const findings: string[] = [];
    const phone = () => page.setViewportSize({ width: PHONES[0], height: 844 });
    const refundDialog = async (where: string) => {
      await phone();
      await page.getByTestId('refund-request').click();
      await page.locator('.swal2-popup').waitFor();
      // The popup grows in (0.3 s).
      await page.waitForTimeout(350);
      findings.push(...(await judgeAtPhoneWidths(page, where)));
      await page.keyboard.press('Escape');
      await page.locator('.swal2-container').waitFor({ state: 'detached' });
    };
    // The demo member's orders are old: their refund is refused, with the reasons.
    await phone();
    await page.goto('/mypayment?paymentid=1');
    await page.locator('.payment-detail__head').waitFor();
    findings.push(...(await judgeAtPhoneWidths(page, 'order detail 1')));
    if (await page.getByTestId('refund-request').count()) await refundDialog("order 1's refund refused");
    await phone();
    await page.goto('/main');
    await page.getByRole('button', { name: '전체 메뉴 열기' }).click();
    await page.waitForTimeout(350);
    findings.push(...(await judgeAtPhoneWidths(page, 'the mobile menu')));
    await phone();
    await page.goto('/main');
    await page.getByTestId('mobile-bar').getByRole('button', { name: '검색' }).click();
    await page.getByTestId('search-box').waitFor();
    findings.push(...(await judgeAtPhoneWidths(page, 'the search box')));
    // The 1:1 suggestion with the unbroken text (beforeAll), in the list and opened.
    await phone();
    await page.goto('/q&a?tab=suggest');
    await page.getByTestId('suggest-list').waitFor();
    findings.push(...(await judgeAtPhoneWidths(page, 'the 1:1 suggestions')));
    await phone();
    await page.getByTestId('suggest-list').locator('.board-list__title').first().click();
    await page.getByText(UNBROKEN_MAIL).waitFor();
    findings.push(...(await judgeAtPhoneWidths(page, 'a 1:1 suggestion')));
    // The player's other tabs (the walk sees its 커리큘럼), the Q&A with the unbroken question (beforeAll).
    await phone();
    await page.goto('/player/101');
    await page.locator('.player-stage video').waitFor();
    for (const tab of ['메모', 'Q&A']) {
      await phone();
      await page.getByRole('tab', { name: tab }).click();
      await page.locator('[role="tabpanel"]:visible').first().waitFor();
      findings.push(...(await judgeAtPhoneWidths(page, `the player's ${tab} tab`)));
    }
    // The payment page scrolled until 토스페이 sits where the ↑ button shows, then back up a little, which shows it.
    for (const width of PHONES) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/payment/104');
      const tile = page.locator('.pay-method', { hasText: '토스페이' });
      await page.locator('.checkout__pay:not([disabled])').waitFor();
      await tile.evaluate((el) => {
        const box = el.getBoundingClientRect();
        window.scrollTo(0, window.scrollY + box.top + box.height / 2 - (window.innerHeight - 80 - 22) + 60);
      });
      await frames(page);
      await page.evaluate(() => window.scrollBy(0, -60));
      await frames(page);
      await page.waitForTimeout(250);
      for (const f of await sidewaysFindings(page)) findings.push(`${width}px the payment page, 토스페이 under the ↑ button: ${f.what} “${f.text}”`);
    }
    await context.close();

    // A new member's fresh order: the refund is offered, with its choices.
    const fresh = await signedInPage(app.browser, app.server.url, DEMO.newMember.email, { viewport: { width: 390, height: 844 } });
    const paymentid = await buyWithTestCard(fresh.page, 104);
    await fresh.page.goto(`/mypayment?paymentid=${paymentid}`);
    await fresh.page.getByTestId('refund-request').waitFor();
    findings.push(...(await judgeAtPhoneWidths(fresh.page, `a fresh order's detail`)));
    await fresh.page.setViewportSize({ width: PHONES[0], height: 844 });
    await fresh.page.getByTestId('refund-request').click();
    await fresh.page.locator('.swal2-popup').waitFor();
    await fresh.page.waitForTimeout(350);
    findings.push(...(await judgeAtPhoneWidths(fresh.page, `a fresh order's refund dialog`)));
    await fresh.context.close();
    expect(findings, findings.join('\n')).toEqual([]);
  }, 60_000);
});
