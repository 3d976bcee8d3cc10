/**
 * Screenshots of the quiz (before 시작, a failed result) and of the sign-out after leaving elsewhere, at 390 px and
 * 1280 px, into /tmp/shots-quiz/. Usage: npx tsx scripts/screenshots-quiz.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { quizQuestions } from '../server/db/seed-data';
import { newPage, signInLocal, withAppAndBrowser, DEMO } from '../e2e/support';

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots-quiz';
const WRONG = quizQuestions.map(([, , answer]) => (answer + 1) % 4);

async function main() {
  mkdirSync(OUT, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, server.url, { width, height: width < 600 ? 844 : 800 });
      await signInLocal(page, width === 390 ? DEMO.member.email : DEMO.newMember.email);
      if (width === 390) {
        await page.goto('/myclassProgress/101');
        await page.getByRole('button', { name: '시작', exact: true }).waitFor();
        await page.screenshot({ path: `${OUT}/quiz-start-${width}.png`, fullPage: true });
        await page.getByRole('button', { name: '시작', exact: true }).click();
        const questions = page.locator('.quiz__question');
        await questions.first().waitFor();
        for (const [i, choice] of WRONG.entries()) await questions.nth(i).getByRole('radio').nth(choice).check();
        await page.getByRole('button', { name: '제출하기' }).click();
        await page.getByText('아쉽지만 불합격입니다.').waitFor();
        await page.locator('.quiz__box--fail').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${OUT}/quiz-failed-${width}.png` });
      }
      // Leaving from another device: this tab's next member call signs out with the expiry message.
      const token = (await context.cookies()).find((c) => c.name === 'pilates_accessToken')?.value;
      const useruid = width === 390 ? DEMO.member.useruid : DEMO.newMember.useruid;
      await page.goto('/classView/109');
      const addToCart = page.getByRole('button', { name: '장바구니', exact: true });
      await addToCart.waitFor();
      await fetch(`${server.url}/api/LeaveUser`, {
        method: 'POST',
        headers: { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ useruid }),
      });
      await addToCart.click();
      await page.locator('.swal2-popup').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${OUT}/signed-out-${width}.png` });
      await context.close();
    }
  });
}

await main();
