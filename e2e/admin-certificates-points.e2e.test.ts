import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { daysFromNow } from '../server/lib/time';
import { appUnderTest, confirmPopup, newPage, signedInPage } from './support';

/**
 * 수료증 and 포인트 in the console (issue 39): an operator revokes a certificate with a reason and the public check says
 * it is revoked and since when, the member's copy no longer prints; an operator adds points with a reason and the member
 * reads it in their points history. At 1280 and 390 px, nothing wider than the window.
 */
const app = appUnderTest();
const WIDTHS = [
  { width: 1280, height: 900, certificate: 'KPRA-E2ER1280AB', contentsid: 102, reason: '수강 후기 이벤트 1280' },
  { width: 390, height: 844, certificate: 'KPRA-E2ER390ABC', contentsid: 101, reason: '수강 후기 이벤트 390' },
] as const;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each(WIDTHS)('수료증 and 포인트 at $width px', ({ certificate, contentsid, reason, ...viewport }) => {
  it('an operator revokes member@demo.kr’s certificate: the public check says revoked since today, the member cannot print it', async () => {
    await sql`insert into certificates (certificateno, useruid, contentsid, issued_at) values (${certificate}, 'u-demo-1', ${contentsid}, ${daysFromNow(-3)})
      on conflict (useruid, contentsid) do update set certificateno = excluded.certificateno, revoked_at = null`.execute(
      app.server.db,
    );
    const staff = await signedInPage(app.browser, app.server.url, 'staff@demo.kr', { viewport: viewport });
    await staff.page.goto('/admin/certificates');
    await staff.page.getByLabel('수료증 번호, 이름 또는 이메일').fill(certificate.toLowerCase());
    await staff.page.getByRole('button', { name: '검색' }).click();
    const row = staff.page.locator(`tr[data-certificateno="${certificate}"]`);
    await row.waitFor();
    expect(await staff.page.locator('tbody tr').count()).toBe(1);
    expect(await row.textContent()).toContain('me****@demo.kr');
    await staff.page.getByRole('button', { name: `${certificate} 수료증 취소` }).click();
    const form = staff.page.getByRole('form', { name: '수료증 취소' });
    // The reason is checked beside its field before anything is sent.
    await form.getByRole('button', { name: '수료증 취소' }).click();
    expect(await form.locator('.field-error').textContent()).toBe(
      '취소 사유를 두 글자 이상 적어주세요. 수료증 기록과 감사 기록에 남습니다.',
    );
    await form.getByLabel('취소 사유').fill('수료 퀴즈 대리 응시 확인');
    await form.getByRole('button', { name: '수료증 취소' }).click();
    await confirmPopup(staff.page);
    await row.and(staff.page.locator('[data-state="revoked"]')).waitFor();
    expect(await row.textContent()).toContain('사유: 수료 퀴즈 대리 응시 확인');
    expect(await overflow(staff.page)).toBeLessThanOrEqual(0);
    await staff.context.close();

    const today = daysFromNow(0).slice(0, 10).split('-').map(Number);
    const visitor = await newPage(app.browser, app.server.url, viewport);
    await visitor.page.goto(`/certificate/${certificate}`);
    const result = visitor.page.locator('.cert-verify__result--revoked');
    await result.waitFor();
    expect(await result.locator('.cert-verify__valid').textContent()).toBe(
      `취소된 수료증입니다. ${today[0]}년 ${today[1]}월 ${today[2]}일에 발급 기관이 취소하여 더 이상 유효하지 않습니다.`,
    );
    expect(await visitor.page.locator('body').textContent()).not.toContain('대리 응시');
    expect(await overflow(visitor.page)).toBeLessThanOrEqual(0);
    await visitor.context.close();

    const member = await signedInPage(app.browser, app.server.url, 'member@demo.kr', { viewport: viewport });
    await member.page.goto('/myCertificates');
    await member.page.locator('.certs__revoked').first().waitFor();
    expect(await member.page.locator(`a[href="/myCertificatesPrint/${contentsid}"]`).count()).toBe(0);
    await member.page.goto(`/myCertificatesPrint/${contentsid}`);
    await member.page.getByText('발급 기관이 취소하여 출력할 수 없습니다').waitFor();
    expect(await member.page.locator('article.certificate').count()).toBe(0);
    await member.context.close();
  });

  it('an operator adds points to member@demo.kr with a reason; the member reads it in their points history', async () => {
    const staff = await signedInPage(app.browser, app.server.url, 'staff@demo.kr', { viewport: viewport });
    await staff.page.goto('/admin/points');
    await staff.page.getByRole('button', { name: '적립하기' }).click();
    expect(await staff.page.locator('.field-error').allTextContents()).toEqual([
      '회원 이메일을 입력해주세요.',
      '1 이상의 정수로 포인트를 적어주세요.',
      '사유를 적어주세요. 회원의 포인트 내역에 그대로 보입니다.',
    ]);
    await staff.page.getByLabel('회원 이메일').fill('member@demo.kr');
    await staff.page.getByLabel('포인트', { exact: true }).fill('2,500');
    await staff.page.getByLabel('사유').fill(reason);
    await staff.page.getByRole('button', { name: '적립하기' }).click();
    await confirmPopup(staff.page);
    await staff.page.getByRole('status').filter({ hasText: '+2,500P' }).waitFor();
    await staff.page.getByTestId('admin-points-table').getByText(reason).waitFor();
    expect(await overflow(staff.page)).toBeLessThanOrEqual(0);
    await staff.context.close();

    const member = await signedInPage(app.browser, app.server.url, 'member@demo.kr', { viewport: viewport });
    await member.page.goto('/mypoint');
    const line = member.page.locator('li', { hasText: reason });
    await line.waitFor();
    expect(await line.textContent()).toContain('2,500');
    await member.context.close();
  });
});
