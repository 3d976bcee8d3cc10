import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, appUnderTest, signInLocal, DEMO } from './support';

const app = appUnderTest();

const isCall = (url: string, path: string) => new URL(url).pathname.startsWith(path);

describe('class list first paint', () => {
  it('a first visit shows the lectures and chips the server wrote into the page, with no call before the cards', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'fetch') calls.push(r.url());
    });
    await page.goto('/classList/111/1');
    await page.locator('[data-testid="lecture-card"]').first().waitFor();
    await page.locator('.chip-list .chip').first().waitFor();
    // What the page shows is what the operation answers for the same request.
    const answer = await page.request.post('/api/Contents/GetOnlineLectures/', {
      headers: { 'X-Storefront-Client': 'web/1.0' },
      data: { page: 1, pageSize: 12, isonlybranch: true, categoryid: 111, pcategoryid: 1, sortType: 'recent' },
    });
    const titles = ((await answer.json()) as { datas: { list: { title: string }[] } }).datas.list.map((l) => l.title);
    expect(await page.locator('[data-testid="lecture-card"] h3').allTextContents()).toEqual(titles);
    expect(calls.filter((u) => isCall(u, '/api/Contents/GetOnlineLectures/') || isCall(u, '/api/Category/GetList/'))).toEqual([]);
    // The written data serves that one request only: another sort asks the server.
    const sorted = page.waitForRequest(
      (r) => isCall(r.url(), '/api/Contents/GetOnlineLectures/') && (r.postData() ?? '').includes('pricelow'),
    );
    await page.getByLabel('정렬').selectOption('pricelow');
    await sorted;
    expect(await page.locator('#first-paint-data').count()).toBe(0);
    await context.close();
  });
});

describe('class view first paint', () => {
  it("a visitor's first visit shows the summary from the record written into the page, with no detail call; a member's asks for their own", async () => {
    const { context, page } = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    const calls: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'fetch') calls.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/classView/121');
    await page.locator('.class-summary__title').waitFor();
    const answer = await page.request.get('/api/Contents/GetOnlineDetail/121/0', { headers: { 'X-Storefront-Client': 'web/1.0' } });
    const record = ((await answer.json()) as { datas: { title: string; thumbnail: string } }).datas;
    expect(await page.locator('.class-summary__title').textContent()).toBe(record.title);
    expect(await page.locator('.class-summary__thumb img').getAttribute('src')).toBe(record.thumbnail);
    expect(calls.filter((u) => isCall(u, '/api/Contents/GetOnlineDetail/'))).toEqual([]);
    expect(await page.locator('#first-paint-data').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    // The page carries the visitor's record only: the demo member, who owns class 121, gets theirs from the API.
    const member = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    await signInLocal(member.page, DEMO.member.email);
    const own = member.page.waitForRequest((r) => isCall(r.url(), `/api/Contents/GetOnlineDetail/121/${DEMO.member.useruid}`));
    await member.page.goto('/classView/121');
    await own;
    await member.page.getByRole('link', { name: '바로 수강하기' }).waitFor();
    await member.context.close();
  });
});

/** Visitor pages whose largest paint is in the document: their address and that image as the app renders it. */
const PICTURED = [
  { path: '/main', image: '.hero__slide img' },
  { path: '/classList/111/1', image: '.lecture-card__thumb img' },
  { path: '/classView/121', image: '.class-summary__thumb img' },
  { path: `/search?schtext=${encodeURIComponent('매트')}`, image: '.lecture-card__thumb img' },
] as const;

describe('first paint before the stylesheets and scripts', () => {
  /** Whether the image is among the largest paints so far (a title may come a frame before it). */
  const painted = (page: Page, image: string) =>
    page.evaluate(
      (sel) =>
        new Promise<boolean>((resolve) => {
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            resolve(list.getEntries().some((e) => (e as PerformanceEntry & { element?: Element }).element === document.querySelector(sel)));
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(false), 500);
        }),
      image,
    );

  it.each(PICTURED.flatMap((p) => [390, 1280].map((width) => ({ ...p, width }))))(
    '$path at $width px: the largest image paints with no stylesheet or script in, in the box the app then renders it',
    async ({ path, image, width }) => {
      const viewport = { width, height: 900 };
      const held = await newPage(app.browser, app.server.url, viewport);
      // Stylesheets and scripts that never arrive: what paints is the page's own markup and inline rules.
      const requested: string[] = [];
      await held.page.route(/\.(css|js)(\?|$)/, (route) => {
        requested.push(new URL(route.request().url()).pathname);
      });
      await held.page.goto(path, { waitUntil: 'commit' });
      await held.page.waitForFunction((sel) => document.querySelector<HTMLImageElement>(sel)?.complete, image);
      await expect.poll(() => painted(held.page, image), { timeout: 10_000 }).toBe(true);
      expect(requested.some((p) => p.endsWith('.css'))).toBe(true);
      const staticBox = await held.page.locator(image).first().boundingBox();
      await held.context.close();

      const { context, page } = await newPage(app.browser, app.server.url, viewport);
      await page.goto(path);
      await page.locator('#main').waitFor();
      const renderedBox = await page.locator(image).first().boundingBox();
      expect(staticBox).not.toBeNull();
      expect(renderedBox).toEqual(staticBox);
      await context.close();
    },
  );

  it.each(PICTURED)("$path: the app's scripts are asked for only after the largest image has painted", async ({ path, image }) => {
    const { context, page } = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    const order: string[] = [];
    page.on('requestfinished', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/media/')) order.push(`image ${url.pathname}`);
    });
    page.on('request', (r) => {
      if (r.resourceType() === 'script') order.push('script');
    });
    await page.goto(path);
    await page.locator('#main').waitFor();
    const firstScript = order.indexOf('script');
    expect(firstScript).toBeGreaterThan(0);
    // Every image of the picture had its answer before the first script was asked for.
    const pictured = await page.evaluate((sel) => new URL(document.querySelector<HTMLImageElement>(sel)!.currentSrc).pathname, image);
    expect(order.slice(0, firstScript)).toContain(`image ${pictured}`);
    await context.close();
  });

  it('a press before the largest image has come lets the scripts go at once, and a link in the picture works', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    // The thumbnails never come: the hold would wait its 1.5 s.
    await page.route(/\/media\/thumbs\//, () => {});
    let scriptAsked = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'script' && !scriptAsked) scriptAsked = Date.now();
    });
    await page.goto('/classList/111/1', { waitUntil: 'domcontentloaded' });
    await page.waitForTimeout(200);
    expect(scriptAsked).toBe(0);
    const pressed = Date.now();
    await page.mouse.move(5, 300);
    await page.mouse.down();
    await page.mouse.up();
    await expect.poll(() => scriptAsked, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(scriptAsked - pressed).toBeLessThan(1_000);
    await context.close();

    // A tap on a card of the picture, scripts held forever, is a plain link: the class view opens.
    const held = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    await held.page.route(/\.js(\?|$)/, () => {});
    await held.page.goto('/classList/111/1', { waitUntil: 'commit' });
    await held.page.locator('.lecture-card__link').first().click();
    await held.page.waitForURL(/\/classView\/\d+$/);
    await held.context.close();
  });
});

describe('hero banners', () => {
  it('the first banner lands on a class list that has classes', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/main');
    await page.locator('.hero a').first().click();
    await page.waitForURL(/\/classList\/\d+\/\d+$/);
    await page.locator('[data-testid="lecture-card"]').first().waitFor();
    expect(await page.locator('.empty-state').count()).toBe(0);
    await context.close();
  });
});

describe('business details', () => {
  it('the footer, the company page and the branch card agree', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/company');
    const business = page.getByTestId('business-info');
    await business.waitFor();
    const row = (label: string) =>
      business.locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
    const company = await row('상호').textContent();
    const phone = (await row('고객센터').textContent())!.split(' · ')[0]!;
    const businessNo = await row('사업자등록번호').textContent();
    // The footer may load as it nears the viewport.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footer = page.getByTestId('site-footer');
    await footer.waitFor();
    await expect.poll(() => footer.locator('.site-footer__phone').textContent()).toBe(phone);
    expect(await footer.locator('.site-footer__company').textContent()).toContain(`사업자등록번호 ${businessNo}`);
    expect(await footer.locator('.site-footer__company strong').textContent()).toBe(company);
    expect(await page.getByTestId('branch-card').first().textContent()).toContain(phone);
    expect(`${company} ${phone} ${businessNo}`).not.toMatch(/홍길동|000-00-00000|02-000-0000/);
    await context.close();
  });
});
