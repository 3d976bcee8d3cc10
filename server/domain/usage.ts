import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { EnrollmentRow } from '../db/rows';
import { one } from '../db/query';
import { kst } from '../lib/time';

/**
 * Whether a member has used a class: its first play and the first download of its materials, which a refund
 * depends on (issue 23, finding 8). The server records them itself when it hands the member what plays or
 * downloads: a signed video source (GetVideoSourceUrl) and a handout fetched through the link issued to that
 * member (or with the member's own token). The browser's FirstPlay / UpdateDownload only confirm the record.
 *
 * The first time is kept: a later or repeated record, from the server or the browser, never moves it and
 * nothing clears it, so a member cannot make a used class look unused. Each paid video's first play is kept too
 * (video_plays, issue 42): the refund rule counts the part taken video by video.
 */
export type FirstUse = 'play' | 'download';

const COLUMN = { play: 'first_play_at', download: 'downloaded_at' } as const;

/** Records the first play or download of `contentsid` by `useruid`; the enrolment after it, or undefined when there is none. */
export function recordFirstUse(db: Db, useruid: string, contentsid: number, use: FirstUse): Promise<EnrollmentRow | undefined> {
  const column = sql.ref(COLUMN[use]);
  return one(
    db,
    sql<EnrollmentRow>`update enrollments set ${column} = coalesce(${column}, ${kst()})
      where useruid = ${useruid} and contentsid = ${contentsid} returning *`,
  );
}

/**
 * Records the play of a paid video (never a preview) by the member it is issued to: the class's first play, and the
 * video's own under the order that enrolled them; a later play keeps the first times. Nothing when they are not enrolled.
 */
export async function recordVideoPlay(db: Db, useruid: string, video: { videoid: number; contentsid: number }): Promise<void> {
  await recordFirstUse(db, useruid, video.contentsid, 'play');
  await sql`insert into video_plays (useruid, videoid, contentsid, paymentid, first_played_at)
    select useruid, ${video.videoid}, contentsid, coalesce(paymentid, 0), ${kst()} from enrollments
    where useruid = ${useruid} and contentsid = ${video.contentsid}
    on conflict do nothing`.execute(db);
}
