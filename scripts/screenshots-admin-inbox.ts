/**
 * Screenshots of the console's inbox (issue 39) at 390 px and 1280 px into screenshots/: 문의 (Q&A) as teacher@demo.kr
 * sees it (their class's questions, unanswered first, the answer editor open with its preview), 1:1 문의 as
 * staff@demo.kr sees it (접수 first, a secret suggestion with its attachment, the reply editor with its status), and
 * what the member then reads: the answer in the player's Q&A tab and 답변완료 with the reply in 고객센터 > 1:1 문의.
 * The 1280 px console shots are also written as JPEG into docs/operator-guide/ for the operators' guide.
 * Usage: npx tsx scripts/screenshots-admin-inbox.ts   (builds the app unless E2E_NO_BUILD=1)
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { newPage, ROOT, signInLocal, withAppAndBrowser } from '../e2e/support';

const OUT = join(ROOT, 'screenshots');
const GUIDE = join(ROOT, 'docs', 'operator-guide');
const CLIENT = { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json' };

async function shoot(page: Page, part: Locator, file: string, guide?: string) {
  await part.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await part.screenshot({ path: join(OUT, `admin-${file}.png`) });
  if (guide) await part.screenshot({ path: join(GUIDE, `${guide}.jpg`), type: 'jpeg', quality: 80 });
}

/** The member's questions and suggestion, asked over the API as the store's pages ask them. */
async function memberWrites(base: string, enrol: boolean): Promise<void> {
  const signIn = await fetch(`${base}/local/auth/sign-in`, { method: 'POST', headers: CLIENT, body: JSON.stringify({ email: 'member@demo.kr', remember: false }) });
  const token = ((await signIn.json()) as { datas: { accessToken: string } }).datas.accessToken;
  const headers = { ...CLIENT, Authorization: `Bearer ${token}` };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { datas: unknown }).datas;
  };
  // 103 is 한리포머 강사's free class: the member enrols and asks there.
  if (enrol) await post('/api/Payment/Save/', { useruid: 'u-demo-1', contentsids: [103], title: '무료 강의', amount: 0, pointused: 0, coupondiscount: 0, paidamount: 0, paymethod: 'free' });
  await post('/api/QnA/Save/', { contentsid: 103, useruid: 'u-demo-1', title: '브릿지 동작에서 허리가 아파요', content: '<p>엉덩이를 들 때 허리 아래쪽이 뻐근합니다. 골반을 어디까지 올려야 하나요?</p>', issecret: false });
  await post('/api/QnA/Save/', { contentsid: 103, useruid: 'u-demo-1', title: '수술 이력이 있는데 따라 해도 될까요?', content: '<p>작년에 무릎 수술을 받았습니다.</p>', issecret: true });
  const form = new FormData();
  form.append('files', new Blob(['입원 확인서']), '입원확인서.pdf');
  const up = await fetch(`${base}/api/UploadFiles/`, { method: 'POST', headers: { 'X-Storefront-Client': 'web/1.0', Authorization: `Bearer ${token}` }, body: form });
  const files = ((await up.json()) as { datas: unknown[] }).datas;
  await post('/api/Board/SaveSuggest/', {
    useruid: 'u-demo-1',
    suggesttype: '1',
    title: '입원으로 수강 기간 연장을 요청합니다',
    content: '지난달 입원해서 3주 동안 수강하지 못했습니다.\n입원 확인서를 첨부합니다. 연장이 가능할까요?',
    issecret: true,
    files,
  });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  mkdirSync(GUIDE, { recursive: true });
  await withAppAndBrowser(async (server, browser) => {
    for (const width of [390, 1280]) {
      // Each width its own unanswered question and suggestion.
      await memberWrites(server.url, width === 390);
      const viewport = { width, height: width < 600 ? 844 : 900 };
      const guide = (name: string) => (width === 1280 ? name : undefined);

      const teacher = await newPage(browser, server.url, viewport);
      await signInLocal(teacher.page, 'teacher@demo.kr');
      await teacher.page.goto('/admin/questions');
      const questions = teacher.page.getByTestId('admin-question-list');
      await questions.waitFor();
      await shoot(teacher.page, teacher.page.locator('main'), `inbox-questions-${width}`);
      const first = questions.locator('li[data-status="waiting"]', { hasText: '브릿지 동작에서' }).first();
      await first.getByRole('button', { name: '답변하기' }).click();
      await first.getByLabel('답변 (HTML)').fill('<p>골반은 어깨-골반-무릎이 <strong>일직선</strong>이 되는 데까지만 올리세요.</p><p>허리가 뻐근하면 높이를 절반으로 줄이고 엉덩이 힘을 먼저 쓰세요.</p>');
      await shoot(teacher.page, first, `inbox-answer-${width}`, guide('inbox-answer'));
      await first.getByRole('button', { name: '답변 등록' }).click();
      await teacher.page.getByRole('status').filter({ hasText: '답변을 저장했습니다' }).waitFor();
      await shoot(teacher.page, teacher.page.locator('main'), `inbox-questions-answered-${width}`, guide('inbox-questions'));
      await teacher.context.close();

      const operator = await newPage(browser, server.url, viewport);
      await signInLocal(operator.page, 'staff@demo.kr');
      await operator.page.goto('/admin/suggests');
      const suggests = operator.page.getByTestId('admin-suggest-list');
      await suggests.waitFor();
      const waiting = suggests.locator('li[data-status="waiting"]').first();
      await waiting.getByRole('button', { name: '답변하기' }).click();
      await waiting.getByLabel('답변 (HTML)').fill('<p>입원 확인서 확인했습니다. 수강 기간을 <strong>30일</strong> 연장해 드렸습니다.</p>');
      await shoot(operator.page, operator.page.locator('main'), `inbox-suggests-${width}`, guide('inbox-suggests'));
      await waiting.getByRole('button', { name: '저장' }).click();
      await operator.page.getByRole('status').filter({ hasText: '답변완료로 저장했습니다' }).waitFor();
      await operator.context.close();

      // What the member reads: the answer in the player's Q&A tab, 답변완료 and the reply in 고객센터.
      const member = await newPage(browser, server.url, viewport);
      await signInLocal(member.page, 'member@demo.kr');
      await member.page.goto('/player/103');
      await member.page.getByRole('tab', { name: /Q&A/ }).click();
      const item = member.page.getByTestId('qna-item').filter({ hasText: '브릿지 동작에서' }).first();
      await item.locator('summary').click();
      await item.getByText('일직선').waitFor();
      await shoot(member.page, item, `inbox-member-answer-${width}`);
      await member.page.goto('/q&a?tab=suggest');
      await member.page.getByText('입원으로 수강 기간 연장을 요청합니다').first().click();
      const view = member.page.getByTestId('suggest-view');
      await view.getByText('30일').waitFor();
      await shoot(member.page, view, `inbox-member-reply-${width}`);
      await member.context.close();
    }
    console.log(`screenshots written to ${OUT}`);
  });
}

await main();
