import type { ProgressWrite, WatchTimeWrite } from '../../api/queries/progress';

/** One watch-time or progress write, as it will be sent. */
export type WatchWrite = { kind: 'watch'; body: WatchTimeWrite } | { kind: 'progress'; body: ProgressWrite };

/** Where the queue lives between visits: IndexedDB in the browser (idb-keyval), a map in tests. */
export interface QueueStore {
  get(): Promise<WatchWrite[] | undefined>;
  set(writes: WatchWrite[]): Promise<void>;
}

/** What sending a write concluded: sent, failed for now (network: keep and retry), or refused for good (drop). */
export type SendResult = 'sent' | 'retry' | 'drop';

/**
 * Every watch-time and progress write goes through this queue, so they reach the server in the order they
 * were made even across a network cut or a closed tab: a write is stored first, then the queue is sent
 * front to back; a failed send stops the run and the write stays for the next one (network back, next visit).
 * Each write is a heartbeat stamped when it was made (issue 23): the server counts the advance between two of them
 * only as far as their time apart allows, so none is merged into another (a seek between two would turn what was
 * watched into a jump). Only a write at the same second as the last queued one of its kind and video replaces it
 * (a paused or stalled video says nothing new but the time); a progress write keeps the completion it replaces.
 */
export function createWatchQueue(store: QueueStore, send: (write: WatchWrite) => Promise<SendResult>) {
  let chain: Promise<unknown> = Promise.resolve();
  // One operation at a time: writes and sends never interleave on the stored list.
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  const enqueue = (write: WatchWrite) =>
    serial(async () => {
      const writes = (await store.get()) ?? [];
      const same = writes.findLastIndex(
        (w) => w.kind === write.kind && w.body.videoid === write.body.videoid && w.body.useruid === write.body.useruid,
      );
      let merged = write;
      if (same >= 0 && writes[same]!.body.watchedtime === write.body.watchedtime) {
        const old = writes.splice(same, 1)[0]!;
        if (old.kind === 'progress' && write.kind === 'progress') {
          merged = { kind: 'progress', body: { ...write.body, iscomplete: Boolean(old.body.iscomplete || write.body.iscomplete) } };
        }
      }
      writes.push(merged);
      await store.set(writes);
    });

  /** Sends what is queued, oldest first; resolves with how many writes are still waiting. */
  const flush = () =>
    serial(async () => {
      let writes = (await store.get()) ?? [];
      while (writes.length > 0) {
        const result = await send(writes[0]!).catch((): SendResult => 'retry');
        if (result === 'retry') break;
        writes = writes.slice(1);
        await store.set(writes);
      }
      return writes.length;
    });

  return { enqueue, flush, pending: () => serial(async () => ((await store.get()) ?? []).length) };
}

