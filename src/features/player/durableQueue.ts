import { createStore, get, set } from 'idb-keyval';
import { isApiError } from '../../api/errors';
import { sendContentProgress, sendWatchTime } from '../../api/queries/progress';
import { productKey } from '../../lib/productKeys';
import { serverClock } from './serverClock';
import { createWatchQueue, type QueueStore, type SendResult, type WatchWrite } from './watchQueue';

const KEY = productKey('watch_queue');

/** IndexedDB through idb-keyval; where IndexedDB is unavailable (some private modes) the queue lasts for the visit. */
function browserStore(): QueueStore {
  let memory: WatchWrite[] = [];
  let idb: ReturnType<typeof createStore> | undefined;
  try {
    idb = createStore(productKey('player'), 'queue');
  } catch {
    idb = undefined;
  }
  return {
    async get() {
      if (!idb) return memory;
      try {
        return await get<WatchWrite[]>(KEY, idb);
      } catch {
        return memory;
      }
    },
    async set(writes) {
      memory = writes;
      if (idb) await set(KEY, writes, idb).catch(() => undefined);
    },
  };
}

/**
 * A refusal that a retry cannot change (another member's record, an unknown video, a bad body) is dropped so it
 * never blocks the writes behind it; no network, a server error or an expired sign-in (401) waits for the next run.
 */
export function resultOf(error: unknown): SendResult {
  const status = isApiError(error) ? error.status : undefined;
  return status !== undefined && status >= 400 && status < 500 && ![401, 408, 429].includes(status) ? 'drop' : 'retry';
}

async function sendWrite(write: WatchWrite): Promise<SendResult> {
  try {
    const sentAt = Date.now();
    const answer = write.kind === 'watch' ? await sendWatchTime(write.body) : await sendContentProgress(write.body);
    serverClock.learn(answer.updatedate, sentAt, Date.now());
    return 'sent';
  } catch (error) {
    return resultOf(error);
  }
}

/** The browser's one queue of watch-time and progress writes. */
export const watchQueue = createWatchQueue(browserStore(), sendWrite);
