import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, ROOT, appUnderTest, newPage, signInLocal } from './support';

const app = appUnderTest();

/**
 * Demo values for every route parameter. A new route with a parameter not named here fails the test below,
 * so nobody adds a screen that the accessibility check silently skips.
 */
const DEMO_PARAMS: Record<string, string> = {
  categoryid: '111',
  pcategoryid: '1',
  contentsid: '101', // owned by the demo member: progress, player and certificate print open for them
  contentsids: '113', // not owned: the payment page shows its order
  noticeid: '1',
  certificateno: 'KPRA-0000000000',
};

const WIDTHS = [1280, 390] as const;
const BLOCKING = new Set(['serious', 'critical']);

/** Every route of the app, read from the generated route tree, so a new route is covered without editing this list. */
function routesOfTheApp(): string[] {
  const tree = readFileSync(join(ROOT, 'src/routeTree.gen.ts'), 'utf8');
  const union = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(tree)?.[1] ?? '';
  return [...union.matchAll(/'([^']*)'/g)].map((m) => m[1]!).filter((p) => p !== '/');
}

function withDemoParams(path: string): string {
  return path.replace(/\$(\w+)/g, (_, name: string) => {
    const value = DEMO_PARAMS[name];
    if (value === undefined) throw new Error(`a11y: no demo value for route parameter $${name} (${path}): add it to DEMO_PARAMS`);
    return encodeURIComponent(value);
  });
}

/** Requests the page has open; networkidle waits a fixed 500 ms after the last one, this settles as soon as none is left. */
function trackRequests(page: Page): () => number {
  let open = 0;
  page.on('request', () => (open += 1));
  const done = () => (open = Math.max(0, open - 1));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open;
}

async function quiet(page: Page, openRequests: () => number): Promise<void> {
  // Capped: a page that streams (the player's video) never goes quiet.
  for (let calm = 0, waited = 0; calm < 3 && waited < 3_000; waited += 50) {
    calm = openRequests() === 0 ? calm + 1 : 0;
    await page.waitForTimeout(50);
  }
}

/** Waits until the screen has settled: requests done, skeletons gone, and the blocks below the fold rendered. */
async function settle(page: Page, openRequests: () => number): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await quiet(page, openRequests);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await quiet(page, openRequests);
  await page
    .waitForFunction(() => !document.querySelector('.skeleton, [aria-busy="true"]'), null, { timeout: 10_000 })
    .catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
}

interface Finding {
  where: string;
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

async function blockingViolations(page: Page, where: string): Promise<Finding[]> {
  // Only violations are read: axe then skips gathering and sending back the passes and inapplicable rules' nodes
  // (every rule still runs), which took most of an analysis on pages this size.
  // Legacy mode runs axe in the page itself. The default opens a new blank tab per analysis to merge the frames'
  // partial results (4-7 s an analysis on this machine against 1.1 s); the app has no iframe, so nothing is lost.
  const result = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ') ?? v.help,
    }));
}

const STATES = ['logged out', 'signed in'] as const;
const totals = { checked: 0, violations: 0 };

describe('accessibility (axe) on every route, logged out and signed in, at 390 and 1280 px', () => {
  afterAll(() => console.log(`axe: ${totals.checked} pages×widths×states, ${totals.violations} violations`));

  // The two states run side by side, each in its own tab: one waits on its network while the other runs axe
  // (a11y file 184-204 s one after the other, 116 s side by side; four tabs gained nothing more, 2026-11-25).
  it.concurrent.each(STATES)(
    '%s: no serious or critical violation on any route',
    async (state) => {
      const routes = routesOfTheApp();
      expect(routes.length).toBeGreaterThan(30);
      const findings: Finding[] = [];
      // A guarded route visited logged out lands on /login: that page is checked once, not once per route.
      const landed = new Set<string>();
      const { context, page } = await newPage(app.browser, app.server.url);
      const openRequests = trackRequests(page);
      if (state === 'signed in') await signInLocal(page, DEMO.member.email);
      for (const route of routes) {
        const url = withDemoParams(route);
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
        await page.goto(url);
        await settle(page, openRequests);
        const at = new URL(page.url()).pathname;
        if (landed.has(at)) continue;
        landed.add(at);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          findings.push(...(await blockingViolations(page, `${state} ${width}px ${url} (at ${at})`)));
          totals.checked += 1;
        }
      }
      await context.close();
      totals.violations += findings.length;
      expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
    },
    900_000,
  );
});

describe('accessibility (axe) of states no route visit reaches', () => {
  // Issue 26: the player's 메모 tab holding a note, and a note being edited, at both widths.
  it("the player's 메모 tab: no serious or critical violation", async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    await page.goto('/player/101');
    await page.locator('.player-stage video').waitFor();
    await page.getByRole('tab', { name: '메모' }).click();
    await page.locator('.player-notes textarea').fill('접근성 확인 메모');
    await page.getByRole('button', { name: '메모 저장' }).click();
    await page.locator('.player-note').first().waitFor();
    const findings: Finding[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      findings.push(...(await blockingViolations(page, `player 메모 tab ${width}px`)));
    }
    await page.locator('.player-note').first().getByRole('button', { name: /메모 수정$/ }).click();
    findings.push(...(await blockingViolations(page, 'player 메모 tab, a note being edited')));
    await context.close();
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  }, 60_000);

  // Issue 26 (getting around): the player's Q&A tab in the player's dark theme, the 1:1 form showing its messages,
  // and the mobile buy bar once shown.
  it("the player's Q&A tab, the 1:1 form with its messages, the mobile buy bar: no serious or critical violation", async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    const findings: Finding[] = [];
    await page.goto('/player/101');
    await page.getByRole('tab', { name: 'Q&A' }).click();
    const form = page.locator('.player-qna .qna-form');
    await form.waitFor();
    // Dark like the rest of the player: a light card was a white block in the dark panel.
    const lightness = (color: string) => {
      const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
      return (r + g + b) / 3;
    };
    expect(lightness(await form.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(60);
    expect(lightness(await form.evaluate((el) => getComputedStyle(el).color))).toBeGreaterThan(200);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      findings.push(...(await blockingViolations(page, `player Q&A tab ${width}px`)));
    }
    await page.goto('/q&a?tab=suggest');
    await page.getByRole('button', { name: '문의하기' }).click();
    await page.getByRole('button', { name: '문의 등록' }).click();
    await page.locator('.suggest-form .field-error').first().waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      findings.push(...(await blockingViolations(page, `1:1 form with its messages ${width}px`)));
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/classView/113');
    await page.locator('#intro').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 900);
    await page.getByTestId('mobile-buy-bar').waitFor({ state: 'visible' });
    findings.push(...(await blockingViolations(page, 'class view with the mobile buy bar 390px')));
    await context.close();
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  }, 90_000);

  // Issue 26 (learning): the preview window, a locked lecture in the player, an ended class, at both widths.
  it('the preview window, the locked lecture and the ended class: no serious or critical violation', async () => {
    const findings: Finding[] = [];
    const check = async (page: Page, where: string) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        findings.push(...(await blockingViolations(page, `${where} ${width}px`)));
      }
    };
    const visitor = await newPage(app.browser, app.server.url);
    await visitor.page.goto('/classView/101');
    await visitor.page.getByRole('link', { name: '커리큘럼' }).click();
    await visitor.page.getByRole('button', { name: /미리보기 재생$/ }).first().click();
    await visitor.page.locator('.preview-window video').waitFor();
    await check(visitor.page, 'preview window');
    await visitor.context.close();
    const other = await newPage(app.browser, app.server.url);
    await signInLocal(other.page, DEMO.newMember.email);
    await other.page.goto('/player/101');
    await other.page.locator('.player-curriculum__item[data-locked]').first().click();
    await other.page.locator('.player-locked').waitFor();
    await check(other.page, 'locked lecture');
    await other.context.close();
    const member = await newPage(app.browser, app.server.url);
    await signInLocal(member.page, DEMO.member.email);
    await member.page.goto('/classView/105');
    await member.page.locator('.class-ended').waitFor();
    await check(member.page, 'ended class');
    await member.page.goto('/myclassProgress/105');
    await member.page.locator('.class-progress__ended').waitFor();
    await check(member.page, 'ended class progress page');
    await member.context.close();
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  }, 90_000);

  // Issue 26: a section whose call hangs says at 5 s that the answer is late, with 다시 시도.
  it('a section waiting past 5 s (the late notice and its 다시 시도): no serious or critical violation', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.clock.install();
    // Never answered, so only the late notice can stand where the strip would be.
    await page.route('**/api/Contents/GetRecentOnlineLectures/**', () => undefined);
    await page.goto('/main');
    await page.locator('.section-wait').first().waitFor({ state: 'attached' });
    await page.clock.fastForward(5_500);
    // The strip's notice in the page: on a busy machine the header's own call may be late at the fast-forward too.
    await page.locator('#main .section-wait', { hasText: '응답이 늦어지고 있습니다' }).getByRole('button', { name: '다시 시도' }).waitFor();
    const findings: Finding[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      findings.push(...(await blockingViolations(page, `late notice on /main ${width}px`)));
    }
    await context.close();
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  }, 60_000);

  // The header's category menu (≥ 1025 px) and the class view's bookmark toggle, their calls hung past 5 s.
  it("the header's category menu and the bookmark toggle waiting past 5 s: no serious or critical violation", async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    await page.clock.install();
    await page.route('**/api/Category/GetList/category**', () => undefined);
    await page.route('**/api/Contents/GetMyLectures/**', () => undefined);
    await page.goto('/classView/101');
    await page.locator('.bookmark-wait').waitFor({ state: 'attached' });
    await page.clock.fastForward(5_500);
    const late = (where: string) => page.locator(where, { hasText: '응답이 늦어지고 있습니다' }).getByRole('button', { name: '다시 시도' });
    await late('.gnb--waiting').waitFor();
    await late('.bookmark-wait').waitFor();
    const findings = await blockingViolations(page, 'late category menu and bookmark toggle 1280px');
    // A phone has no header menu (the side menu holds it); the bookmark row keeps its line.
    await page.setViewportSize({ width: 390, height: 844 });
    await late('.bookmark-wait').waitFor();
    findings.push(...(await blockingViolations(page, 'late bookmark toggle 390px')));
    await context.close();
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  }, 60_000);

  // Issue 26: the player's captions and quality menus open, captions showing (the HLS lecture has both).
  it("the player's captions and quality menus: no serious or critical violation", async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    await page.goto('/player/102?videoid=10212');
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.player-stage video')?.readyState ?? 0) >= 2);
    const findings: Finding[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.locator('media-captions-menu-button').click();
      await page.locator('media-captions-menu [role="menuitemradio"]', { hasText: '한국어' }).click();
      findings.push(...(await blockingViolations(page, `player captions ${width}px`)));
      await page.locator('media-rendition-menu-button').click();
      await page.locator('media-rendition-menu [role="menuitemradio"]').first().waitFor();
      findings.push(...(await blockingViolations(page, `player quality menu ${width}px`)));
      await page.keyboard.press('Escape');
    }
    await context.close();
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  }, 60_000);
});
