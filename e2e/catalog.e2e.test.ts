import { writeFileSync, mkdtempSync, readFileSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appUnderTest, confirmPopup, DEMO, newPage, popupText, ROOT, signedInPage } from './support';

const app = appUnderTest();

describe('catalog journey of a visitor', () => {
  it('main → category menu → class list → class view → search', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/main');
    const hero = page.locator('.hero img').first();
    await hero.waitFor({ state: 'attached' });
    expect(await hero.getAttribute('fetchpriority')).toBe('high');
    expect(await hero.getAttribute('loading')).toBe('eager');
    expect(await hero.getAttribute('width')).toBeTruthy();

    await page.locator('.site-header a[href="/classList/1/1"]').first().click();
    await page.waitForURL('**/classList/1/1');
    await page.locator('[data-testid="lecture-card"]').first().waitFor();
    expect(await page.locator('.breadcrumb').textContent()).toContain('필라테스');

    // The list re-renders once the sorted page arrives: wait for it, then expect its first lecture on top.
    const sorted = page.waitForResponse(
      (r) => r.url().includes('/api/Contents/GetOnlineLectures/') && (r.request().postData() ?? '').includes('pricelow'),
    );
    await page.getByLabel('정렬').selectOption('pricelow');
    await page.waitForURL(/sort=pricelow/);
    const cheapest = ((await (await sorted).json()) as { datas: { list: { title: string }[] } }).datas.list[0]!.title;

    const first = page.locator('[data-testid="lecture-card"] h3').first();
    await expect.poll(() => first.textContent()).toBe(cheapest);
    const title = cheapest;
    await first.click();
    await page.waitForURL(/\/classView\/\d+/);
    await expect.poll(() => page.locator('.class-summary__title').textContent()).toBe(title);
    expect(await page.locator('.price').first().textContent()).toMatch(/원|무료/);
    await page.locator('#curriculum').scrollIntoViewIfNeeded();
    await page.locator('#curriculum .curriculum__section').first().waitFor();
    // Ratings render when they near the viewport.
    await page.locator('#ratings').scrollIntoViewIfNeeded();
    await page.locator('#ratings .star-summary').waitFor();

    // The cheapest class may be free: its action is 수강 신청 instead of 장바구니, and a visitor hears the same notice.
    await page.getByRole('button', { name: /^(장바구니|수강 신청)$/ }).first().click();
    expect(await popupText(page)).toBe('로그인 후 이용해주세요.');
    await confirmPopup(page);
    await page.waitForURL((url) => url.pathname === '/login');

    await page.goto('/search?schtext=' + encodeURIComponent('리포머'));
    await page.locator('[data-testid="lecture-card"]').first().waitFor();
    expect(await page.locator('h1').textContent()).toContain('리포머');
    // A page past the matches (an old link, or past the 1,000 a search reaches) says so and offers the first page.
    await page.goto('/search?schtext=' + encodeURIComponent('리포머') + '&page=90');
    await page.getByText('이 페이지에는 검색 결과가 없습니다.').waitFor();
    expect(await page.locator('[data-testid="lecture-card"]').count()).toBe(0);
    await page.getByRole('button', { name: '첫 페이지로' }).click();
    await page.locator('[data-testid="lecture-card"]').first().waitFor();
    expect(new URL(page.url()).searchParams.get('page') ?? '1').toBe('1');
    await page.goto('/search?schtext=zzzz');
    expect(await page.locator('.empty-state').textContent()).toContain('검색 결과가 없습니다');
    // A number typed into the address is still a search text, not an error page.
    await page.goto('/search?schtext=2024');
    await expect.poll(() => page.locator('h1').textContent()).toContain('2024');
    await context.close();
  });

  it('notices → notice view, with the body sanitised', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    await page.goto('/notice');
    const link = page.locator('[data-testid="notice-list"] a').first();
    const title = (await link.textContent()) ?? '';
    await link.click();
    await page.waitForURL(/\/noticeView\/\d+/);
    expect(await page.locator('.board-view__title').textContent()).toBe(title);
    expect(await page.locator('.board-view__body script').count()).toBe(0);
    await page.getByRole('link', { name: '목록으로' }).click();
    await page.waitForURL('**/notice');
    await context.close();
  });

  it('FAQ opens an answer; visitors are asked to sign in for 1:1 문의', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/q&a');
    const faq = page.locator('.faq').first();
    await faq.locator('summary').click();
    expect(await faq.locator('.faq__answer').isVisible()).toBe(true);
    await page.getByRole('tab', { name: '1:1 문의' }).click();
    expect(await page.locator('.empty-state').textContent()).toContain('로그인 후 1:1 문의');
    await context.close();
  });

  it('a search for 리포머 shows a reformer class first, at 390 and 1280 px (issue 42, finding 8)', async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(app.browser, app.server.url, { width, height: 844 });
      await page.goto('/search?schtext=' + encodeURIComponent('리포머'));
      const titles = page.locator('[data-testid="lecture-card"] h3');
      await titles.first().waitFor();
      // The teacher 한리포머 강사 teaches six more classes: they follow the three named for the word.
      expect((await titles.allTextContents()).slice(0, 3).map((t) => t.includes('리포머'))).toEqual([true, true, true]);
      await page.goto('/search?schtext=' + encodeURIComponent('ㄹㅍㅁ'));
      await page.getByText('‘ㄹㅍㅁ’ 검색 결과').waitFor();
      await titles.first().waitFor();
      expect(await titles.first().textContent()).toContain('리포머');
      await context.close();
    }
  });
});

describe('suggestions of a member', () => {
  it('at 390 px the 1:1 form names the file limit before anything is sent, and a file over it is said when chosen (issue 42)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suggest-big-'));
    const big = join(dir, '촬영본.mov');
    writeFileSync(big, '');
    truncateSync(big, 10 * 1024 * 1024 + 1);
    const small = join(dir, '메모.txt');
    writeFileSync(small, '메모');
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email, { viewport: { width: 390, height: 844 } });
    await page.goto('/q&a?tab=suggest');
    await page.getByRole('button', { name: '문의하기' }).click();
    const form = page.getByRole('form', { name: '문의 작성' });
    expect(await form.locator('#suggest-files-hint').textContent()).toBe('파일은 5개까지, 한 파일에 10MB까지 첨부할 수 있습니다.');
    await form.locator('input[type="file"]').setInputFiles(big);
    await expect.poll(() => form.locator('.field-error').allTextContents()).toEqual(['「촬영본.mov」은(는) 10MB를 넘어 첨부할 수 없습니다.']);
    await form.locator('input[type="file"]').setInputFiles(small);
    await expect.poll(() => form.locator('.field-error').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('writes a suggestion with an attachment, views it and deletes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suggest-'));
    const file = join(dir, '증상기록.txt');
    writeFileSync(file, '허리 통증 기록\n'.repeat(200));
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email);
    await page.goto('/q&a?tab=suggest');
    await page.getByRole('button', { name: '문의하기' }).click();
    // Sent empty: Korean messages beside each field (no browser bubble: the form is noValidate), focus on the first.
    const form = page.getByRole('form', { name: '문의 작성' });
    expect(await form.getAttribute('novalidate')).not.toBeNull();
    await form.getByRole('button', { name: '문의 등록' }).click();
    await expect.poll(() => form.locator('.field-error').allTextContents()).toEqual([
      '문의 유형을 선택해주세요.',
      '제목을 입력해주세요.',
      '내용을 입력해주세요.',
    ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('suggesttype');
    expect(await form.locator('input[name="title"]').getAttribute('aria-describedby')).toBe('suggest-title-error');
    // The file picker: a labelled button reached by Tab, and the chosen file's name beside it.
    await form.locator('textarea[name="content"]').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
    expect(await form.getByLabel(/첨부파일/).count()).toBe(1);
    expect(await form.locator('.file-picker__chosen').textContent()).toBe('선택된 파일 없음');
    await page.locator('select[name="suggesttype"]').selectOption({ index: 1 });
    await page.locator('input[name="title"]').fill('수강 기간 문의드립니다');
    await page.locator('textarea[name="content"]').fill('출장으로 수강을 못 했습니다. 연장 가능할까요?');
    // Issue 42: each message went as its field was filled in, before sending again.
    await expect.poll(() => form.locator('.field-error').count()).toBe(0);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    await page.locator('input[type="file"]').setInputFiles(file);
    expect(await form.locator('.file-picker__chosen').textContent()).toBe('증상기록.txt');
    await page.getByRole('button', { name: '문의 등록' }).click();
    expect(await popupText(page)).toBe('문의가 등록되었습니다.');
    await confirmPopup(page);
    const view = page.locator('[data-testid="suggest-view"]');
    await view.waitFor();
    expect(await view.locator('h3').textContent()).toBe('수강 기간 문의드립니다');
    expect(await view.getByRole('link', { name: /증상기록\.txt/ }).count()).toBe(1);
    // A secret suggestion's file is its author's: the link is signed, and works as a plain link.
    const href = (await view.getByRole('link', { name: /증상기록\.txt/ }).getAttribute('href')) ?? '';
    expect(href).toMatch(/&expires=\d+&signature=/);
    expect((await context.request.get(new URL(href, app.server.url).toString())).status()).toBe(200);

    // Back in the list, the suggestion carries the attachment mark.
    await view.getByRole('button', { name: '목록' }).click();
    const item = page.getByTestId('suggest-list').locator('li', { hasText: '수강 기간 문의드립니다' });
    await item.getByRole('img', { name: '첨부파일 있음' }).waitFor();
    await item.getByRole('button').click();
    await view.waitFor();

    await view.getByRole('button', { name: '삭제' }).click();
    expect(await popupText(page)).toBe('문의를 삭제하시겠습니까?');
    await page.locator('.swal2-confirm', { hasText: '확인' }).click();
    await expect.poll(() => page.locator('.swal2-html-container').textContent()).toBe('문의가 삭제되었습니다.');
    await confirmPopup(page);
    await page.getByRole('button', { name: '문의하기' }).waitFor();
    expect(await page.getByText('수강 기간 문의드립니다').count()).toBe(0);
    await context.close();
  });
});

describe('/main', () => {
  it('has one new-classes section and says each review once', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await page.goto('/main');
    await page.locator('[data-testid="lecture-card"]').first().waitFor();
    for (let y = 0; y < 8; y += 1) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(100);
    }
    await page.locator('.review-card').first().waitFor();
    const headings = await page.locator('h2.section__title').allTextContents();
    expect(headings.filter((h) => /새로|신규/.test(h)), headings.join(' / ')).toEqual(['새로 열린 클래스']);
    const reviews = await page.locator('.review-card__content').allTextContents();
    expect(reviews.length).toBeGreaterThan(1);
    expect(new Set(reviews).size).toBe(reviews.length);
    await context.close();
  });
});

describe('the mobile buy bar', () => {
  it('on a phone, once the summary scrolls away, price and buttons wait above the mobile bar; never on a wide screen', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    await page.goto('/classView/113');
    await page.locator('.class-summary__title').waitFor();
    const bar = page.getByTestId('mobile-buy-bar');
    await bar.waitFor({ state: 'attached' });
    expect(await bar.isVisible()).toBe(false);
    const shifts = await page.evaluateHandle(() => {
      // Shifts of the bar's own box, or of the summary above it (a bar in the flow would push the page).
      type Shift = { value: number; sources: { node?: Node | null }[] };
      const seen: number[] = [];
      new PerformanceObserver((list) =>
        (list.getEntries() as unknown as Shift[]).forEach((e) => {
          const byBar = e.sources.some((s) => s.node instanceof Element && !!s.node.closest('.mobile-buy-bar, .class-summary'));
          if (byBar) seen.push(e.value);
        }),
      ).observe({ type: 'layout-shift' });
      return seen;
    });
    await page.locator('#intro').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 900);
    await expect.poll(() => bar.isVisible()).toBe(true);
    // It slides up in 0.2 s: visible from its first frame, in place only once the slide has ended.
    await bar.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(await bar.locator('.price').textContent()).toMatch(/원/);
    const [barBox, mobileBarBox] = [await bar.boundingBox(), await page.getByTestId('mobile-bar').boundingBox()];
    expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(mobileBarBox!.y + 1);
    expect(await page.evaluate((list) => list.reduce((a, b) => a + b, 0), shifts)).toBeLessThan(0.01);
    // Its 장바구니 is the summary's: a visitor hears the same notice.
    await bar.getByRole('button', { name: '장바구니', exact: true }).click();
    expect(await popupText(page)).toBe('로그인 후 이용해주세요.');
    await confirmPopup(page);
    await page.waitForURL((url) => url.pathname === '/login');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/classView/113');
    await page.locator('.class-summary__title').waitFor();
    await page.mouse.wheel(0, 1600);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('mobile-buy-bar').isVisible()).toBe(false);
    await context.close();
  });
});

describe('deep links', () => {
  it('a class view opened from a link comes with its screen code preloaded and renders', async () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    const screen = manifest['src/routes/_b/classView.$contentsid.tsx?tsr-split=component---loader'];
    const html = await (await fetch(`${app.server.url}/classView/127`)).text();
    // The page paints its thumbnail first: its scripts and preloads are listed for the hold (server/http/heldScripts.ts),
    // which adds them once the thumbnail has painted.
    const held = JSON.parse(/<script type="application\/json" id="held-scripts">(.*?)<\/script>/.exec(html)![1]!) as [string, string][];
    expect(held).toContainEqual(['modulepreload', `/${screen!.file}`]);
    expect(html.indexOf(`/${screen!.file}`)).toBe(html.lastIndexOf(`/${screen!.file}`));

    const { context, page } = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    await page.goto('/classView/127');
    await expect.poll(() => page.locator('.class-summary__title').textContent()).toMatch(/\S/);
    expect(await page.locator('.price').first().textContent()).toMatch(/원|무료/);
    await context.close();
  });
});
