import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { DEMO, newPage, signInLocal, appUnderTest } from './support';

const app = appUnderTest();

/**
 * Collects every Content-Security-Policy violation the built app causes, on every page of the context:
 * the listener is installed before any page script runs and reports through a binding that survives
 * navigations; Chromium's own console line is a second witness (it also covers blocked inline scripts).
 */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, line: string) => void seen.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      report(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`,
      );
    });
  });
  context.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  return seen;
}

describe('Content-Security-Policy of the built app', () => {
  it('a visitor and a member go through the store with no violation', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    const violations = await watchViolations(context);

    const first = await page.goto('/main');
    const csp = first!.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(first!.headers()['x-content-type-options']).toBe('nosniff');
    await page.locator('.hero img').first().waitFor({ state: 'visible' });
    await page.locator('[data-testid="lecture-card"]').first().waitFor();

    await page.locator('.site-header a[href="/classList/1/1"]').first().click();
    await page.waitForURL('**/classList/1/1');
    await page.locator('[data-testid="lecture-card"] h3').first().click();
    await page.waitForURL(/\/classView\/\d+/);
    await page.locator('.class-summary__title').waitFor();
    await page.locator('#ratings').scrollIntoViewIfNeeded();
    await page.locator('#ratings .star-summary').waitFor();

    // A deep link (server-added preloads) and a board page with sanitised HTML.
    await page.goto('/classView/101');
    await page.locator('.class-summary__title').waitFor();
    await page.goto('/notice');
    await page.locator('[data-testid="notice-list"] a').first().click();
    await page.waitForURL(/\/noticeView\/\d+/);
    await page.locator('.board-view__title').waitFor();

    // Sign-in loads the identity runtime, supabase-js (users table) and the popup library.
    await signInLocal(page, DEMO.member.email);
    await page.goto('/myclass');
    await page.locator('h1').first().waitFor();
    await page.goto('/mycart');
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');

    expect(violations).toEqual([]);

    // The watcher itself works: an injected inline script is blocked, does not run, and is reported.
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.append(s);
    });
    await expect.poll(() => violations.some((v) => v.startsWith('script-src'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await context.close();
  });

  it('the page cannot be framed by another site', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    const blocked: string[] = [];
    page.on('console', (msg) => void blocked.push(msg.text()));
    // A page of another origin (about:blank's opaque origin) framing the store.
    await page.setContent(`<iframe id="f" src="${app.server.url}/main"></iframe>`);
    await expect.poll(() => blocked.some((t) => /frame-ancestors|Refused to display/i.test(t))).toBe(true);
    await context.close();
  });
});
