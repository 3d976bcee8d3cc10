import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The server's one playing place (CheckTabId / ProgressTabRecord) as a record in memory: a claim is recorded when it
 * arrives, each a second later than the one before (regdate to the second), and answered only when the test says so.
 */
const server = vi.hoisted(() => {
  type Tab = { useruid: string; contentsid: number; videoid: number; regdate: string };
  const state = { record: null as Tab | null, second: 0, pending: [] as (() => void)[] };
  return {
    state,
    claim(useruid: string, contentsid: number, videoid: number) {
      state.second += 1;
      const current = { useruid, contentsid, videoid, regdate: `2026-11-28T10:00:${String(state.second).padStart(2, '0')}+09:00` };
      state.record = current;
      return new Promise<{ isduplicate: boolean; previous: null; current: Tab }>((resolve) =>
        state.pending.push(() => resolve({ isduplicate: false, previous: null, current })),
      );
    },
  };
});

vi.mock('../../api/queries/progress', () => ({
  claimPlayingPlace: server.claim,
  readPlayingPlace: async () => server.state.record,
  releasePlayingPlace: async () => undefined,
}));

const { openPlayingPlace } = await import('./playingPlace');

const settle = () => new Promise((r) => setTimeout(r, 0));
/** Answers the newest claim on its way first, as two requests on two connections may be. */
async function answerNewestFirst() {
  await settle();
  while (server.state.pending.length > 0) {
    server.state.pending.pop()!();
    await settle();
  }
}

afterEach(() => {
  server.state.record = null;
  server.state.second = 0;
  server.state.pending = [];
});

describe('the one playing place', () => {
  it('two claims of one tab answered out of order leave the tab holding its place', async () => {
    const displaced = vi.fn();
    const place = openPlayingPlace('u-demo-1', displaced);
    const first = place.claim(121, 12122);
    const second = place.claim(121, 12122);
    await answerNewestFirst();
    await Promise.all([first, second]);
    expect(await place.lostToAnother()).toBe(false);
    expect(displaced).not.toHaveBeenCalled();
    place.close();
  });

  it('a check while this tab claims again does not take its own newer record for another', async () => {
    const displaced = vi.fn();
    const place = openPlayingPlace('u-demo-1', displaced);
    const first = place.claim(121, 12122);
    await answerNewestFirst();
    await first;
    const again = place.claim(121, 12122);
    await settle();
    expect(await place.lostToAnother()).toBe(false);
    await answerNewestFirst();
    await again;
    expect(await place.lostToAnother()).toBe(false);
    expect(displaced).not.toHaveBeenCalled();
    place.close();
  });

  it('another device claiming the place displaces this tab once', async () => {
    const displaced = vi.fn();
    const place = openPlayingPlace('u-demo-1', displaced);
    const mine = place.claim(121, 12122);
    await answerNewestFirst();
    await mine;
    void server.claim('u-demo-1', 121, 12122);
    expect(await place.lostToAnother()).toBe(true);
    expect(await place.lostToAnother()).toBe(false);
    expect(displaced).toHaveBeenCalledTimes(1);
    place.close();
  });
});
