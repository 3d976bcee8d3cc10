import { describe, expect, it } from 'vitest';
import { createWatchQueue, type QueueStore, type SendResult, type WatchWrite } from './watchQueue';

function memoryStore(): QueueStore & { writes: WatchWrite[] } {
  const store = {
    writes: [] as WatchWrite[],
    get: async () => store.writes,
    set: async (w: WatchWrite[]) => void (store.writes = w),
  };
  return store;
}

const watch = (videoid: number, watchedtime: number): WatchWrite => ({
  kind: 'watch',
  body: { useruid: 'u-demo-1', contentsid: 121, videoid, watchedtime },
});
const progress = (videoid: number, watchedtime: number, iscomplete?: boolean): WatchWrite => ({
  kind: 'progress',
  body: {
    useruid: 'u-demo-1',
    contentsid: 121,
    sectionid: 1211,
    videoid,
    watchedtime,
    duration: 300,
    ...(iscomplete ? { iscomplete } : {}),
  },
});

describe('watch queue', () => {
  it('keeps writes while the network is down and sends them in order when it returns', async () => {
    const store = memoryStore();
    const sent: WatchWrite[] = [];
    let online = false;
    const queue = createWatchQueue(store, async (w) => {
      if (!online) return 'retry';
      sent.push(w);
      return 'sent';
    });
    await queue.enqueue(watch(12111, 10));
    await queue.enqueue(watch(12112, 5));
    expect(await queue.flush()).toBe(2);
    expect(sent).toEqual([]);
    online = true;
    expect(await queue.flush()).toBe(0);
    expect(sent.map((w) => w.body.videoid)).toEqual([12111, 12112]);
    expect(store.writes).toEqual([]);
  });

  it('every heartbeat is kept, in the order it was made: none is merged into a later one', async () => {
    // Issue 23: the server counts the advance between two reports only as far as their time apart allows, so the
    // beats before and after a seek must both arrive (merged, the watching before the seek would look like a jump).
    const store = memoryStore();
    const queue = createWatchQueue(store, async (): Promise<SendResult> => 'retry');
    const beats = [watch(12111, 10), progress(12111, 10), watch(12111, 20), progress(12111, 20), watch(12111, 300), progress(12111, 300)];
    for (const w of beats) await queue.enqueue(w);
    expect(store.writes).toEqual(beats);
  });

  it('a beat at the same second as the last one of its video (paused, stalled) replaces it, after the others', async () => {
    const store = memoryStore();
    const queue = createWatchQueue(store, async (): Promise<SendResult> => 'retry');
    const stamped = (w: WatchWrite, reportedat: string): WatchWrite => ({ ...w, body: { ...w.body, reportedat } }) as WatchWrite;
    await queue.enqueue(stamped(watch(12111, 70), '2026-11-25T10:00:00.000Z'));
    await queue.enqueue(watch(12112, 5));
    await queue.enqueue(stamped(watch(12111, 70), '2026-11-25T10:00:05.000Z'));
    expect(store.writes).toEqual([watch(12112, 5), stamped(watch(12111, 70), '2026-11-25T10:00:05.000Z')]);
  });

  it('a progress write that replaces one at the same second keeps its completion', async () => {
    const store = memoryStore();
    const queue = createWatchQueue(store, async (): Promise<SendResult> => 'retry');
    await queue.enqueue(progress(12111, 290, true));
    await queue.enqueue(progress(12111, 290));
    expect(store.writes).toEqual([{ kind: 'progress', body: { ...progress(12111, 290).body, iscomplete: true } }]);
  });

  it('a write the server refuses for good is dropped so it does not block the ones behind it', async () => {
    const store = memoryStore();
    const sent: number[] = [];
    const queue = createWatchQueue(store, async (w) => {
      if (w.body.videoid === 1) return 'drop';
      sent.push(w.body.videoid);
      return 'sent';
    });
    await queue.enqueue(watch(1, 10));
    await queue.enqueue(watch(12112, 5));
    expect(await queue.flush()).toBe(0);
    expect(sent).toEqual([12112]);
  });

  it('a send that throws counts as "try again later"', async () => {
    const store = memoryStore();
    const queue = createWatchQueue(store, () => Promise.reject(new Error('offline')));
    await queue.enqueue(watch(12111, 10));
    expect(await queue.flush()).toBe(1);
    expect(await queue.pending()).toBe(1);
  });
});
