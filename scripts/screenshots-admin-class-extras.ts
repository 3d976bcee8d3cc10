/**
 * Screenshots of the class editor's certificate rules, thumbnail and handouts (issue 38) at 390 px and 1280 px into
 * screenshots/, as the operator: the 수료 기준 card of a class a member has passed (its version note), the same card
 * with the messages beside the fields; the 썸네일 panel after an upload and with a refused file; the 자료 card after a PDF
 * was attached and with a refused file.
 * Usage: npx tsx scripts/screenshots-admin-class-extras.ts [name-prefix]   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');

async function shoot(page: Page, part: Locator, file: string) {
  await part.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await part.screenshot({ path: join(OUT, `admin-${file}.png`) });
}

/** A studio photo stand-in: a gradient with a bright disc off-centre (what the attention crop keeps). */
async function photo(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g" x2="1" y2="1">
    <stop offset="0" stop-color="#f3d9c4"/><stop offset="1" stop-color="#8e5572"/></linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/><circle cx="1100" cy="520" r="260" fill="#ee732e"/>
    <rect x="220" y="760" width="900" height="120" rx="60" fill="#3b7a57"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

const certificateCard = (page: Page) => page.locator('section[aria-labelledby="certificate-title"]');

async function main() {
  mkdirSync(OUT, { recursive: true });
  const only = process.argv[2];
  const wanted = (name: string) => !only || name.startsWith(only);
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      const viewport = { width, height: width < 600 ? 844 : 900 };
      const { context, page } = await newPage(browser, server.url, viewport);
      await signInLocal(page, 'staff@demo.kr');
      if (wanted('certificate')) {
        // 102: the demo member passed its quiz, so a change of its grading is a new version.
        await page.goto('/admin/classes/102');
        const card = certificateCard(page);
        await card.getByLabel('1번 문항 1번 보기', { exact: true }).waitFor({ timeout: 15_000 });
        await shoot(page, card, `certificate-${width}`);
        await card.getByLabel('2번 문항 2번 보기', { exact: true }).fill('');
        await card.locator('#cert-q2-score').fill('10');
        await card.getByLabel('응시 가능 진도율 (%)').fill('120');
        await card.getByRole('button', { name: '수료 기준 저장' }).click();
        await card.locator('.field-error').first().waitFor();
        await shoot(page, card, `certificate-errors-${width}`);
      }
      if (wanted('thumbnail')) {
        // 107: an upload turns into the store's 16:10, and a file that is not a picture is refused beside the button.
        await page.goto('/admin/classes/107');
        const panel = page.locator('section.admin-thumb');
        await panel.locator('img').waitFor({ timeout: 15_000 });
        await panel.locator('input[type="file"]').setInputFiles({ name: 'studio.jpg', mimeType: 'image/jpeg', buffer: await photo() });
        await panel.getByText('썸네일을 바꿨습니다').waitFor();
        await panel.locator('img[src$="-480.webp"]').evaluate((img: HTMLImageElement) => img.decode());
        await shoot(page, panel, `thumbnail-${width}`);
        await panel.locator('input[type="file"]').setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
        await panel.getByRole('alert').waitFor();
        await shoot(page, panel, `thumbnail-refused-${width}`);
      }
      if (wanted('handouts')) {
        // 101: the demo's handout, a PDF attached, then a file that is not a PDF or EPUB refused beside its field.
        await page.goto('/admin/classes/101');
        const card = page.locator('section', { has: page.getByRole('heading', { name: '자료 (교안·전자책)' }) });
        await card.getByRole('list', { name: '자료 목록' }).waitFor({ timeout: 15_000 });
        await card.getByLabel('자료 이름 (비우면 파일 이름)').fill('1주차 교안: 호흡과 골반 정렬');
        await card.locator('input[type="file"]').setInputFiles({ name: '1주차_교안.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
        await card.getByRole('button', { name: '자료 올리기' }).click();
        await card.getByText('자료를 올렸습니다').waitFor();
        await shoot(page, card, `handouts-${width}`);
        await card.locator('input[type="file"]').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: Buffer.from('png') });
        await card.getByRole('button', { name: '자료 올리기' }).click();
        await card.locator('.field-error').waitFor();
        await shoot(page, card, `handouts-refused-${width}`);
      }
      await context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

await main();
