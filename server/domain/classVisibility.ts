import { sql } from 'kysely';
import type { Db } from '../db/database';
import { one } from '../db/query';
import { fail } from '../lib/failure';
import { kst } from '../lib/time';

/**
 * Which classes the store shows (issue 38). A class is 초안 `draft`, 예약 `scheduled` (published by the sweep below at
 * `publish_at`), 게시 `published` or 숨김 `hidden`; only a published one is in any visitor's list, search, tag, count or
 * shelf, and its view answers only its buyers otherwise. The catalogue's derived tables (lecture_keys, tag_keys,
 * tag_counts, category_counts) keep published lectures only (migration 030); the few reads of `lectures` itself add
 * `PUBLISHED`. A video removed after a member watched it (`videos.hidden_at`) leaves every list: `VIDEO_LISTED`.
 */
export const CLASS_STATES = ['draft', 'scheduled', 'published', 'hidden'] as const;
export type ClassState = (typeof CLASS_STATES)[number];

/** The test of a `lectures l` row the store shows. */
export const PUBLISHED = sql`l.state = 'published'`;
/** The test of a `videos v` row the curriculum and player list. */
export const VIDEO_LISTED = sql`v.hidden_at is null`;

const NOT_FOUND = '요청하신 강의를 찾을 수 없습니다.';

/**
 * The class view's gate: a class that is not published is 404 unless member `me` bought it (a buyer of a hidden class
 * keeps its page, 내 강의실 and the player). Unknown classes are 404 too.
 */
export async function classViewOr404(db: Db, contentsid: number, me?: string): Promise<void> {
  const row = await one(
    db,
    sql<{ state: string; bought: boolean }>`select l.state,
      exists(select 1 from enrollments e where e.useruid = ${me ?? ''} and e.contentsid = l.contentsid) as bought
    from lectures l where l.contentsid = ${contentsid}`,
  );
  if (!row || (row.state !== 'published' && !(me && row.bought))) fail(404, NOT_FOUND);
}

/**
 * Publishes the scheduled classes whose time has come (KST text, as stored), once: the update takes only rows still
 * `scheduled`, so several instances sweeping together publish each class once. Returns the classes it published.
 */
export async function publishDueClasses(db: Db, now: Date = new Date()): Promise<number[]> {
  const { rows } = await sql<{ contentsid: number }>`update lectures set state = 'published'
    where state = 'scheduled' and publish_at <= ${kst(now)} returning contentsid`.execute(db);
  return rows.map((r) => r.contentsid);
}

/** What the store's cache must drop when classes enter it: their records, and the tag counts (server/openapi/cacheTags.ts). */
export const PUBLICATION_TOUCHES = ['lectures', 'tags'] as const;

/** How often the sweep runs: a scheduled class is in the store within this plus the catalogue cache's bound. */
export const PUBLICATION_SWEEP_MS = 15_000;

export interface PublicationSweep {
  /** One sweep now (tests; the timer calls it too). Resolves with the classes it published. */
  runOnce(): Promise<number[]>;
  /** Stops the timer and waits for a sweep in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `publishDueClasses` every `everyMs`; when it published anything, `invalidate` drops the cached answers here and
 * tells the other instances (the dispatcher's cache, as a write does). A failed sweep is logged and tried again next time.
 */
export function startPublicationSweep(
  db: Db,
  invalidate: (touched: readonly string[]) => Promise<void> | undefined,
  everyMs = PUBLICATION_SWEEP_MS,
  log: Pick<Console, 'error'> = console,
): PublicationSweep {
  let running: Promise<number[]> | undefined;
  let stopped = false;
  const runOnce = () =>
    (running ??= (async () => {
      try {
        const published = await publishDueClasses(db);
        if (published.length) await invalidate(PUBLICATION_TOUCHES);
        return published;
      } finally {
        running = undefined;
      }
    })());
  const timer = setInterval(() => {
    if (!stopped) runOnce().catch((e: Error) => log.error(`[server] scheduled publication failed: ${e.message}`));
  }, everyMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
