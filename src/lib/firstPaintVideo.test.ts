// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const SRC = '/api/Media/DataGetMedia?path=media%2Flectures%2F121%2F12112.mp4&expires=1&signature=abc';

/** A fresh page with the server-written video (server/http/playerFirstPaint.ts), and the module as it first loads. */
async function pageWithWrittenVideo(src = `${SRC}#t=95`) {
  document.body.innerHTML = `<div id="app"><video id="first-paint-video" src="${src.replace(/&/g, '&amp;')}" preload="auto"></video></div>`;
  vi.resetModules();
  return { written: document.querySelector('video')!, lib: await import('./firstPaintVideo') };
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('the video written into the player’s first paint', () => {
  it('is handed to the stage that plays its source (its start fragment aside), once', async () => {
    const { written, lib } = await pageWithWrittenVideo();
    expect(lib.firstPaintVideo(`${SRC}&other=1`)).toBeUndefined();
    expect(lib.firstPaintVideo(SRC)).toBe(written);
    // A strict-mode second render asks again before anything is mounted: the same element.
    expect(lib.firstPaintVideo(SRC)).toBe(written);
    lib.markTaken(written);
    expect(written.id).toBe('');
    expect(lib.firstPaintVideo(SRC)).toBeUndefined();
    // Taken, it is the stage's: a release leaves it playing.
    lib.releaseUntakenFirstPaintVideo();
    expect(written.getAttribute('src')).toBe(`${SRC}#t=95`);
  });

  it('is still found once the app’s first render has replaced the picture it was in', async () => {
    const { written, lib } = await pageWithWrittenVideo();
    expect(lib.firstPaintVideo(SRC)).toBe(written);
    document.body.innerHTML = '<div id="app"><main></main></div>';
    expect(lib.firstPaintVideo(SRC)).toBe(written);
  });

  it('stops loading when no stage took it', async () => {
    const { written, lib } = await pageWithWrittenVideo();
    const load = vi.spyOn(written, 'load').mockImplementation(() => undefined);
    lib.releaseUntakenFirstPaintVideo();
    expect(written.hasAttribute('src')).toBe(false);
    expect(load).toHaveBeenCalled();
    expect(lib.firstPaintVideo(SRC)).toBeUndefined();
  });

  it('a page without one hands out nothing', async () => {
    vi.resetModules();
    const lib = await import('./firstPaintVideo');
    expect(lib.firstPaintVideo(SRC)).toBeUndefined();
    expect(lib.firstPaintVideoSettled()).toBe(false);
    expect(() => lib.releaseUntakenFirstPaintVideo()).not.toThrow();
  });
});
