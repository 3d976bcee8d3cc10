import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PlayTabRow, ProgressRow, VideoRow } from '../db/rows';
import { one } from '../db/query';
import { iso, kst } from '../lib/time';
import {
  NO_COVERAGE,
  coveredSeconds,
  isCovered,
  judgeReport,
  reportTime,
  type Coverage,
  type MemberClock,
} from '../../rules/watchCoverage';

/** One heartbeat of a playing video: the second the player was at and, when it says so, when that was. */
export interface Heartbeat {
  position: number;
  /** ISO date-time the player stamped on the report; judged by reportTime, never trusted beyond it. */
  reportedat?: string;
}

const coverageOf = (row: ProgressRow | undefined): Coverage =>
  row ? { spans: JSON.parse(row.watched_spans), anchor: row.watch_anchor ? JSON.parse(row.watch_anchor) : null } : NO_COVERAGE;

/**
 * Both progress writes (UpdateWatchTime, UpdateContProgress) are heartbeats judged by one rule
 * (rules/watchCoverage.ts): the member's spans and anchor for the video move, `watched_sec` is the seconds covered and
 * `completed` turns true at 90 % coverage and never back. `moveResume`: the report is also the resume position
 * (UpdateWatchTime's; a progress write leaves the resume position to it, except on the first row).
 */
export async function recordHeartbeat(
  db: Db,
  me: string,
  video: Pick<VideoRow, 'contentsid' | 'videoid' | 'duration_sec'>,
  beat: Heartbeat,
  moveResume: boolean,
): Promise<ProgressRow> {
  return db.transaction().execute(async (tx) => {
    const key = sql`useruid = ${me} and contentsid = ${video.contentsid} and videoid = ${video.videoid}`;
    // The member's clock across videos (issue 41, hole 2) first, then the video's row: every heartbeat takes the two
    // locks in that order. Locked: reports of two videos judged at once would each spend the same allowance.
    await sql`insert into watch_clocks (useruid) values (${me}) on conflict do nothing`.execute(tx);
    const clock = await one(tx, sql<{ clock: string | null }>`select clock from watch_clocks where useruid = ${me} for update`);
    // Locked: two reports of one video judged at once would each start from the same anchor.
    const row = await one(tx, sql<ProgressRow>`select * from progress where ${key} for update`);
    const now = Date.now();
    const before = coverageOf(row);
    const claimed = beat.reportedat === undefined ? undefined : Date.parse(beat.reportedat);
    // The first report may be dated back to when the server saw this video start playing (CheckTabId on play).
    const tab = before.anchor
      ? undefined
      : await one(tx, sql<PlayTabRow>`select * from play_tabs where useruid = ${me} and videoid = ${video.videoid}`);
    const after = judgeReport(
      before,
      { position: beat.position, at: reportTime(claimed, now, before.anchor, tab ? Date.parse(iso(tab.updated_at)) : undefined) },
      video.duration_sec,
      now,
      clock?.clock ? (JSON.parse(clock.clock) as MemberClock) : null,
    );
    await sql`update watch_clocks set clock = ${JSON.stringify(after.member)} where useruid = ${me}`.execute(tx);
    const covered = Math.floor(coveredSeconds(after.spans, video.duration_sec));
    const completed = (row?.completed ?? false) || isCovered(after.spans, video.duration_sec);
    const position = after.anchor!.position;
    const spans = JSON.stringify(after.spans);
    const anchor = JSON.stringify(after.anchor);
    const at = kst(new Date(now));
    return (await one(
      tx,
      sql<ProgressRow>`insert into progress (useruid, contentsid, videoid, watched_sec, last_position, completed, updated_at,
          watched_spans, watch_anchor)
        values (${me}, ${video.contentsid}, ${video.videoid}, ${covered}, ${position}, ${completed}, ${at}, ${spans}, ${anchor})
        on conflict (useruid, contentsid, videoid) do update set watched_sec = excluded.watched_sec,
          last_position = ${moveResume ? sql`excluded.last_position` : sql`progress.last_position`},
          completed = progress.completed or excluded.completed, updated_at = excluded.updated_at,
          watched_spans = excluded.watched_spans, watch_anchor = excluded.watch_anchor,
          write_seq = nextval('progress_write_seq')
        returning *`,
    ))!;
  });
}
