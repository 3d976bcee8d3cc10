// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstFrame, holdUntilFirstFrame, releaseFirstFrameHold } from './firstFrameHold';

/** Whether the hold has let go within the microtasks of now. */
async function released(): Promise<boolean> {
  let done = false;
  void afterFirstFrame().then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

afterEach(() => {
  releaseFirstFrameHold();
  vi.useRealTimers();
});

describe('downloads held for a video’s first frame', () => {
  it('nothing waits where no player holds', async () => {
    expect(await released()).toBe(true);
  });

  it('a held download goes at the first frame of any video on the page (media events do not bubble)', async () => {
    holdUntilFirstFrame();
    const video = document.body.appendChild(document.createElement('video'));
    expect(await released()).toBe(false);
    video.dispatchEvent(new Event('loadeddata'));
    expect(await released()).toBe(true);
    video.remove();
  });

  it('goes when the video fails, when the player says no frame is coming, and at the latest after the bound', async () => {
    const video = document.body.appendChild(document.createElement('video'));
    holdUntilFirstFrame();
    video.dispatchEvent(new Event('error'));
    expect(await released()).toBe(true);

    holdUntilFirstFrame();
    releaseFirstFrameHold();
    expect(await released()).toBe(true);

    vi.useFakeTimers();
    holdUntilFirstFrame(3_000);
    vi.advanceTimersByTime(2_999);
    expect(await released()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await released()).toBe(true);
    video.remove();
  });
});
