import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { FASTEST_RATE, SLACK_SEC } from '../rules/watchCoverage';
import { appUnderTest, DEMO, newPage, pressPlayUnlessPlaying, signedInPage, signInLocal } from './support';
import { formatClock } from '../src/lib/format';

/** Issue 13: the demo member's video player against the real server. Lecture 121 (MP4) and 102 (HLS) are theirs. */
const app = appUnderTest();
const DISPLACED = '다른 탭이나 기기에서 강의 재생을 시작하여 이 화면의 재생을 멈췄습니다.';

/** The demo member in a new context of their browser (signed in once per file: support.ts signedInPage). */
function memberPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  return signedInPage(app.browser, app.server.url, DEMO.member.email, { viewport });
}

const video = (page: Page) => page.locator('.player-stage video');
const state = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => ({
    t: v.currentTime,
    paused: v.paused,
    ended: v.ended,
    duration: v.duration,
    src: v.currentSrc,
  }));

/** Opens the player and waits until the video has its first frame. */
async function openPlayer(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await firstFrame(page);
}

/** Waits until the player's video has its first frame. */
async function firstFrame(page: Page): Promise<void> {
  await video(page).waitFor();
  await page.waitForFunction(
    () => (document.querySelector<HTMLVideoElement>('.player-stage video')?.readyState ?? 0) >= 2,
    null,
    { timeout: 20_000 },
  );
}

/** An init script: marks the server-written video as the parser makes it, to know it again once the app has rendered. */
function markWrittenVideo() {
  new MutationObserver(() => {
    const written = document.getElementById('first-paint-video');
    if (written) (written as HTMLElement & { written?: boolean }).written = true;
  }).observe(document, { childList: true, subtree: true });
}

/** Presses play unless the video already plays, then waits for time to move (says why if it does not). */
async function play(page: Page): Promise<void> {
  await pressPlayUnlessPlaying(page);
  const from = (await state(page)).t;
  try {
    await expect.poll(async () => (await state(page)).t, { timeout: 15_000 }).toBeGreaterThan(from + 0.5);
  } catch (error) {
    // Says why time stood still: paused (and by whom), or playing without data (buffered, network and ready states).
    const seen = await video(page).evaluate((v: HTMLVideoElement) => ({
      t: v.currentTime,
      paused: v.paused,
      readyState: v.readyState,
      networkState: v.networkState,
      buffered: Array.from({ length: v.buffered.length }, (_, i) => [v.buffered.start(i), v.buffered.end(i)]),
      error: v.error?.code,
      notice: document.querySelector('.player-stage')?.textContent?.slice(0, 200),
    }));
    throw new Error(`the video did not play on from ${from}: ${JSON.stringify(seen)}`, { cause: error });
  }
}

async function pause(page: Page): Promise<void> {
  if (!(await state(page)).paused) await page.locator('.player-stage__bar media-play-button').click();
  await expect.poll(async () => (await state(page)).paused).toBe(true);
}

/** The server's record through the member's own token (as the app calls it), from the context's request client. */
async function api<T>(page: Page, path: string, method = 'GET'): Promise<T> {
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'pilates_accessToken')?.value ?? '');
  const r = await page.request.fetch(path, { method, headers: { Authorization: `Bearer ${token}`, 'X-Storefront-Client': 'web/1.0' } });
  return ((await r.json()) as { datas: T }).datas;
}
type WatchTime = { videoid: number; watchedtime: number };

describe('video player', () => {
  it('opens at the stored second of "이어보기" (±2 s), time advances, and the address keeps only the video', async () => {
    const { context, page } = await memberPage();
    const opened = Date.now();
    await openPlayer(page, '/player/121?videoid=12112&t=95');
    // At the stored second (±2 s), or on from it by no more than the real time since the page was asked for: the
    // stage plays as soon as its link is in, and a loaded machine read it 4 s later.
    const at = (await state(page)).t;
    expect(at).toBeGreaterThanOrEqual(93);
    expect(at).toBeLessThanOrEqual(97 + (Date.now() - opened) / 1000);
    await play(page);
    await page.waitForURL((u) => u.search === '?videoid=12112');
    expect(await page.locator('.player-curriculum__item[aria-current="true"]').getAttribute('data-videoid')).toBe('12112');
    expect(await page.locator('.player-bar__back').getAttribute('href')).toBe('/myclassProgress/121');
    await context.close();
  });

  it('after 20 s of playback a reload resumes within 2 s of where it was', async () => {
    const { context, page } = await memberPage();
    await openPlayer(page, '/player/121?videoid=12121&t=30');
    await play(page);
    await page.waitForTimeout(20_000);
    const before = (await state(page)).t;
    expect(before).toBeGreaterThan(45);
    // The reloaded page brings the video, at the member's second (server/http/playerFirstPaint.ts): the stage plays it.
    await page.addInitScript(markWrittenVideo);
    await page.reload();
    await openPlayer(page, page.url());
    expect(Math.abs((await state(page)).t - before)).toBeLessThanOrEqual(2);
    expect(await video(page).evaluate((v) => (v as HTMLElement & { written?: boolean }).written === true)).toBe(true);
    await context.close();
  });

  it('watching a lecture through at 2× completes it: every heartbeat counts, the class progress rises, the next video is offered', async () => {
    // Issue 23: completion is coverage the server counted from heartbeats, so the video is watched, not skipped to
    // its end. 10121 is made a 40-second lesson here (its media follows its catalogue length) to keep this short.
    await sql`update videos set duration_sec = 40 where videoid = 10121`.execute(app.server.db);
    const { context, page } = await memberPage();
    const beats: { position: number; at: number }[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/api/ContLog/UpdateContProgress/')) return;
      const body = r.postDataJSON() as { watchedtime: number; reportedat: string };
      beats.push({ position: body.watchedtime, at: Date.parse(body.reportedat) });
    });
    const progressOf = async () => (await api<{ progress: number }>(page, '/api/Contents/GetOnlineDetail/101/u-demo-1')).progress;
    const before = await progressOf();
    await openPlayer(page, '/player/101?videoid=10121');
    await page.locator('media-playback-rate-menu-button').click();
    await page.locator('media-playback-rate-menu [role="menuitemradio"]', { hasText: '2' }).last().click();
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(FASTEST_RATE);
    if ((await state(page)).t > 0.5) await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 0));
    await play(page);
    await page.locator('.player-overlay--next').waitFor({ timeout: 60_000 });
    expect(await page.locator('.player-overlay--next').textContent()).toContain('다음 강의');
    await expect
      .poll(() => page.locator('.player-curriculum__item[data-videoid="10121"]').getAttribute('data-complete'))
      .toBe('true');
    const list = await api<{ videoid: number; iscomplete: boolean }[]>(page, '/api/Online/GetCompleteList/101/u-demo-1', 'POST');
    expect(list.find((v) => v.videoid === 10121)?.iscomplete).toBe(true);
    expect(await progressOf()).toBeGreaterThan(before);
    // Nothing the player reported was refused: the server counts the whole lesson as watched.
    const { rows } = await sql<{ watched_sec: number }>`select watched_sec from progress where useruid = 'u-demo-1' and videoid = 10121`.execute(
      app.server.db,
    );
    expect(rows[0]!.watched_sec).toBeGreaterThanOrEqual(38);
    // How far an advance went past 2 × the time between its stamps: within the rule's slack (docs/decisions.md).
    const over = beats.slice(1).map((b, i) => b.position - beats[i]!.position - (FASTEST_RATE * (b.at - beats[i]!.at)) / 1000);
    console.log(`[2×] ${beats.length} progress beats; largest advance beyond 2 × elapsed: ${Math.max(...over).toFixed(2)} s`);
    expect(Math.max(...over)).toBeLessThanOrEqual(SLACK_SEC);
    // The countdown then opens the next video.
    await expect
      .poll(() => page.locator('.player-curriculum__item[aria-current="true"]').getAttribute('data-videoid'), { timeout: 15_000 })
      .toBe('10122');
    await context.close();
  }, 150_000);

  it('a second tab starting playback pauses the first with the message; "여기서 계속 보기" takes it back', async () => {
    const { context, page: first } = await memberPage();
    await openPlayer(first, '/player/121?videoid=12122&t=10');
    await play(first);
    const second = await context.newPage();
    await openPlayer(second, '/player/121?videoid=12122&t=10');
    await play(second);
    await first.getByText(DISPLACED).waitFor({ timeout: 5_000 });
    expect((await state(first)).paused).toBe(true);
    await first.getByRole('button', { name: '여기서 계속 보기' }).click();
    await second.getByText(DISPLACED).waitFor({ timeout: 5_000 });
    expect((await state(second)).paused).toBe(true);
    expect((await state(first)).paused).toBe(false);
    await context.close();
  });

  it('another device starting playback pauses this one at its next progress write', async () => {
    const { context, page } = await memberPage();
    await openPlayer(page, '/player/121?videoid=12122&t=10');
    await play(page);
    // The other device signs in itself, as a phone beside the laptop would.
    const device = await newPage(app.browser, app.server.url);
    await signInLocal(device.page, DEMO.member.email);
    await openPlayer(device.page, '/player/101?videoid=10112&t=5');
    await play(device.page);
    await page.getByText(DISPLACED).waitFor({ timeout: 15_000 });
    expect((await state(page)).paused).toBe(true);
    await device.context.close();
    await context.close();
  });

  it('a 60 s network cut loses no watch time: the writes wait and reach the server when it returns', async () => {
    const { context, page } = await memberPage();
    await openPlayer(page, '/player/121?videoid=12111&t=0');
    await play(page);
    // The lesson is buffered ahead, as a real player keeps going on what it already holds.
    await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('.player-stage video')!;
        return v.buffered.length > 0 && v.buffered.end(v.buffered.length - 1) > v.currentTime + 75;
      },
      null,
      { timeout: 20_000 },
    );
    await context.setOffline(true);
    await page.waitForTimeout(60_000);
    await pause(page);
    const stoppedAt = Math.floor((await state(page)).t);
    expect(stoppedAt).toBeGreaterThan(55);
    await context.setOffline(false);
    await expect
      .poll(async () => (await api<WatchTime>(page, '/api/Contents/GetLastWatchTime/u-demo-1')).watchedtime, { timeout: 15_000 })
      .toBe(stoppedAt);
    // The queued heartbeats kept their stamps: the server counts the minute watched offline as watched (issue 23).
    await expect
      .poll(async () => {
        const { rows } = await sql<{ watched_sec: number }>`select watched_sec from progress
          where useruid = 'u-demo-1' and videoid = 12111`.execute(app.server.db);
        return rows[0]?.watched_sec ?? 0;
      })
      .toBeGreaterThanOrEqual(stoppedAt - 2);
    await context.close();
  }, 150_000);

  it('keyboard: space pauses, → jumps 10 s, m mutes; the chosen speed and volume are kept for the next visit', async () => {
    const { context, page } = await memberPage();
    await openPlayer(page, '/player/121?videoid=12122&t=60');
    await play(page);
    await page.locator('.player-bar__lecture').click();
    await page.keyboard.press(' ');
    await expect.poll(async () => (await state(page)).paused).toBe(true);
    const at = (await state(page)).t;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await state(page)).t).toBeGreaterThan(at + 9);
    await page.keyboard.press('m');
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.locator('media-playback-rate-menu-button').click();
    await page.locator('media-playback-rate-menu [role="menuitemradio"]', { hasText: '1.5' }).first().click();
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
    await page.reload();
    await openPlayer(page, page.url());
    expect(await video(page).evaluate((v: HTMLVideoElement) => ({ rate: v.playbackRate, muted: v.muted }))).toEqual({
      rate: 1.5,
      muted: true,
    });
    await context.close();
  });

  it('a failed resume point is said with 다시 시도 while a video opens; the retry reads it and moves there', async () => {
    const { context, page } = await memberPage();
    await page.goto('/main');
    // The member's last position: lecture 121, video 12121 at 80 s.
    await page.evaluate(async () => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('pilates_accessToken='))
          ?.split('=')[1] ?? '',
      );
      await fetch('/api/Video/UpdateWatchTime/', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'X-Storefront-Client': 'web/1.0', 'Content-Type': 'application/json' },
        body: JSON.stringify({ useruid: 'u-demo-1', contentsid: 121, videoid: 12121, watchedtime: 80 }),
      });
    });
    expect((await api<WatchTime>(page, '/api/Contents/GetLastWatchTime/u-demo-1')).videoid).toBe(12121);
    let failing = true;
    await page.route('**/api/Contents/GetLastWatchTime/**', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'text/html', body: 'down' }) : route.fallback(),
    );
    // Into the player from the class's page (바로 수강하기), inside the app: a document load of /player/121 would bring
    // the resume point in the page (server/http/playerFirstPaint.ts), and the app would not ask for it.
    await page.goto('/classView/121');
    await page.getByRole('link', { name: '바로 수강하기' }).click();
    await page.waitForURL('**/player/121**');
    await firstFrame(page);
    const notice = page.locator('.player-resume-failure [role="alert"]');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain('마지막 시청 위치 정보를 불러오지 못했습니다.');
    expect(await page.locator('.player-curriculum__item[aria-current="true"]').getAttribute('data-videoid')).not.toBe('12121');
    failing = false;
    await notice.getByRole('button', { name: '다시 시도' }).click();
    await expect
      .poll(() => page.locator('.player-curriculum__item[aria-current="true"]').getAttribute('data-videoid'), { timeout: 10_000 })
      .toBe('12121');
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.player-stage video')?.readyState ?? 0) >= 1);
    // At the stored second (it plays on from there; a slow machine may read it a few seconds later).
    await expect.poll(async () => (await state(page)).t, { timeout: 10_000 }).toBeGreaterThanOrEqual(79);
    expect((await state(page)).t).toBeLessThan(110);
    expect(await notice.count()).toBe(0);
    await context.close();
  });

  it('the HLS lecture plays through hls.js', async () => {
    const { context, page } = await memberPage();
    const opened = Date.now();
    await openPlayer(page, '/player/102?videoid=10212&t=20');
    await play(page);
    const s = await state(page);
    expect(s.src).toMatch(/^blob:/);
    // From the address's second on, and no further than real time has let it play since the page was asked for (a
    // loaded machine took 6 s from the first frame to this read: a fixed ±3 s window failed there).
    expect(s.t).toBeGreaterThanOrEqual(19.5);
    expect(s.t).toBeLessThanOrEqual(20 + (Date.now() - opened) / 1000);
    await context.close();
  });

  // Issue 26: Korean captions from the captions menu, kept across lectures and reloads; one length format.
  it('captions: 한국어 from the menu shows cue text on the video, and the choice holds on the next lecture after a reload', async () => {
    const { context, page } = await memberPage();
    await openPlayer(page, '/player/121?videoid=12112&t=0');
    // The curriculum and the player's time display give the lesson the same length, to the second.
    const length = await video(page).evaluate((v: HTMLVideoElement) => v.duration);
    const row = page.locator('.player-curriculum__item[data-videoid="12112"]');
    expect(await row.textContent()).toContain(formatClock(length));
    const track = () =>
      video(page).evaluate((v: HTMLVideoElement) => {
        const t = Array.from(v.textTracks).find((x) => x.kind === 'subtitles');
        return { mode: t?.mode, language: t?.language, cue: (t?.activeCues?.[0] as VTTCue | undefined)?.text ?? '' };
      });
    expect((await track()).mode).not.toBe('showing');
    await page.locator('media-captions-menu-button').click();
    await page.locator('media-captions-menu [role="menuitemradio"]', { hasText: '한국어' }).click();
    await play(page);
    await expect.poll(track, { timeout: 10_000 }).toMatchObject({ mode: 'showing', language: 'ko', cue: expect.stringMatching(/[가-힣]/) });
    await page.goto('/player/121?videoid=12121&t=0');
    await openPlayer(page, page.url());
    await expect.poll(track).toMatchObject({ mode: 'showing', language: 'ko' });
    // Off is kept the same way.
    await page.locator('media-captions-menu-button').click();
    await page.locator('media-captions-menu [role="menuitemradio"]', { hasText: '끔' }).click();
    await expect.poll(async () => (await track()).mode).toBe('disabled');
    await page.reload();
    await openPlayer(page, page.url());
    expect((await track()).mode).not.toBe('showing');
    await context.close();
  });

  it('the HLS lecture offers 자동 and its two renditions in the quality menu; choosing 90p shows 90p', async () => {
    const { context, page } = await memberPage();
    await openPlayer(page, '/player/102?videoid=10212&t=0');
    await page.locator('media-rendition-menu-button').click();
    const items = page.locator('media-rendition-menu [role="menuitemradio"]');
    await expect.poll(() => items.allTextContents()).toEqual([expect.stringMatching(/180p/), expect.stringMatching(/90p/), expect.stringMatching(/^자동/)]);
    await items.nth(1).click();
    await play(page);
    await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 15_000 }).toBe(90);
    // An MP4 lecture has no renditions: no quality button.
    await openPlayer(page, '/player/121?videoid=12112&t=0');
    expect(await page.locator('media-rendition-menu-button').isVisible()).toBe(false);
    await context.close();
  });

  // Issue 43's held-out finding: a document load whose video request hung showed a black stage and 0:00 / 0:00 with
  // no word for as long as it hung.
  it('a document load whose video request hangs says so within 5 s, and 다시 시도 plays it', async () => {
    const { context, page } = await memberPage();
    let hang = true;
    await page.route(/DataGetMedia/, (route) => {
      if (hang && !route.request().url().includes('.vtt')) return; // never answered
      return route.continue();
    });
    await page.goto('/player/121?videoid=12112&t=0');
    const notice = page.locator('.player-stage [role="status"]').filter({ hasText: '응답이 늦어지고 있습니다.' });
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain('영상을 아직 받지 못했습니다.');
    hang = false;
    await notice.getByRole('button', { name: '다시 시도' }).click();
    await firstFrame(page);
    await expect.poll(() => notice.count()).toBe(0);
    await context.close();
  });

  it('a document load whose video answers 500 says the video could not be played, with 다시 시도', async () => {
    const { context, page } = await memberPage();
    let broken = true;
    await page.route(/DataGetMedia/, (route) =>
      broken && !route.request().url().includes('.vtt') ? route.fulfill({ status: 500, body: 'upstream failed' }) : route.continue(),
    );
    await page.goto('/player/121?videoid=12112&t=0');
    const alert = page.locator('.player-stage [role="alert"]');
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toContain('영상을 재생하지 못했습니다.');
    broken = false;
    await alert.getByRole('button', { name: '다시 시도' }).click();
    await firstFrame(page);
    await context.close();
  });

  // Issue 42, finding 10: at 390 px the big play button covered the time and the seek bar was 65 px wide between the
  // buttons; a closed menu took 75 px of the stage's height.
  it.each([390, 1280])('at %i px, paused, the seek bar spans the stage and the big play button covers no control', async (width) => {
    const { context, page } = await memberPage({ width, height: 844 });
    await openPlayer(page, '/player/121?videoid=12112&t=0');
    await page.locator('.player-stage__bar media-time-range').waitFor();
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
    await page.locator('media-controller[mediapaused]').waitFor();
    await page.locator('.player-stage').hover();
    const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
    const stage = await box('.player-stage video');
    const seek = await box('.player-stage__bar media-time-range');
    const bigPlay = await box('.player-stage__big-play');
    // 40 % of the stage: 65 px was 17 % of it at 390 px; the wide stage keeps its one row (about half).
    expect(seek.width, JSON.stringify({ seek, stage })).toBeGreaterThanOrEqual(stage.width * 0.4);
    for (const control of ['.player-stage__bar media-time-range', '.player-stage__bar media-time-display', '.player-stage__bar media-play-button']) {
      const b = await box(control);
      const overlaps = bigPlay.x < b.x + b.width && b.x < bigPlay.x + bigPlay.width && bigPlay.y < b.y + b.height && b.y < bigPlay.y + bigPlay.height;
      expect(overlaps, `${control} ${JSON.stringify(b)} under the big play button ${JSON.stringify(bigPlay)}`).toBe(false);
    }
    // Every control inside the stage, none past the phone's edge.
    for (const b of [seek, bigPlay, await box('.player-stage__bar media-fullscreen-button')]) {
      expect(b.x).toBeGreaterThanOrEqual(stage.x - 1);
      expect(b.x + b.width).toBeLessThanOrEqual(stage.x + stage.width + 1);
      expect(b.y + b.height).toBeLessThanOrEqual(stage.y + stage.height + 1);
    }
    await context.close();
  });
});

describe("the player's first paint (issue 26: the first frame before the app's scripts)", () => {
  const ADDRESS = '/player/121?videoid=12112&t=95';
  const stageBox = (page: Page) => page.locator('.player-stage video').boundingBox();

  it.each([390, 1280])('at %i px the written video has its frame with every script held back, in the box where the player then plays that same element', async (width) => {
    const viewport = { width, height: 844 };
    const held = await memberPage(viewport);
    // Scripts that never arrive. The page notes, for each script or preload added to it, whether the written video
    // had its metadata by then and how long after navigation it was added.
    let scriptsAsked = 0;
    await held.page.route(/\.js(\?|$)/, () => void scriptsAsked++);
    await held.page.addInitScript(() => {
      const added: { metadata: boolean; at: number }[] = ((window as { added?: unknown[] }).added = []);
      const append = HTMLHeadElement.prototype.append;
      HTMLHeadElement.prototype.append = function (...nodes) {
        const video = document.querySelector<HTMLVideoElement>('video#first-paint-video');
        added.push({ metadata: (video?.readyState ?? 0) >= 1, at: performance.now() });
        return append.apply(this, nodes);
      };
    });
    await held.page.goto(ADDRESS, { waitUntil: 'commit' });
    await held.page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video#first-paint-video')?.readyState ?? 0) >= 2, null, {
      timeout: 20_000,
    });
    expect(await held.page.locator('video#first-paint-video').evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(95, 0);
    // The scripts were let go (and asked for), each once the video had its metadata or the hold's 1.5 s were up:
    // before that, none shared the line with the video.
    await expect.poll(() => scriptsAsked).toBeGreaterThan(0);
    const added = await held.page.evaluate(() => (window as { added?: { metadata: boolean; at: number }[] }).added!);
    expect(added.length).toBeGreaterThan(1);
    for (const a of added) expect(a.metadata || a.at >= 1500, JSON.stringify(a)).toBe(true);
    const staticBox = await stageBox(held.page);
    await held.context.close();

    const { context, page } = await memberPage();
    await page.setViewportSize(viewport);
    const media: string[] = [];
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('DataGetMedia') && !r.url().includes('.vtt')) media.push(r.url());
      else if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
    });
    await page.addInitScript(markWrittenVideo);
    await openPlayer(page, ADDRESS);
    await page.locator('.player-stage__bar media-play-button').waitFor();
    expect(await page.locator('video').count()).toBe(1);
    expect(await video(page).evaluate((v) => (v as HTMLElement & { written?: boolean }).written === true)).toBe(true);
    expect(await stageBox(page)).toEqual(staticBox);
    await play(page);
    expect((await state(page)).t).toBeGreaterThan(95);
    // One video request: the app did not load the video again. Nor did it ask for what the page brought: the source,
    // the class, its sections and the member's videos (the curriculum shows them).
    expect(new Set(media.map((u) => new URL(u).search)).size).toBe(1);
    expect(await page.locator('.player-curriculum__item').count()).toBeGreaterThan(1);
    expect(calls.filter((c) => /GetVideoSourceUrl|GetOnlineDetail|GetCurriculumSection|GetVideo\//.test(c))).toEqual([]);
    await context.close();
  });
  it("a link to the class opens the member's last watched video, written into the page, at its second", async () => {
    const { context, page } = await memberPage();
    // The member was last at 0:40 of 12121 (what "이어보기" keeps), written as the player writes it, with the member's
    // token (the page may still be blank: the context's request client sends as the app would).
    const token = decodeURIComponent((await context.cookies()).find((c) => c.name === 'pilates_accessToken')!.value);
    const written = await page.request.post('/api/Video/UpdateWatchTime/', {
      headers: { Authorization: `Bearer ${token}`, 'X-Storefront-Client': 'web/1.0' },
      data: { useruid: 'u-demo-1', contentsid: 121, videoid: 12121, watchedtime: 40 },
    });
    expect(written.ok()).toBe(true);
    await page.addInitScript(markWrittenVideo);
    await openPlayer(page, '/player/121');
    expect(await video(page).evaluate((v) => (v as HTMLElement & { written?: boolean }).written === true)).toBe(true);
    expect((await state(page)).t).toBeGreaterThanOrEqual(39);
    expect(await page.locator('.player-curriculum__item[aria-current="true"]').getAttribute('data-videoid')).toBe('12121');
    await page.waitForURL((u) => u.search === '?videoid=12121');
    await context.close();
  });
});
