import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { quizQuestions } from '../server/db/seed-data';
import { certificateRuleText } from '../rules/certificate';
import { DEMO, newPage, signInLocal, appUnderTest } from './support';

const app = appUnderTest();
// The seed's answer key (the browser never receives it; the test knows it to pass on purpose).
const KEY = quizQuestions.map(([, , answer]) => answer);
const LECTURE = 101;

/** Pages in a Chromium PDF: one `/Type /Page` object per page (`/Pages` is the tree). */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

describe('quiz and certificate journey of the demo member', () => {
  it('시작 opens the questions, a failed attempt names no question, a pass waits for the last video → certificate printed and verified', async () => {
    const { context, page } = await newPage(app.browser, app.server.url);
    await signInLocal(page, DEMO.member.email);
    await page.goto(`/myclassProgress/${LECTURE}`);
    // The progress page states the certificate rule in the words the FAQ, the terms and the certificate use.
    expect(await page.locator('.class-progress__rule').textContent()).toBe(`수료 기준: ${certificateRuleText()}`);
    // A timed quiz waits for 시작: its terms, no question and no clock before it.
    const start = page.getByRole('button', { name: '시작', exact: true });
    await start.waitFor();
    const terms = await page.locator('.quiz__terms').textContent();
    expect(terms).toContain('제한 시간 20분');
    expect(terms).toContain('하루 3회까지 응시 (오늘 남은 횟수 3회, 한국 시간 0시 기준)');
    const questions = page.locator('.quiz__question');
    expect(await questions.count()).toBe(0);
    expect(await page.getByRole('timer').count()).toBe(0);
    await start.click();
    await questions.first().waitFor();
    expect(await questions.count()).toBe(KEY.length);
    await expect.poll(() => page.getByRole('timer').textContent()).toMatch(/남은 시간 (20:00|19:\d\d)/);

    // A wrong first answer, saved as a draft, survives a reload.
    const wrong = KEY.map((k) => (k + 1) % 4);
    await questions.nth(0).getByRole('radio').nth(wrong[0]!).check();
    await expect.poll(() => page.locator('.quiz__status').textContent()).toBe('답안이 임시 저장되었습니다.');
    await page.reload();
    await questions.first().waitFor();
    expect(await questions.nth(0).getByRole('radio').nth(wrong[0]!).isChecked()).toBe(true);
    expect(await page.locator('.quiz__status').textContent()).toBe('이어서 풀기: 저장된 답안을 불러왔습니다.');

    // Submitting with questions open says how many are left.
    await page.getByRole('button', { name: '제출하기' }).click();
    expect(await page.getByRole('alert').first().textContent()).toBe(`모든 문항에 답해주세요. (${KEY.length - 1}문항 남음)`);
    for (const [i, choice] of wrong.entries()) await questions.nth(i).getByRole('radio').nth(choice).check();
    await page.getByRole('button', { name: '제출하기' }).click();
    await page.getByText('아쉽지만 불합격입니다.').waitFor();
    expect(await page.locator('.quiz__score').textContent()).toBe('점수 0점 (합격 기준 60점)');
    // The score and how many were right, never which.
    const failedBox = (await page.locator('.quiz__box--fail').textContent())!;
    expect(failedBox).toContain(`${KEY.length}문항 중 0문항 정답`);
    expect(failedBox).toContain('어느 문항이 틀렸는지는 알려드리지 않습니다.');
    expect(failedBox).not.toMatch(/틀린 문항|\d+번/);
    expect(failedBox).toContain('오늘 남은 응시 횟수 2회 (하루 3회)');

    await page.getByRole('button', { name: '다시 응시하기' }).click();
    await start.waitFor();
    expect(await page.locator('.quiz__terms').textContent()).toContain('오늘 남은 횟수 2회');
    await start.click();
    await questions.first().waitFor();
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
    for (const [i, choice] of KEY.entries()) await questions.nth(i).getByRole('radio').nth(choice).check();
    await page.getByRole('button', { name: '제출하기' }).click();
    // Half of the class is watched: passed, and the certificate waits for the other half.
    await page.getByText('합격입니다! 남은 영상을 모두 시청하면 수료증이 발급됩니다.').waitFor();
    expect(await page.locator('.quiz__score').textContent()).toBe('점수 100점 (합격 기준 60점)');
    await page.goto('/myCertificates');
    await page.locator('.certs__item').first().waitFor();
    expect(await page.locator(`a[href="/myCertificatesPrint/${LECTURE}"]`).count()).toBe(0);

    // The other videos completed on the server (watching them is the player's journey): the certificate is issued.
    await sql`update progress set completed = true where useruid = ${DEMO.member.useruid} and contentsid = ${LECTURE}`.execute(
      app.server.db,
    );
    await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at)
      select ${DEMO.member.useruid}, contentsid, videoid, duration_sec, duration_sec, true, '2026-01-01 10:00:00' from videos
      where contentsid = ${LECTURE} on conflict (useruid, contentsid, videoid) do update set completed = true`.execute(
      app.server.db,
    );
    await page.reload();
    const item = page
      .locator('.certs__item', { hasText: '매트 필라테스' })
      .filter({ has: page.locator(`a[href="/myCertificatesPrint/${LECTURE}"]`) });
    await item.waitFor();
    const title = (await item.locator('.certs__class').textContent())!;
    const number = (await item.locator('.certs__no').textContent())!;
    expect(number).toMatch(/^KPRA-[0-9A-Z]{10}$/);

    // An order opened and printed earlier in the same visit leaves its print rule in the document (issue 42: the
    // certificate then printed blank). Through the app's own links, so the page is never reloaded.
    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    await page.getByTestId('side-menu').getByRole('link', { name: '결제내역 조회' }).click();
    await page.getByRole('link', { name: /상세보기/ }).first().click();
    await page.getByTestId('payment-detail').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('payment-detail').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    await page.getByTestId('side-menu').getByRole('link', { name: '수료증 발급' }).click();
    await item.waitFor();

    // The print page, printed to PDF by Chromium: exactly one A4 page with the member's name and the class title.
    await item.getByRole('link', { name: `${title} 수료증 출력` }).click();
    await page.waitForURL(`**/myCertificatesPrint/${LECTURE}`);
    const certificate = page.locator('.certificate');
    await certificate.waitFor();
    expect(await certificate.locator('.certificate__name').textContent()).toBe(DEMO.member.name);
    expect(await certificate.textContent()).toContain(title);
    expect(await certificate.textContent()).toContain(number);
    // The learning time of the class's videos (1,380 s), not "0.4시간"; and the rule it was issued under.
    expect(await certificate.locator('dd').nth(3).textContent()).toBe('23분');
    expect(await certificate.locator('.certificate__rule').textContent()).toBe(`이수 기준: ${certificateRuleText()}`);
    // The frame lies inside its backdrop, at a phone's width as at a desktop's (issue 26: it ran past the right edge).
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const [frame, backdrop] = await Promise.all([certificate.boundingBox(), page.locator('.cert-print').boundingBox()]);
      expect(frame!.x, `${width}px`).toBeGreaterThanOrEqual(backdrop!.x);
      expect(frame!.x + frame!.width, `${width}px`).toBeLessThanOrEqual(backdrop!.x + backdrop!.width);
      expect(frame!.y + frame!.height, `${width}px`).toBeLessThanOrEqual(backdrop!.y + backdrop!.height);
    }
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pageCount(pdf)).toBe(1);
    const size = pdf.toString('latin1').match(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/);
    expect([Math.round(Number(size![1])), Math.round(Number(size![2]))]).toEqual([595, 842]); // A4 portrait in points
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.cert-print__tools').isVisible()).toBe(false);
    expect(await certificate.locator('.certificate__name').isVisible()).toBe(true);
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: '/tmp/shots-quiz/print-emulation.png', fullPage: true });
    await context.close();

    // Anyone can check the number: the name masked; an unknown number says so.
    const visitor = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    await visitor.page.goto(`/certificate/${number}`);
    await visitor.page.getByText('정상 발급된 수료증입니다.').waitFor();
    const shown = await visitor.page.locator('.cert-verify__result').textContent();
    expect(shown).toContain('김*라');
    expect(shown).toContain(title);
    expect(shown).not.toContain(DEMO.member.name);
    await visitor.page.goto('/certificate/KPRA-0000000000');
    await expect
      .poll(() => visitor.page.getByRole('alert').textContent())
      .toBe('확인할 수 없는 수료증 번호입니다. 번호를 다시 확인해주세요.');
    await visitor.context.close();
  });
});
