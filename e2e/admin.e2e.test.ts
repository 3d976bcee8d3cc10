import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appUnderTest, confirmPopup, DEMO, newPage, popupText, signInLocal } from './support';

/** The console at /admin (issue 38): the guard, the refusal, a class from 초안 to the store, the instructor's limits, the audit trail. */
const app = appUnderTest();

const STAFF = {
  operator: { email: 'staff@demo.kr', name: '정운영' },
  instructor: { email: 'teacher@demo.kr', teacher: '한리포머 강사' },
} as const;
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 900;

/** Nothing on the page is wider than the window (no sideways scrolling on a phone). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A console page through its own navigation: the phone's menu opens first. */
async function openFromNav(page: Page, label: string) {
  if (isPhone(page)) await page.getByRole('button', { name: '메뉴' }).click();
  await page.getByRole('navigation', { name: '운영 콘솔 메뉴' }).getByRole('link', { name: label, exact: true }).click();
}

/** The lectures of the class page, top to bottom, by title. */
const lectureOrder = (page: Page) =>
  page.locator('[data-testid="admin-lecture"] .admin-lecture__title').evaluateAll((els) => els.map((e) => e.firstChild?.textContent?.trim()));

describe.each(WIDTHS)('the console at $width px', (viewport) => {
  it('sends a visitor to /login and brings the operator back to /admin; the navigation works', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, viewport);
    await page.goto('/admin');
    expect(await popupText(page)).toBe('로그인 후 이용해주세요.');
    await confirmPopup(page);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/admin');
    await page.locator(`.member-btn[data-email="${STAFF.operator.email}"]`).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: `${STAFF.operator.name}님, 안녕하세요` }).waitFor();
    // The console's own frame: not the store's header and footer.
    expect(await page.locator('.site-header, .site-footer').count()).toBe(0);
    expect(await page.locator('[data-layout="admin"]').count()).toBe(1);

    const menu = page.getByRole('navigation', { name: '운영 콘솔 메뉴' });
    if (isPhone(page)) {
      // A top bar whose menu opens and closes; the side navigation is a desktop thing.
      expect(await menu.isVisible()).toBe(false);
      await page.getByRole('button', { name: '메뉴' }).click();
      expect(await page.getByRole('button', { name: '닫기' }).getAttribute('aria-expanded')).toBe('true');
      expect(await menu.isVisible()).toBe(true);
      await page.getByRole('button', { name: '닫기' }).click();
      expect(await menu.isVisible()).toBe(false);
    } else {
      expect(await menu.isVisible()).toBe(true);
      expect((await menu.boundingBox())?.x).toBe(0);
    }
    // An operator has every area but the staff page (the owner's).
    if (isPhone(page)) await page.getByRole('button', { name: '메뉴' }).click();
    expect(await menu.locator('.admin-nav__list a').allTextContents()).toEqual(['콘솔 홈', '클래스', '문의 (Q&A)', '1:1 문의', '카테고리', '메인 배너', '공지사항', 'FAQ', '감사 기록', '주문', '매출', '메일 발송', '수료증', '포인트', '쿠폰', '회원', '회원 화면 보기']);
    if (isPhone(page)) await page.getByRole('button', { name: '닫기' }).click();

    for (const [label, path, ready] of [
      ['클래스', '/admin/classes', '[data-testid="admin-class-table"]'],
      ['문의 (Q&A)', '/admin/questions', '[data-testid="admin-question-list"]'],
      ['1:1 문의', '/admin/suggests', '[data-testid="admin-suggest-list"]'],
      ['공지사항', '/admin/notices', '[data-testid="admin-notice-table"]'],
      ['FAQ', '/admin/faqs', '.admin-faq-group'],
      ['감사 기록', '/admin/audit', '.admin-audit-filters'],
      ['주문', '/admin/orders', '[data-testid="admin-order-table"]'],
      ['매출', '/admin/sales', '[data-testid="admin-sales-report"]'],
      ['메일 발송', '/admin/mails', '.admin-mail-filters'],
      ['수료증', '/admin/certificates', '.admin-cert-filters'],
      ['포인트', '/admin/points', '.admin-points-filters'],
      ['쿠폰', '/admin/coupons', '.admin-coupon-filters'],
      ['회원', '/admin/members', '[data-testid="admin-members-table"]'],
    ] as const) {
      await openFromNav(page, label);
      await page.waitForURL((url) => url.pathname === path);
      await page.locator(ready).first().waitFor();
      expect(await overflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // An address below /admin that is no screen: said inside the console's frame, with the way home.
    await page.goto('/admin/nope');
    await page.getByTestId('admin-not-found').getByRole('heading', { name: '없는 페이지입니다.' }).waitFor();
    expect(await page.locator('[data-layout="admin"]').count()).toBe(1);
    await page.getByTestId('admin-not-found').getByRole('link', { name: '콘솔 홈으로' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: `${STAFF.operator.name}님, 안녕하세요` }).waitFor();
    await context.close();
  });

  it('refuses a member who is not staff with a plain page and a way back to the store', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, viewport);
    await signInLocal(page, DEMO.member.email);
    await page.goto('/admin');
    await page.getByRole('heading', { name: '운영진만 이용할 수 있습니다.' }).waitFor();
    expect(await page.locator('#admin-menu').count()).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: '스토어로 가기' }).click();
    await page.waitForURL('**/main');
    await context.close();
  });
});

describe('a class from 초안 to the store', () => {
  it('the operator creates it with a section and two lectures, marks 미리보기, reorders, publishes; the store finds it; the audit lists each step', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    const word = `콘솔시험${Date.now() % 100000}`;
    const title = `${word} 리포머 클래스`;
    await signInLocal(page, STAFF.operator.email);
    await page.goto('/admin/classes');
    await page.locator('[data-testid="admin-class-table"]').waitFor();
    await page.getByRole('link', { name: '새 클래스' }).click();
    await page.waitForURL('**/admin/classes/new');

    // The form's own checks, in Korean beside each field, before anything is sent.
    await page.getByLabel('정가 (원)').fill('50000');
    await page.getByLabel('할인가 (원)').fill('60000');
    await page.getByRole('button', { name: '클래스 만들기' }).click();
    expect(await page.locator('#class-title-error').textContent()).toBe('제목을 입력해주세요.');
    expect(await page.locator('#class-saleprice-error').textContent()).toBe('할인가는 정가보다 클 수 없습니다.');
    expect(await page.getByLabel('제목').evaluate((e) => e === document.activeElement)).toBe(true);

    await page.getByLabel('제목').fill(title);
    await page.getByLabel('요약').fill('콘솔에서 만든 클래스');
    await page.getByLabel('카테고리').selectOption('121');
    await page.getByLabel('강사').fill('최밸런스 강사');
    await page.getByLabel('할인가 (원)').fill('45,000');
    await page.getByLabel('수강 기간 (일)').fill('180');
    await page.getByLabel('난이도').fill('입문');
    await page.getByLabel('태그').fill('리포머, 콘솔');
    await page.getByLabel('소개 (HTML)').fill('<p>리포머를 <strong>처음</strong> 배웁니다.</p><script>alert(1)</script>');
    // The preview shows the HTML as the store will, without the script.
    const preview = page.getByRole('group', { name: '소개 미리보기' });
    await expect.poll(() => preview.locator('strong').textContent()).toBe('처음');
    expect(await preview.locator('script').count()).toBe(0);
    await page.getByRole('button', { name: '클래스 만들기' }).click();
    await page.waitForURL(/\/admin\/classes\/\d+$/);
    const contentsid = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(await page.getByTestId('class-state').textContent()).toContain('초안');

    // Unsaved changes ask before leaving; 취소 keeps the page.
    await page.getByLabel('요약').fill('바꾸는 중');
    await page.getByRole('link', { name: '목록으로' }).click();
    expect(await popupText(page)).toBe('저장하지 않은 변경 사항이 있습니다. 이 페이지를 떠날까요?');
    await page.locator('.swal2-cancel').click();
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/admin/classes/${contentsid}`);
    await page.getByLabel('요약').fill('콘솔에서 만든 클래스');

    // Curriculum: a section, two lectures without video yet.
    await page.getByLabel('새 섹션 이름').fill('1부 기초');
    await page.getByRole('button', { name: '섹션 추가' }).click();
    await page.getByTestId('admin-section').first().waitFor();
    for (const lecture of ['강의 하나', '강의 둘']) {
      await page.getByLabel('「1부 기초」에 추가할 강의 제목').fill(lecture);
      await page.getByRole('button', { name: '강의 추가' }).click();
      await page.locator('[data-testid="admin-lecture"]', { hasText: lecture }).waitFor();
    }
    expect(await lectureOrder(page)).toEqual(['강의 하나', '강의 둘']);
    expect(await page.locator('[data-testid="admin-lecture"]', { hasText: '강의 하나' }).textContent()).toContain('영상 없음');

    const previewOne = page.getByRole('button', { name: '「강의 하나」 미리보기' });
    await previewOne.click();
    await expect.poll(() => previewOne.getAttribute('aria-pressed')).toBe('true');
    await page.locator('[data-testid="admin-lecture"]', { hasText: '강의 하나' }).getByText('미리보기', { exact: true }).first().waitFor();

    // Reorder with the keyboard: 강의 둘 up; the focus stays with the moved lecture.
    await page.getByRole('button', { name: '「강의 둘」 강의를 위로' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => lectureOrder(page)).toEqual(['강의 둘', '강의 하나']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^「강의 둘」/);

    // 게시 now: the class can be published once it has a visible lecture.
    await page.getByRole('button', { name: '지금 게시' }).click();
    await page.getByText('게시했습니다. 스토어에 곧 보입니다.').waitFor();
    expect(await page.getByTestId('class-state').textContent()).toContain('게시');

    // The store finds it: search and its category's list.
    await expect
      .poll(
        async () => {
          await page.goto(`/search?schtext=${encodeURIComponent(word)}`);
          await page.locator('[data-testid="lecture-card"], .empty-state').first().waitFor();
          return page.locator('[data-testid="lecture-card"]', { hasText: title }).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    await expect
      .poll(
        async () => {
          await page.goto('/classList/121/1');
          await page.locator('[data-testid="lecture-card"]').first().waitFor();
          return page.locator('[data-testid="lecture-card"]', { hasText: title }).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);

    // The audit trail lists the operator's steps, newest first.
    await page.goto('/admin/audit');
    const rows = page.locator('[data-testid="admin-audit-table"] tbody tr');
    await rows.first().waitFor();
    const mine = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({ op: tr.querySelector('[data-label="작업"]')?.textContent, who: tr.querySelector('[data-label="작업자"]')?.textContent ?? '' })),
    );
    const ops = mine.filter((r) => r.who.includes(STAFF.operator.name)).map((r) => r.op);
    expect(ops.slice(0, 7)).toEqual(['클래스 상태 변경', '커리큘럼 순서 변경', '강의 수정', '강의 추가', '강의 추가', '섹션 추가', '클래스 생성']);
    await page.getByLabel('작업', { exact: true }).selectOption('createAdminClass');
    await expect.poll(async () => [...new Set(await rows.locator('[data-label="작업"]').allTextContents())]).toEqual(['클래스 생성']);
    expect(await rows.first().textContent()).toContain(title);
    await context.close();
  });
});

describe('the instructor', () => {
  it('sees only their own classes and gets the server refusal on another teacher’s class', async () => {
    const { context, page } = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    await signInLocal(page, STAFF.instructor.email);
    await page.goto('/admin/classes');
    const rows = page.locator('[data-testid="admin-class-table"] tbody tr');
    await rows.first().waitFor();
    const subs = await page.locator('[data-testid="admin-class-table"] td.admin-table__lead .admin-table__sub').allTextContents();
    expect(subs.length).toBeGreaterThan(0);
    for (const sub of subs) expect(sub).toContain(STAFF.instructor.teacher);
    expect(await page.getByRole('link', { name: '새 클래스' }).count()).toBe(0);
    await page.getByRole('button', { name: '메뉴' }).click();
    expect(await page.locator('#admin-menu .admin-nav__list a').allTextContents()).toEqual(['콘솔 홈', '클래스', '문의 (Q&A)']);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // 101 is taught by 최밸런스 강사: the server's refusal, as it says it.
    await page.goto('/admin/classes/101');
    await page.getByRole('alert').filter({ hasText: '담당하는 클래스만 관리할 수 있습니다.' }).waitFor();
    expect(await page.locator('form[aria-label="클래스 정보"]').count()).toBe(0);
    await context.close();
  });
});
