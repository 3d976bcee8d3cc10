/**
 * Screenshots of the live sign-in (the app built with the Supabase variables, against fakes/live-local.ts): Kakao's
 * and Naver's consent pages and the signed-in result, at 390 px and 1280 px, into screenshots/live-signin-*.png.
 * Usage: npx tsx scripts/screenshots-live-signin.ts   (builds dist-live unless LIVE_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildLiveApp, startLiveLocal } from '../fakes/live-local';
import { launchBrowser, newPage, ROOT } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');

async function main() {
  mkdirSync(OUT, { recursive: true });
  if (process.env.LIVE_NO_BUILD !== '1') buildLiveApp('dist-live');
  const live = await startLiveLocal({ distDir: join(ROOT, 'dist-live'), appPort: 0, smtpPort: 0, mailPort: 0, quiet: true });
  const browser = await launchBrowser();
  try {
    for (const width of [390, 1280]) {
      for (const provider of ['kakao', 'naver'] as const) {
        const email = `${provider}-${width}@live.kr`;
        const name = provider === 'kakao' ? '김카카오' : '이네이버';
        const { context, page } = await newPage(browser, live.appUrl, { width, height: width < 600 ? 844 : 800 });
        // A member with a phone, so the signed-in page is not covered by the phone-number notice.
        await page.goto('/login');
        await page.getByRole('button', { name: provider === 'kakao' ? '카카오 로그인' : '네이버 로그인' }).click();
        await page.waitForURL(`**/fake/${provider}/**`);
        await page.locator(`#${provider}-email`).fill(email);
        await page.locator(provider === 'kakao' ? '#kakao-nickname' : '#naver-name').fill(name);
        await page.screenshot({ path: join(OUT, `live-signin-${provider}-consent-${width}.png`), fullPage: true });
        await page.getByRole('button', { name: provider === 'kakao' ? '동의하고 계속하기' : '동의하기' }).click();
        await page.waitForURL('**/main');
        await page.locator('.site-header .header-actions[data-state="member"]').first().waitFor();
        await sql`update members set phone = '01012345678' where email = ${email}`.execute(live.server.db);
        const notice = page.locator('.swal2-confirm');
        if (await notice.isVisible({ timeout: 4_000 }).catch(() => false)) await notice.click();
        await page.goto('/main');
        await page.locator('.site-header .header-actions[data-state="member"]').first().waitFor();
        await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
        await page.getByTestId('side-menu-username').waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(OUT, `live-signin-${provider}-signed-in-${width}.png`) });
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await live.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
