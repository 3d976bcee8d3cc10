import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { daysFromNow } from '../server/lib/time';
import { appUnderTest, confirmPopup, signedInPage } from './support';

/**
 * 회원 in the console (issue 39): an operator finds member@demo.kr masked, opens the whole record with a reason, grants
 * a class until a day, which the member then finds in 내 강의실; a CSV previews its lines with their errors in Korean
 * and applies the good ones; the owner reads each opening in 개인정보 열람 기록. At 1280 and 390 px, nothing wider
 * than the window.
 */
const app = appUnderTest();
const WIDTHS = [
  { width: 1280, height: 900, grant: 106, revoke: 121, imported: 107, reason: '수강 기간 문의 전화 확인 1280' },
  { width: 390, height: 844, grant: 108, revoke: 101, imported: 109, reason: '수강 기간 문의 전화 확인 390' },
] as const;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const titleOf = async (contentsid: number) =>
  (await sql<{ title: string }>`select title from lectures where contentsid = ${contentsid}`.execute(app.server.db)).rows[0]!.title;

describe.each(WIDTHS)('회원 at $width px', ({ grant, revoke, imported, reason, ...viewport }) => {
  it('an operator opens member@demo.kr’s record with a reason and grants a class; the member has it; the owner sees the opening recorded', async () => {
    const end = daysFromNow(40).slice(0, 10);
    const staff = await signedInPage(app.browser, app.server.url, 'staff@demo.kr', { viewport });
    await staff.page.goto('/admin/members');
    await staff.page.getByLabel('이름, 이메일 또는 전화번호').fill('김필');
    await staff.page.getByRole('button', { name: '검색' }).click();
    const row = staff.page.locator('tr[data-useruid="u-demo-1"]');
    await row.waitFor();
    expect(await staff.page.locator('[data-testid="admin-members-table"] tbody tr').count()).toBe(1);
    // Masked in the list: never the whole address or number.
    expect(await row.textContent()).toContain('me****@demo.kr');
    expect(await row.textContent()).toContain('010-****-5678');
    expect(await row.textContent()).not.toContain('member@demo.kr');
    await row.getByRole('button', { name: '열람' }).click();

    // The reason is asked beside its field before anything is sent.
    await staff.page.getByRole('button', { name: '열람하기' }).click();
    expect(await staff.page.locator('.field-error').textContent()).toBe('열람 사유를 적어주세요. 개인정보 열람 기록에 남습니다.');
    await staff.page.getByLabel('사유').fill(reason);
    await staff.page.getByRole('button', { name: '열람하기' }).click();
    const record = staff.page.getByTestId('admin-member-record');
    await record.waitFor();
    expect(await record.textContent()).toContain('member@demo.kr');
    expect(await record.textContent()).toContain('010-1234-5678');

    const form = staff.page.getByRole('form', { name: '수강 부여 · 기간 변경' });
    await form.getByRole('button', { name: '저장하기' }).click();
    expect(await form.locator('.field-error').allTextContents()).toEqual(['클래스 번호를 숫자로 적어주세요.', '사유를 적어주세요. 감사 기록에 남습니다.']);
    await form.getByLabel('클래스 번호').fill(String(grant));
    await form.getByLabel('수강 종료일').fill(end);
    await form.getByLabel('사유').fill('오프라인 과정 복습 제공');
    await form.getByRole('button', { name: '저장하기' }).click();
    const title = await titleOf(grant);
    await form.getByText(`${title}: 수강을 부여했습니다. 종료 ${end}.`).waitFor();
    const line = staff.page.locator(`[data-testid="admin-member-enrolments"] li[data-contentsid="${grant}"]`);
    expect(await line.textContent()).toContain('수강 중');
    expect(await line.textContent()).toContain('운영진 부여');

    // 수강 취소 asks for its reason in the dialog, never blank, and ends the class now.
    const revoked = staff.page.locator(`[data-testid="admin-member-enrolments"] li[data-contentsid="${revoke}"]`);
    await revoked.getByRole('button', { name: '수강 취소' }).click();
    await staff.page.locator('.swal2-confirm', { hasText: '수강 취소' }).click();
    await staff.page.locator('.swal2-validation-message', { hasText: '사유를 적어주세요. 감사 기록에 남습니다.' }).waitFor();
    await staff.page.locator('.swal2-input').fill('중복 결제 정정');
    await staff.page.locator('.swal2-confirm', { hasText: '수강 취소' }).click();
    await revoked.getByText('종료').waitFor();
    expect(await revoked.getByRole('button', { name: '수강 취소' }).count()).toBe(0);
    expect(await overflow(staff.page)).toBeLessThanOrEqual(0);
    await staff.context.close();

    const member = await signedInPage(app.browser, app.server.url, 'member@demo.kr', { viewport });
    await member.page.goto('/myclass');
    await member.page.locator(`[data-testid="class-card"][data-contentsid="${grant}"]`).waitFor();
    expect(await member.page.locator(`[data-testid="class-card"][data-contentsid="${revoke}"]`).count()).toBe(0);
    await member.context.close();

    const owner = await signedInPage(app.browser, app.server.url, 'owner@demo.kr', { viewport });
    await owner.page.goto('/admin/privacy-access');
    const table = owner.page.getByTestId('admin-privacy-access-table');
    await table.waitFor();
    const opened = table.locator('tbody tr', { hasText: reason });
    expect(await opened.count()).toBe(1);
    expect(await opened.textContent()).toContain('정운영');
    expect(await opened.textContent()).toContain('회원 정보 열람');
    expect(await opened.textContent()).toContain('김*라 (u-demo-1)');
    expect(await overflow(owner.page)).toBeLessThanOrEqual(0);
    await owner.context.close();
  });

  it('an operator previews a CSV, sees each line’s error in Korean, and applies the good line; nobody is created', async () => {
    const staff = await signedInPage(app.browser, app.server.url, 'staff@demo.kr', { viewport });
    await staff.page.goto('/admin/members');
    await staff.page.getByRole('button', { name: 'CSV로 수강 등록' }).click();
    const csv = ['이메일,클래스번호,종료일', `new@demo.kr,${imported},`, `ghost${viewport.width}@demo.kr,${imported},`, 'new@demo.kr,abc,'].join('\n');
    await staff.page.getByLabel('CSV 파일').setInputFiles({ name: 'enrol.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });
    await expect.poll(() => staff.page.getByLabel('CSV 내용').inputValue()).toContain(`new@demo.kr,${imported},`);
    await staff.page.getByLabel('사유').fill('3월 오프라인 과정 수강생');
    await staff.page.getByRole('button', { name: '미리보기' }).click();
    const result = staff.page.getByTestId('admin-import-result');
    await result.getByText('새 수강 1 · 기간 변경 0 · 변경 없음 0 · 오류 2').waitFor();
    expect(await staff.page.locator('[data-outcome="error"]').allTextContents()).toEqual([
      expect.stringContaining('회원을 찾을 수 없습니다.'),
      expect.stringContaining('클래스번호가 올바르지 않습니다.'),
    ]);
    await result.getByRole('button', { name: '1줄 적용하기' }).click();
    await confirmPopup(staff.page);
    await result.getByText('새 수강 1 · 기간 변경 0 · 변경 없음 0 · 오류 2 — 적용했습니다.').waitFor();
    expect(await overflow(staff.page)).toBeLessThanOrEqual(0);
    await staff.context.close();
    const enrolled = await sql`select 1 from enrollments where useruid = 'u-demo-2' and contentsid = ${imported} and end_at > ${daysFromNow(0)}`.execute(app.server.db);
    expect(enrolled.rows).toHaveLength(1);
    const ghost = await sql`select 1 from members where email = ${`ghost${viewport.width}@demo.kr`}`.execute(app.server.db);
    expect(ghost.rows).toHaveLength(0);
  });
});
