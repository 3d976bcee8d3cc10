import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { appUnderTest, confirmPopup, DEMO, popupText, signedInPage } from './support';

const app = appUnderTest();

async function memberToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'pilates_accessToken')!.value;
}

describe('classroom journeys of the demo member', () => {
  it('/myclass lists the classes in progress with the side menu’s count; ended classes are marked and not playable', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email);
    await page.goto('/myclass');
    const cards = page.getByTestId('class-card');
    await cards.first().waitFor();
    const shown = await page.getByTestId('classroom-count').textContent();
    expect(await cards.count()).toBe(Number(shown));

    await page.getByRole('button', { name: '전체 메뉴 열기' }).first().click();
    await expect.poll(() => page.getByTestId('count-class').textContent()).toBe(shown);
    await page.keyboard.press('Escape');

    // 이어보기 of the last watched class carries its video and the second the server stored (mid-video here; the end
    // of a finished video is the next test's).
    const token = await memberToken(page);
    await page.request.post('/api/Video/UpdateWatchTime/', {
      headers: { Authorization: `Bearer ${token}`, 'X-Storefront-Client': 'web/1.0' },
      data: { useruid: DEMO.member.useruid, contentsid: 101, videoid: 10121, watchedtime: 42 },
    });
    await page.reload();
    const resume = page.locator('[data-testid="class-card"][data-contentsid="101"]').getByRole('link', { name: '이어보기' });
    // The cards do not wait for the resume point: the link takes its second when it comes.
    await expect.poll(() => resume.getAttribute('href')).toBe('/player/101?videoid=10121&t=42');
    expect(await page.locator('[data-testid="class-card"] >> text=수강 종료').count()).toBe(0);

    await page.getByRole('navigation', { name: '내 강의실' }).getByRole('link', { name: '종료' }).click();
    await page.waitForURL('**/myclassEnd');
    // The address changes before the 종료 list has come: /myclass's cards stay on screen until it does (a loaded run
    // read one of them here). Every card then shown is an ended one.
    await expect
      .poll(async () => {
        const texts = await page.getByTestId('class-card').allTextContents();
        return texts.length > 0 && texts.every((t) => t.includes('수강 기간이 종료되었습니다'));
      })
      .toBe(true);
    const ended = page.getByTestId('class-card').first();
    // Issue 26: the ended class says so with its end date and offers buying again.
    expect(await ended.textContent()).toMatch(/수강 기간이 종료되었습니다 \(종료일 \d{4}\.\d{2}\.\d{2}\)/);
    expect(await ended.getByRole('link', { name: '이어보기' }).count()).toBe(0);
    expect(await ended.getByRole('link', { name: '바로 구매' }).getAttribute('href')).toMatch(/^\/payment\/\d+$/);
    await context.close();
  });

  it('이어보기 after a lecture watched to its end opens the first unfinished one at its second, at 390 and 1280 px (issue 42)', async () => {
    // The demo member's class 101: lectures 10111 and 10112 complete, 10112 last and watched to its end; 10121 and 10122 not begun.
    await sql`delete from progress where useruid = ${DEMO.member.useruid} and videoid in (10121, 10122)`.execute(app.server.db);
    await sql`update progress p set updated_at = '2099-01-01 00:00:00', last_position = v.duration_sec from videos v
      where p.useruid = ${DEMO.member.useruid} and p.videoid = 10112 and v.videoid = p.videoid`.execute(app.server.db);
    // 10121: jumped to 3 s before its end after 30 s of watching. Its "n% 시청" is the 30 s, not the position.
    const { rows } = await sql<{ duration_sec: number }>`select duration_sec from videos where videoid = 10121`.execute(app.server.db);
    const length = rows[0]!.duration_sec;
    await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at, watched_spans)
      values (${DEMO.member.useruid}, 101, 10121, 30, ${length - 3}, false, '2026-01-01 00:00:00', '[[0,30]]')`.execute(app.server.db);
    const opensFirstUnfinished = async (page: Page) => {
      await page.waitForURL('**/player/101**');
      await expect
        .poll(() => page.locator('.player-curriculum__item[aria-current="true"]').getAttribute('data-videoid'), { timeout: 15_000 })
        .toBe('10121');
      expect(await page.locator('.player-stage video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(5);
    };
    for (const [width, from] of [
      [390, '/myclass'],
      [1280, '/myclassProgress/101'],
    ] as const) {
      const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email, { viewport: { width, height: 844 } });
      // Half the class complete: the progress page says what the certificate still needs instead of 수료증 발급.
      await page.goto('/myclassProgress/101');
      expect(await page.getByTestId('certificate-needs').textContent()).toBe('수료증 발급까지 시청 완료할 영상이 2개 남았습니다. 수료 기준은 위와 같습니다.');
      expect(await page.locator('#main').getByRole('link', { name: '수료증 발급' }).count()).toBe(0);
      expect(await page.locator('[data-testid="lesson"][data-videoid="10121"] .lesson__state').textContent()).toBe(
        `${Math.floor((30 / length) * 100)}% 시청`,
      );
      await page.goto(from);
      const resume = (from === '/myclass' ? page.locator('[data-testid="class-card"][data-contentsid="101"]') : page.locator('#main'))
        .getByRole('link', { name: '이어보기' })
        .first();
      await expect.poll(() => resume.getAttribute('href')).toBe('/player/101');
      await resume.click();
      await opensFirstUnfinished(page);
      // /main's 이어서 학습하기 goes the same way.
      await page.goto('/main');
      const go = page.locator('.continue-learning').getByRole('link', { name: /^이어보기/ });
      expect(await go.getAttribute('href')).toBe('/player/101');
      await go.click();
      await opensFirstUnfinished(page);
      await context.close();
    }
  });

  it('/myclassProgress shows each video’s completion, and a finished video raises it', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email);
    await page.goto('/myclassProgress/101');
    await page.getByTestId('lesson').first().waitFor();
    expect(await page.getByTestId('completed-count').textContent()).toBe('완료한 영상 2 / 4');
    expect(await page.locator('[data-testid="lesson"][data-complete="true"]').count()).toBe(2);
    expect(await page.getByTestId('progress-percent').textContent()).toBe('50%');

    // The player's heartbeat finishes the third video; the page reads it back from the server. Completion is the
    // server's coverage (issue 23): the member watched it to just short of 90 %, the last heartbeat 10 s ago, as the
    // server stores it; the next heartbeat, 18 s further on, passes 90 %.
    const { rows } = await sql<{ duration_sec: number }>`select duration_sec from videos where videoid = 10121`.execute(app.server.db);
    const duration = rows[0]!.duration_sec;
    const upTo = Math.ceil(duration * 0.9) - 10;
    const beat = Date.now() - 10_000;
    const anchor = JSON.stringify({ position: upTo, at: beat, owed: 0, onTimeAt: beat });
    await sql`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at, watched_spans, watch_anchor)
      values (${DEMO.member.useruid}, 101, 10121, ${upTo}, ${upTo}, false, '2024-05-01 10:00:00', ${`[[0,${upTo}]]`}, ${anchor})
      on conflict (useruid, contentsid, videoid) do update set watched_sec = excluded.watched_sec, completed = false,
        watched_spans = excluded.watched_spans, watch_anchor = excluded.watch_anchor`.execute(app.server.db);
    // That heartbeat was the member's last of any video (their clock across videos, rules/watchCoverage.ts).
    await sql`insert into watch_clocks (useruid, clock) values (${DEMO.member.useruid}, ${JSON.stringify({ at: beat, owed: 0 })})
      on conflict (useruid) do update set clock = excluded.clock`.execute(app.server.db);
    const token = await memberToken(page);
    const r = await page.request.post('/api/ContLog/UpdateContProgress/', {
      headers: { Authorization: `Bearer ${token}`, 'X-Storefront-Client': 'web/1.0' },
      data: {
        useruid: DEMO.member.useruid,
        contentsid: 101,
        sectionid: 1012,
        videoid: 10121,
        watchedtime: upTo + 18,
        duration,
        reportedat: new Date().toISOString(),
      },
    });
    expect(r.status()).toBe(200);
    expect((await r.json()).datas).toMatchObject({ watchedtime: upTo + 18, iscomplete: true });
    await page.reload();
    await page.getByTestId('lesson').first().waitFor();
    await expect.poll(() => page.getByTestId('completed-count').textContent()).toBe('완료한 영상 3 / 4');
    expect(await page.getByTestId('progress-percent').textContent()).toBe('75%');
    await context.close();
  });

  it('an e-book downloads under its Korean file name and the first download is recorded', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email);
    await page.goto('/myEbook');
    const link = page.getByTestId('material-link').first();
    await link.waitFor();
    const name = (await link.locator('.materials__name').textContent())!;
    expect(name).toMatch(/[가-힣].*\.pdf$/);
    const marked = page.waitForResponse((res) => res.url().includes('/api/Payment/UpdateDownload/'));
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(name);
    const mark = (await (await marked).json()) as { datas: { downloaddate: string | null } };
    expect(mark.datas.downloaddate).not.toBeNull();
    await context.close();
  });

  it('a question is checked, posted and listed, also under 내 질문만', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email);
    await page.goto('/myclassProgress/121');
    const form = page.getByRole('form', { name: '질문하기' });
    await form.waitFor();
    await form.getByRole('button', { name: '질문 등록' }).click();
    expect(await form.getByRole('alert').textContent()).toBe('제목을 입력해주세요.');

    const title = `견갑골 질문 ${Date.now()}`;
    await form.getByLabel('제목').fill(title);
    await form.getByLabel('내용').fill('팔을 올릴 때\n어깨가 들려요.');
    await form.getByRole('button', { name: '질문 등록' }).click();
    expect(await popupText(page)).toBe('질문이 등록되었습니다.');
    await confirmPopup(page);
    const item = page.getByTestId('qna-item').filter({ hasText: title });
    await item.waitFor();
    await page.getByLabel('내 질문만').check();
    await expect.poll(() => page.getByTestId('qna-item').filter({ hasText: title }).count()).toBe(1);
    await item.locator('summary').click();
    expect(await item.textContent()).toContain('어깨가 들려요.');
    expect(await form.getByLabel('제목').inputValue()).toBe('');
    await context.close();
  });

  it('a bookmark set on the class view appears on /myBookmark, and taking it off removes it', async () => {
    const { context, page } = await signedInPage(app.browser, app.server.url, DEMO.member.email);
    await page.goto('/classView/121');
    const toggle = page.locator('.bookmark-toggle');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

    await page.goto('/myBookmark');
    await page.locator('[data-testid="class-card"][data-contentsid="121"]').waitFor();

    await page.goto('/classView/121');
    await expect.poll(() => page.locator('.bookmark-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.locator('.bookmark-toggle').click();
    await expect.poll(() => page.locator('.bookmark-toggle').getAttribute('aria-pressed')).toBe('false');
    await page.goto('/myBookmark');
    await page.getByTestId('class-card').first().waitFor();
    expect(await page.locator('[data-testid="class-card"][data-contentsid="121"]').count()).toBe(0);
    await context.close();
  });
});
