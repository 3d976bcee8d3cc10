import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from './database';

/** What a write touched: cache tags (`ratings`, `videos:101`), or `all` when it named nothing. */
export type Touched = readonly string[] | 'all';

export interface WriteBusEvents {
  /** Another instance wrote: drop what read it. */
  written(touched: Touched): void;
  /** Writes may have been missed (the listening connection dropped, or came back): forget everything cached. */
  gap(): void;
}

export interface WriteBus {
  /** Tells every other instance what this one's committed write touched; resolves once the notice is committed. */
  publish(touched: Touched): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'storefront_writes';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: a longer list is sent as `all`. */
const MAX_PAYLOAD = 7_000;
const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * Instances on one PostgreSQL tell each other what their writes touched (LISTEN/NOTIFY), so each drops the catalogue
 * answers it cached from rows another instance changed (issue 27). A notice is sent after the write committed and is
 * delivered only to listeners; an instance ignores its own. Whenever the listening connection is lost, or comes back,
 * the instance cannot know what it missed, so it forgets its whole cache.
 */
export async function openWriteBus(url: string, db: Db, events: WriteBusEvents, log = console): Promise<WriteBus> {
  const me = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const listen = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const notice = JSON.parse(msg.payload) as { from: string; touched: Touched };
        if (notice.from !== me) events.written(notice.touched);
      } catch {
        events.gap();
      }
    });
    const lost = (why: string) => {
      if (client !== c) return;
      client = undefined;
      events.gap();
      if (closed) return;
      log.error(`[server] write notices: listening connection lost (${why}); cache cleared, reconnecting`);
      schedule();
    };
    c.on('error', (e) => lost(e.message));
    c.on('end', () => lost('ended'));
    await c.connect();
    await c.query(`listen ${CHANNEL}`);
    client = c;
    attempt = 0;
    // Whatever was written while no one listened is unknown.
    events.gap();
  };
  const schedule = () => {
    const wait = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]!;
    retry = setTimeout(() => {
      listen().catch((e: Error) => {
        log.error(`[server] write notices: reconnect failed (${e.message})`);
        if (!closed) schedule();
      });
    }, wait);
  };

  await listen();
  return {
    async publish(touched) {
      if (touched !== 'all' && touched.length === 0) return;
      let payload = JSON.stringify({ from: me, touched });
      if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ from: me, touched: 'all' });
      await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(db);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
