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
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
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
