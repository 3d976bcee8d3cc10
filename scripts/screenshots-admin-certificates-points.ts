/**
 * Screenshots of the console's 수료증 and 포인트 screens (issue 39) at 390 px and 1280 px into screenshots/, as the
 * operator, and what they change for others: the public check of a revoked certificate, the member's certificate list
 * and points history. The 1280 px console pictures also go to docs/operator-guide/ (JPEG) for the guide.
 * A few certificates of other demo members are written first, so the list has more than the member's own.
 * Usage: npx tsx scripts/screenshots-admin-certificates-points.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { confirmPopup, newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';
import { daysFromNow } from '../server/lib/time';

const OUT = join(ROOT, 'screenshots');
const GUIDE = join(ROOT, 'docs', 'operator-guide');

async function shoot(page: Page, part: Locator | null, file: string) {
  if (part) await part.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  const path = join(OUT, `${file}.png`);
  if (part) await part.screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 0) console.log(`${file}: the page is ${wide} px wider than the window`);
}

/** The member's class 102 certificate and three of other members; one revoked at each width. */
const CERTIFICATES = [
  { no: 'KPRA-7QK2M9XA4D', useruid: 'u-demo-1', contentsid: 102, days: -2 },
  { no: 'KPRA-4F7K2M9QXA', useruid: 'u-demo-2', contentsid: 101, days: -5 },
  { no: 'KPRA-8H3N6T2WZC', useruid: 'u-demo-3', contentsid: 104, days: -9 },
  { no: 'KPRA-2B5D8G1JME', useruid: 'u-demo-2', contentsid: 104, days: -12 },
];
const REVOKED_AT = { 390: 'KPRA-7QK2M9XA4D', 1280: 'KPRA-4F7K2M9QXA' } as const;

await withAppAndBrowser(async (server, browser) => {
  mkdirSync(OUT, { recursive: true });
  for (const c of CERTIFICATES)
    await sql`insert into certificates (certificateno, useruid, contentsid, issued_at) values (${c.no}, ${c.useruid}, ${c.contentsid}, ${daysFromNow(c.days)})
      on conflict do nothing`.execute(server.db);
  for (const width of [390, 1280] as const) {
    const viewport = { width, height: width < 600 ? 844 : 900 };
    const { context, page } = await newPage(browser, server.url, viewport);
    await signInLocal(page, 'staff@demo.kr');

    await page.goto('/admin/certificates');
    const table = page.getByTestId('admin-certificate-table');
    await table.waitFor();
    await shoot(page, null, `admin-certificates-${width}`);
    if (width === 1280) await page.screenshot({ path: join(GUIDE, 'certificates.jpg'), type: 'jpeg', quality: 70 });
    await page.getByRole('button', { name: `${REVOKED_AT[width]} 수료증 취소` }).click();
    const form = page.getByRole('form', { name: '수료증 취소' });
    await form.getByRole('button', { name: '수료증 취소' }).click();
    await form.locator('.field-error').waitFor();
    await shoot(page, form, `admin-certificate-revoke-errors-${width}`);
    await form.getByLabel('취소 사유').fill('수료 퀴즈 대리 응시 확인 (1:1 문의 #1042)');
    await form.getByRole('button', { name: '수료증 취소' }).click();
    await confirmPopup(page);
    await page.getByRole('status').filter({ hasText: '수료증을 취소했습니다' }).waitFor();
    await table.locator(`tr[data-certificateno="${REVOKED_AT[width]}"][data-state="revoked"]`).waitFor();
    await shoot(page, null, `admin-certificates-revoked-${width}`);

    await page.goto('/admin/points');
    await page.getByTestId('admin-points-table').or(page.getByText('조건에 맞는 포인트 내역이 없습니다.')).waitFor();
    await page.getByLabel('회원 이메일').fill('member@demo.kr');
    await page.getByLabel('포인트', { exact: true }).fill('3,000');
    await page.getByLabel('사유').fill('수강 후기 이벤트 당첨');
    await page.getByRole('button', { name: '적립하기' }).click();
    await confirmPopup(page);
    await page.getByRole('status').filter({ hasText: '+3,000P' }).waitFor();
    await page.getByTestId('admin-points-table').getByText('수강 후기 이벤트 당첨').first().waitFor();
    await shoot(page, null, `admin-points-${width}`);
    if (width === 1280) await page.screenshot({ path: join(GUIDE, 'points.jpg'), type: 'jpeg', quality: 70 });
    await page.getByLabel('회원 이메일').fill('member@demo.kr');
    await page.getByLabel('차감', { exact: true }).check();
    await page.getByLabel('포인트', { exact: true }).fill('9000000');
    await page.getByLabel('사유').fill('중복 지급 회수');
    await page.getByRole('button', { name: '차감하기' }).click();
    await confirmPopup(page);
    const refused = page.getByRole('form', { name: '포인트 적립·차감' });
    await refused.getByRole('alert').waitFor();
    await shoot(page, refused, `admin-points-refused-${width}`);
    await context.close();

    // What the others see: anyone's public check, and the member's own lists.
    const visitor = await newPage(browser, server.url, viewport);
    await visitor.page.goto('/certificate/KPRA-7QK2M9XA4D');
    await visitor.page.locator('.cert-verify__result--revoked').waitFor();
    await shoot(visitor.page, null, `certificate-check-revoked-${width}`);
    if (width === 1280)
      await visitor.page.screenshot({ path: join(GUIDE, 'certificate-check-revoked.jpg'), type: 'jpeg', quality: 70 });
    await visitor.context.close();
    const member = await newPage(browser, server.url, viewport);
    await signInLocal(member.page, 'member@demo.kr');
    await member.page.goto('/myCertificates');
    await member.page.locator('.certs__revoked').waitFor();
    await shoot(member.page, null, `member-certificate-revoked-${width}`);
    await member.page.goto('/mypoint');
    await member.page.getByText('수강 후기 이벤트 당첨').first().waitFor();
    await shoot(member.page, null, `member-points-${width}`);
    await member.context.close();
  }
  console.log(`screenshots written to ${OUT}`);
});
