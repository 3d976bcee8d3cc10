import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startMailCatcher, type MailCatcher } from '../server/local/mailCatcher';
import { appUnderTest, newPage, signInLocal, mailSettled } from './support';

/**
 * The console's inbox (issue 39): teacher@demo.kr answers a member's question and the member reads the answer in the
 * player's Q&A tab; an operator replies to a 1:1 suggestion and closes it, and the member sees 답변완료 and the reply.
 * Both screens fit a phone. The answer and the reply each send the member one mail (issue 40), read back from the
 * SMTP stand-in.
 */
let catcher: MailCatcher;
// Filled before the app starts: this hook is registered before appUnderTest's.
const mail = { smtpUrl: '' };
beforeAll(async () => {
  catcher = await startMailCatcher();
  mail.smtpUrl = catcher.url;
  return () => catcher.stop();
});
const app = appUnderTest({ server: { jobs: true, mail } });
const mailsTo = (subject: RegExp) => catcher.mails().filter((m) => subject.test(m.subject) && m.envelopeTo.includes('member@demo.kr'));
async function oneMail(subject: RegExp, line: string) {
  await app.server.mail!.sweep();
  await expect.poll(() => mailsTo(subject).filter((m) => m.text.split('\n').includes(line)).length, { timeout: 20_000 }).toBe(1);
}
const CLIENT = { 'X-Storefront-Client': 'web/1.0', 'content-type': 'application/json' };
const QUESTION = '브릿지 동작에서 허리가 아파요';
const SUGGESTION = '입원으로 수강 기간 연장을 요청합니다';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** member@demo.kr takes 한리포머 강사's free class 103, asks there, and sends a 1:1 suggestion, as the store's pages do. */
async function memberAsks(base: string): Promise<void> {
  const signIn = await fetch(`${base}/local/auth/sign-in`, { method: 'POST', headers: CLIENT, body: JSON.stringify({ email: 'member@demo.kr', remember: false }) });
  const token = ((await signIn.json()) as { datas: { accessToken: string } }).datas.accessToken;
  const post = async (path: string, body: unknown) => {
    const r = await fetch(base + path, { method: 'POST', headers: { ...CLIENT, Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    expect(r.status, path).toBe(200);
  };
  await post('/api/Payment/Save/', { useruid: 'u-demo-1', contentsids: [103], title: '무료 강의', amount: 0, pointused: 0, coupondiscount: 0, paidamount: 0, paymethod: 'free' });
  await post('/api/QnA/Save/', { contentsid: 103, useruid: 'u-demo-1', title: QUESTION, content: '<p>골반을 어디까지 올려야 하나요?</p>', issecret: false });
  await post('/api/Board/SaveSuggest/', { useruid: 'u-demo-1', suggesttype: '1', title: SUGGESTION, content: '3주 동안 입원했습니다.', issecret: true, files: [] });
}

describe('the inbox', () => {
  it('the instructor answers, the member reads it in the player; an operator replies, the member sees 답변완료', async () => {
    await memberAsks(app.server.url);

    const teacher = await newPage(app.browser, app.server.url, { width: 1280, height: 900 });
    await signInLocal(teacher.page, 'teacher@demo.kr');
    await teacher.page.goto('/admin');
    await teacher.page.getByRole('navigation', { name: '운영 콘솔 메뉴' }).getByRole('link', { name: '문의 (Q&A)' }).click();
    const question = teacher.page.getByTestId('admin-question-list').locator('li', { hasText: QUESTION });
    expect(await question.getAttribute('data-status')).toBe('waiting');
    await question.getByRole('button', { name: '답변하기' }).click();
    await question.getByRole('button', { name: '답변 등록' }).click();
    expect(await question.locator('.field-error').textContent()).toBe('답변을 입력해주세요.');
    await question.getByLabel('답변 (HTML)').fill('<p>어깨-골반-무릎이 일직선이 될 때까지만 올리세요.</p><img src=x onerror="window.__pwned=1">');
    await question.getByRole('button', { name: '답변 등록' }).click();
    await teacher.page.getByRole('status').filter({ hasText: '답변을 저장했습니다' }).waitFor();
    await teacher.page.getByTestId('admin-question-list').locator('li[data-status="answered"]', { hasText: QUESTION }).waitFor();
    await teacher.context.close();
    await oneMail(/질문 답변 안내/, `질문: ${QUESTION}`);

    const member = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    await signInLocal(member.page, 'member@demo.kr');
    await member.page.goto('/player/103');
    await member.page.getByRole('tab', { name: 'Q&A' }).click();
    const item = member.page.getByTestId('qna-item').filter({ hasText: QUESTION });
    await item.getByText('답변완료').waitFor();
    await item.locator('summary').click();
    await item.getByText('일직선이 될 때까지만').waitFor();
    expect(await member.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    const operator = await newPage(app.browser, app.server.url, { width: 390, height: 844 });
    await signInLocal(operator.page, 'staff@demo.kr');
    await operator.page.goto('/admin/suggests');
    const suggestion = operator.page.getByTestId('admin-suggest-list').locator('li', { hasText: SUGGESTION });
    expect(await suggestion.getAttribute('data-status')).toBe('waiting');
    expect(await overflow(operator.page)).toBeLessThanOrEqual(0);
    await suggestion.getByRole('button', { name: '답변하기' }).click();
    await suggestion.getByLabel('답변 (HTML)').fill('<p>수강 기간을 30일 연장해 드렸습니다.</p>');
    await suggestion.getByRole('radio', { name: '답변완료' }).check();
    await suggestion.getByRole('button', { name: '저장', exact: true }).click();
    await operator.page.getByRole('status').filter({ hasText: '답변완료로 저장했습니다' }).waitFor();
    expect(await overflow(operator.page)).toBeLessThanOrEqual(0);
    await operator.context.close();
    await oneMail(/1:1 문의 답변 안내/, `문의: ${SUGGESTION}`);

    await member.page.goto('/q&a?tab=suggest');
    await member.page.getByText(SUGGESTION).first().click();
    const view = member.page.getByTestId('suggest-view');
    await view.getByText('30일 연장해 드렸습니다').waitFor();
    expect(await view.locator('.status').textContent()).toBe('답변완료');
    await member.context.close();
    await app.server.mail!.sweep();
    await mailSettled(app.server.db);
    expect(mailsTo(/질문 답변 안내/).filter((m) => m.text.includes(QUESTION))).toHaveLength(1);
    expect(mailsTo(/1:1 문의 답변 안내/).filter((m) => m.text.includes(SUGGESTION))).toHaveLength(1);
  });
});
